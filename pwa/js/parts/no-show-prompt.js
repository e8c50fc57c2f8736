// Time's up (docs/tournaments.md "Calling tables"): once a called table's time to sit down has
// run out and it has not said "We're seated", the director's phone asks, with one tap, "Owls
// have not sat down at table 3. Record a no-show?" naming the team the table said is missing
// (or both teams, for the director to pick). The clock decides nothing: the tap records the
// no-show the usual way (POST .../forfeit, reason no-show); "Not now" puts the ask away.
// Drawn by the director's screen (views/event.js); it counts on the server's clock by itself.
import { h, toast } from '../ui.js';
import { clock, sideWords } from '../director.js';
import { everySecond, secondsLeft, skewOf } from './seat-clock.js';

const putAway = new Set(); // match ids the director answered "Not now" on this screen

/** One ask: the missing team's (or both teams') no-show button, and "Not now". */
function ask(ev, m, record, redraw) {
  const teams = m.teams.filter((t) => typeof t === 'number');
  const missing = m.here != null ? teams.filter((t) => t !== m.here) : teams;
  const who = missing.map((t) => sideWords(ev, t));
  const words =
    missing.length === 1
      ? `${who[0]} have not sat down at table ${m.table}. Record a no-show?`
      : `Table ${m.table} has not said it is seated (${who.join(' v ')}). Record a no-show?`;
  return h(
    'div',
    { class: 'stack', 'data-match': m.id },
    h('strong', {}, words),
    missing.map((t) =>
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          id: `no-show-${m.id}-${t}`,
          onclick: () => record(m, t),
        },
        missing.length === 1
          ? `Record a no-show for ${sideWords(ev, t)}`
          : `${sideWords(ev, t)} did not come`,
      ),
    ),
    h(
      'button',
      {
        type: 'button',
        id: `no-show-later-${m.id}`,
        onclick: () => {
          putAway.add(m.id);
          redraw();
        },
      },
      'Not now',
    ),
  );
}

/** The director's time's-up asks for `ev` (the director view): an element that shows them as
 * each table's time runs out. `act` is the screen's action (method, path, body, done). */
export function noShowPrompt(ev, act) {
  const record = (m, team) =>
    act('POST', `/api/events/${ev.id}/matches/${m.id}/forfeit`, { team, reason: 'no-show' }, () =>
      toast(`${sideWords(ev, team)}: no-show at ${clock(new Date().toISOString())}`),
    );
  const box = h('div', {
    class: 'banner calls stack',
    id: 'no-show-ask',
    role: 'alert',
    hidden: true,
  });
  const skew = skewOf(ev.now);
  let shown = '';
  const redraw = () => {
    const due = (ev.matches || []).filter(
      (m) =>
        m.status === 'playing' &&
        m.seat_by &&
        !m.seated &&
        !putAway.has(m.id) &&
        secondsLeft(m.seat_by, skew) < 0, // a team is out only when MORE than the wait late
    );
    const key = due.map((m) => m.id).join();
    if (key === shown) return;
    shown = key;
    box.replaceChildren(
      ...due.map((m) =>
        ask(ev, m, record, () => {
          shown = null;
          redraw();
        }),
      ),
    );
    box.hidden = !due.length;
  };
  everySecond(box, redraw);
  return box;
}
