// A crew's ratings on the statistics screen (docs/crews.md "Ratings"): the chosen
// player's rating with its chart over time and career points, then everyone's ratings and the
// partnerships' chances against an average pair. Drawn from GET /api/crews/<id>/ratings; the
// screen reads it (and keeps the last copy for offline) beside the statistics.
import { ratingLine, ratingSection } from '../stat-charts.js';
import { h } from '../ui.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "0.5", "12.3", "-2.6": a rating as the screen shows it (one decimal). */
export const ratingText = (value) => (Math.round(value * 10) / 10).toFixed(1);

/** Where a player stands: "provisional: 2 of 5 games" or "settled after 12 games". */
export function standing(player, provisionalGames) {
  if (!player.games) return 'not rated yet: play a game with four crew players';
  return player.provisional
    ? `provisional: ${player.games} of ${provisionalGames} games`
    : `settled after ${plural(player.games, 'game')}`;
}

/**
 * The ratings' cards for `playerId` (the statistics screen's chosen player): [their rating
 * and its chart, everyone's ratings, partnerships' chances]. `ratings` is the API's answer
 * or null (not read: offline with no copy kept).
 */
export function ratingCards(ratings, playerId) {
  if (!ratings)
    return [
      h(
        'p',
        { class: 'muted', id: 'ratings-none' },
        'Ratings need a signal the first time: they are worked out on the server from every game.',
      ),
    ];
  const player = ratings.players.find((p) => p.id === playerId);
  const cards = [];
  if (player) cards.push(playerRating(ratings, player));
  cards.push(ratingsTable(ratings, playerId), chances(ratings));
  return cards;
}

/** "27 Nov" for "2026-11-27" (a game's day, UTC), in the phone's language. */
const dayText = (day) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

function playerRating(ratings, player) {
  const days = ratings.rated_games.map((g) => dayText(g.day));
  const chart = ratingLine(player.history, player.name, ratings.provisional_games, days);
  const card = ratingSection(h, chart, {
    id: 'rating',
    heading: `${player.name}'s rating`,
  });
  card
    .querySelector('h2')
    .after(
      h('p', { class: 'rating-now', id: 'rating-now' }, ratingText(player.rating)),
      h(
        'p',
        { class: 'muted', id: 'rating-standing' },
        `${standing(player, ratings.provisional_games)} · career points ${player.career}`,
      ),
    );
  return card;
}

function ratingsTable(ratings, playerId) {
  const rows = ratings.players.map((p) =>
    h(
      'tr',
      p.id === playerId ? { 'aria-current': 'true' } : {},
      h('th', { scope: 'row' }, p.name),
      h('td', {}, `${ratingText(p.rating)}${p.provisional ? ' *' : ''}`),
      h('td', {}, String(p.games)),
      h('td', {}, String(p.career)),
    ),
  );
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'ratings-heading' },
    h('h2', { id: 'ratings-heading' }, 'Ratings'),
    h(
      'table',
      { class: 'chart-table', id: 'ratings' },
      h('caption', {}, 'Everyone, highest settled rating first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Player', 'Rating', 'Games', 'Career'].map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h('tbody', {}, rows),
    ),
    h(
      'p',
      { class: 'muted' },
      `* provisional: fewer than ${ratings.provisional_games} rated games. A rated game is a finished game with four crew players; every game counts, whatever the filters above. Career points never go down: 2 for a win, 1 for a tie.`,
    ),
  );
}

function chances(ratings) {
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'chances-heading' },
    h('h2', { id: 'chances-heading' }, 'Partners against an average pair'),
    ratings.partnerships.length
      ? h(
          'table',
          { class: 'chart-table', id: 'chances' },
          h('caption', {}, 'The chance to beat two players of the crew’s average rating'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Partners', 'Chance', 'Games'].map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          h(
            'tbody',
            {},
            ratings.partnerships.map((x) =>
              h(
                'tr',
                {},
                h('th', { scope: 'row' }, x.names.join(' & ')),
                h('td', {}, `${Math.round(100 * x.chance)}%`),
                h('td', {}, String(x.games)),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No partners have finished a rated game together yet.'),
  );
}
