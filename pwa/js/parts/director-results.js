// The director's results (views/event.js): the round robin's table while it runs, then the
// standings, every team's path and the director's records. All read from the server's director
// view `ev` (ranked there, so the screen and the board always agree); nothing is kept here.
import { h } from '../ui.js';
import { clock, matchName, recordWords, sideWords } from '../director.js';

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st. */
function ordinal(n) {
  const tail =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${tail}`;
}

/** The round robin as it stands, while it runs: the board's table in the board's words
 * (ranked by the server, so the two always agree). */
export function roundRobin(ev) {
  const head = ['#', 'Team', 'Won', 'Lost', 'Games'];
  return [
    h('h2', { id: 'round-robin-head' }, 'Round robin'),
    h(
      'table',
      { class: 'round-robin', id: 'round-robin', 'aria-labelledby': 'round-robin-head' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((words) => h('th', { scope: 'col' }, words)),
        ),
      ),
      h(
        'tbody',
        {},
        ev.round_robin.map((r, i) =>
          h(
            'tr',
            { class: r.playing ? 'playing' : '' },
            h('td', {}, String(i + 1)),
            h('th', { scope: 'row' }, sideWords(ev, r.team)),
            h('td', {}, String(r.won)),
            h('td', {}, String(r.lost)),
            h('td', {}, `${r.games_won}–${r.games_lost}`),
          ),
        ),
      ),
    ),
  ];
}

/** The standings and every team's path, then the director's records: the end of the
 * screen while tables play (the tables come first), the top once the event is over. */
export function results(ev) {
  const out = [];
  if (ev.standings) {
    out.push(
      h('h2', {}, 'Standings'),
      h(
        'ol',
        { class: 'standings', id: 'standings' },
        ev.standings.map((s) => {
          const shared = ev.standings.filter((x) => x.place === s.place).length > 1;
          return h(
            'li',
            {},
            h('strong', {}, `${ordinal(s.place)}${shared ? ' (shared)' : ''}`),
            ` ${sideWords(ev, s.team)}`,
          );
        }),
      ),
    );
  }
  const paths = ev.teams
    .filter((t) => (ev.paths[String(t.id)] || []).length)
    .map((t) =>
      h(
        'li',
        {},
        h('strong', {}, t.name),
        ': ',
        ev.paths[String(t.id)]
          .map((step) => {
            const m = ev.matches.find((x) => x.id === step.match);
            const other = step.opponent === 'bye' ? null : sideWords(ev, step.opponent);
            const what = other === null ? 'a bye' : `${step.won ? 'beat' : 'lost to'} ${other}`;
            return `${what} (${matchName(ev, m)}${step.forfeit ? ', forfeit' : ''})`;
          })
          .join(', then '),
      ),
    );
  if (paths.length)
    out.push(
      h(
        'details',
        { class: 'card' },
        h('summary', { class: 'btn' }, 'Every team’s path'),
        h('ul', { id: 'paths' }, paths),
      ),
    );
  if (ev.records?.length)
    out.push(
      h('h2', {}, 'Your records'),
      h(
        'ul',
        { id: 'records' },
        ev.records.map((r) => h('li', {}, `${clock(r.at)}: ${recordWords(ev, r)}`)),
      ),
    );
  return out;
}
