// A crew's players split into two flights by rating for tonight (docs/crews.md
// "Flights"), as a bridge club splits its members for two events on one night: tick who is
// here (everyone on the list to start), and see the A flight and the B flight, each player
// with their rating. Worked out on the server (GET /api/crews/<id>/flights) from every game
// of the crew: without a signal the screen says so, and reads again when it is back.
import * as api from '../api.js';
import { refreshCrew } from '../crews.js';
import { ratingText } from '../parts/crew-ratings.js';
import { go, h } from '../ui.js';

/** Render the flights screen of crew `id`. */
export async function render(main, id) {
  const crew = await refreshCrew(id);
  if (!crew) {
    go('#/crews');
    return;
  }
  // a name typed at a game and not sent yet is not on the server's list: it cannot be rated
  const players = crew.players.filter((p) => !p.local).sort((x, y) => x.name.localeCompare(y.name));
  const here = new Set(players.map((p) => p.id));
  const count = h('p', { class: 'muted', id: 'flights-count' });
  const note = h('p', { class: 'banner', role: 'alert', id: 'flights-note', hidden: true });
  const flights = h('div', { class: 'stack', id: 'flights' });
  let asked = 0; // the latest read: an older answer arriving late is not drawn
  let left = false;

  const say = (words) => {
    note.textContent = words;
    note.hidden = !words;
  };

  async function read() {
    const mine = ++asked;
    count.textContent = `${here.size} of ${players.length} here tonight`;
    if (here.size === 0) {
      say('');
      flights.replaceChildren(
        h('p', { class: 'muted' }, 'Tick who is here tonight to see the flights.'),
      );
      return;
    }
    const query = new URLSearchParams(
      players.filter((p) => here.has(p.id)).map((p) => ['player', p.id]),
    );
    let res;
    try {
      res = await api.request('GET', `/api/crews/${encodeURIComponent(id)}/flights?${query}`, {
        token: crew.token,
      });
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      res = null;
    }
    if (left || mine !== asked) return;
    if (res === null) {
      flights.replaceChildren();
      return say(
        'No signal: the flights are worked out on the server from the crew’s ratings. They show again when the signal is back.',
      );
    }
    if (res.status !== 200) return say(api.errorMessage(res));
    say('');
    const { a, b, provisional_games: games } = res.body;
    flights.replaceChildren(
      flight('A', a),
      flight('B', b),
      h(
        'p',
        { class: 'muted' },
        `Highest rating first. * provisional: fewer than ${games} rated games (a new player counts as 0).`,
      ),
    );
  }

  const ticks = players.map((p) => {
    const input = h('input', {
      type: 'checkbox',
      id: `here-${p.id}`,
      checked: true,
      onchange: () => {
        if (input.checked) here.add(p.id);
        else here.delete(p.id);
        read();
      },
    });
    return h('label', { class: 'switch', for: `here-${p.id}` }, input, h('strong', {}, p.name));
  });
  const all = (on) => () => {
    for (const box of ticks) box.querySelector('input').checked = on;
    for (const p of players) on ? here.add(p.id) : here.delete(p.id);
    read();
  };

  main.append(
    h('h1', {}, `${crew.name}: flights`),
    h(
      'p',
      { class: 'muted' },
      'Two flights for tonight by rating: the stronger half in A, the rest in B.',
    ),
    h(
      'div',
      { class: 'stack' },
      note,
      players.length
        ? h(
            'fieldset',
            { class: 'card here', id: 'here' },
            h('legend', {}, 'Who is here tonight'),
            count,
            h('div', { class: 'here-list' }, ticks),
            h(
              'div',
              { class: 'actions' },
              h('button', { type: 'button', id: 'here-all', onclick: all(true) }, 'Everyone'),
              h('button', { type: 'button', id: 'here-none', onclick: all(false) }, 'Nobody'),
            ),
          )
        : h(
            'p',
            { class: 'muted', id: 'here' },
            'Nobody on the crew’s list yet: names typed at a new game for this crew join it.',
          ),
      flights,
    ),
    h('p', {}, h('a', { class: 'btn', href: `#/crew/${id}` }, crew.name)),
  );
  if (players.length) await read();
  const back = () => read(); // the signal is back
  window.addEventListener('online', back);
  return () => {
    left = true;
    window.removeEventListener('online', back);
  };
}

/** One flight's card: its players, highest rating first, the provisional ones marked. */
function flight(letter, players) {
  return h(
    'section',
    { class: 'card', id: `flight-${letter.toLowerCase()}` },
    h('h2', {}, `${letter} flight (${players.length})`),
    players.length
      ? h(
          'ol',
          { class: 'flight' },
          players.map((p) =>
            h(
              'li',
              {},
              h('span', {}, p.name),
              h('span', { class: 'rating' }, `${ratingText(p.rating)}${p.provisional ? ' *' : ''}`),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'Nobody yet: tick more players.'),
  );
}
