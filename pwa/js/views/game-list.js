// Start screen: the games on this phone, newest first, and "New game". Each game shows its
// teams and score, its rules, when it started, and whether every hand has reached the server.
import { allGames, getMeta } from '../store.js';
import { h, largeType, setLargeType } from '../ui.js';
import { score, sideName, sideCount } from '../game.js';

/** "Straight 42, to 7 marks"; "42 for 250 points" already says its target. */
function rulesLine(game) {
  const name = game.rules.name || game.ruleset;
  const goal = `${game.rules.target} ${game.rules.scoring === 'points' ? 'points' : 'marks'}`;
  return name.includes(String(game.rules.target)) ? name : `${name}, to ${goal}`;
}

/** One game's entry: score line, rules line, then date and sync state apart. */
function entry(game, crewNames) {
  const { state } = score(game);
  const totals = state ? state.totals : Array.from({ length: sideCount(game.rules) }, () => null);
  const teams = totals.map((t, side) =>
    h(
      'span',
      { class: 'team' },
      h('span', { class: 'team-name' }, sideName(game, side)),
      ' ',
      h('strong', { class: 'team-score' }, t === null ? '?' : String(t)),
    ),
  );
  const over = state?.game_over;
  const when = new Date(game.created_at).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const unsynced = game.hands.filter((x) => x.sync !== 'synced').length + (game.created ? 0 : 1);
  const sync = unsynced
    ? h('span', { class: 'sync local' }, `${unsynced} on this phone only`)
    : h('span', { class: 'sync synced' }, 'all sent');
  return h(
    'li',
    {},
    h(
      'a',
      { class: 'btn game', href: `#/g/${game.id}` },
      h('span', { class: 'teams' }, teams),
      h(
        'span',
        { class: 'muted ruleset' },
        `${rulesLine(game)}${over ? ', finished' : ''}`,
        game.crew && crewNames[game.crew.id] ? ` · ${crewNames[game.crew.id]}` : '',
      ),
      h(
        'span',
        { class: 'when-sync' },
        h('span', { class: 'muted when' }, `Started ${when}`),
        sync,
      ),
    ),
  );
}

/** Render the list of games. */
export async function render(main) {
  const games = (await allGames()).sort((a, b) => b.created_at - a.created_at);
  // a crew game names its crew (crews.js keeps them in the meta store)
  const crewNames = Object.fromEntries(((await getMeta('crews')) || []).map((c) => [c.id, c.name]));
  const items = games.map((game) => entry(game, crewNames));
  main.append(
    h('h1', {}, 'Your games'),
    items.length
      ? h('ul', { class: 'list' }, items)
      : h(
          'p',
          { class: 'muted' },
          'No games yet. A new game works without a signal once the app has loaded.',
        ),
    h(
      'div',
      { class: 'actions' },
      h('a', { class: 'btn primary', href: '#/new', id: 'new-game' }, 'New game'),
    ),
    h(
      'p',
      { class: 'row' },
      h('a', { class: 'btn', href: '#/crews', id: 'crews' }, 'Crews and statistics'),
      h('a', { class: 'btn', href: '#/backup', id: 'backup' }, 'Back up or restore'),
    ),
    h('p', {}, h('a', { class: 'btn', href: '#/events', id: 'tournaments' }, 'Run a tournament')),
    largeTypeSwitch(),
  );
}

/** The "Large type" switch: the whole app about 1.3 times larger, kept on this phone. */
function largeTypeSwitch() {
  const input = h('input', {
    type: 'checkbox',
    id: 'large-type',
    checked: largeType(),
    'aria-describedby': 'why-large-type',
    onchange: () => setLargeType(input.checked),
  });
  return h(
    'label',
    { class: 'switch', for: 'large-type' },
    input,
    h('strong', {}, 'Large type'),
    h(
      'span',
      { class: 'why', id: 'why-large-type' },
      'Bigger words and buttons on every screen, kept on this phone.',
    ),
  );
}
