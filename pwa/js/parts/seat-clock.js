// Calling a table (docs/tournaments.md "Calling tables"): the countdown from a match's call to
// its time to sit down (`seat_by`, the call plus the event's no-show minutes), counted on this
// phone from the server's clock (the read's `now`), and the table's "We're seated" card. Drawn
// by the table's screen (views/table-phone.js); the director's prompt (no-show-prompt.js)
// counts with the same clock.
import { h } from '../ui.js';

/** The server's clock less this phone's, in ms, from a read's `now` (0 without one). */
export function skewOf(nowIso) {
  const at = Date.parse(nowIso || '');
  return Number.isNaN(at) ? 0 : at - Date.now();
}

/** Whole seconds left until `seatBy` (ISO) on the server's clock. */
export const secondsLeft = (seatBy, skew) =>
  Math.ceil((Date.parse(seatBy) - Date.now() - skew) / 1000);

/** Call `update()` now and each second after, until `el`, once on screen, leaves it (a
 * redraw replaced it), or if it is never put on screen (a redraw given up). */
export function everySecond(el, update) {
  update();
  let seen = false;
  let unseen = 0;
  const timer = setInterval(() => {
    if (el.isConnected) seen = true;
    else if (seen || ++unseen > 10) return clearInterval(timer);
    update();
  }, 1000);
}

/** "Sit down within 4 minutes", "… 45 seconds"; "Time is up" once it has run out. */
export function sitWords(left) {
  if (left <= 0) return 'Time is up: the director may record a no-show.';
  if (left < 60) return `Sit down within ${left} second${left === 1 ? '' : 's'}`;
  const minutes = Math.ceil(left / 60);
  return `Sit down within ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The "We're seated" card of the table's read, or null once the table is seated (or the
 * match decided). `seated(here)` sends it: here null for both teams, else the team's id. */
export function seatCard(read, seated) {
  const t = read.match;
  const m = t?.bracket_match;
  if (!m || read.waiting || m.seated || m.status !== 'playing') return null;
  const names = t.teams.map((team) => team.name);
  const came = t.teams.findIndex((team) => team.id === m.here);
  const parts = [];
  if (m.seat_by) {
    const skew = skewOf(read.now);
    const words = h('p', { class: 'sign-words', id: 'seat-clock', role: 'timer' });
    everySecond(words, () => {
      const said = sitWords(secondsLeft(m.seat_by, skew));
      if (words.textContent !== said) words.textContent = said;
    });
    parts.push(words);
  } else parts.push(h('p', { class: 'sign-words', id: 'seat-clock' }, 'Sit down at the table'));
  if (came >= 0)
    parts.push(
      h(
        'p',
        { class: 'banner', id: 'seat-here' },
        `${names[came]} are here; ${names[1 - came]} are not yet.`,
      ),
    );
  parts.push(
    h(
      'button',
      { type: 'button', class: 'primary seat-big', id: 'seated', onclick: () => seated(null) },
      came >= 0 ? `${names[1 - came]} are here too: we're seated` : "We're seated",
    ),
  );
  if (came < 0)
    parts.push(
      h(
        'details',
        { class: 'more', id: 'seat-one' },
        h('summary', { class: 'btn' }, "We're here, they're not"),
        h(
          'div',
          { class: 'stack' },
          t.teams.map((team, i) =>
            h(
              'button',
              { type: 'button', id: `seat-here-${i}`, onclick: () => seated(team.id) },
              `We are ${team.name}`,
            ),
          ),
        ),
      ),
    );
  return h(
    'section',
    { class: 'card stack seat-card', id: 'seat-card', 'aria-labelledby': 'seat-h' },
    h('h2', { id: 'seat-h' }, 'Your match is called'),
    ...parts,
  );
}
