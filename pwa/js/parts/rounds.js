// Swiss and drawn rounds on the director's phone (docs/tournaments.md "Swiss and
// drawn rounds"): the form's rounds and championship boxes, the round in play with its
// "Start round N" button once the round before is in, and the standings so far in wins and
// opponents' wins (Buchholz), as the server ranks them.
import { h } from '../ui.js';
import { sideWords } from '../director.js';

export const ROUNDS_FORMATS = ['swiss', 'drawn'];

/** The rounds and championship boxes of an event form (ids `${prefix}-rounds`, `-cut`).
 * Returns {el, show(format, ev), body(format)}: `body` is {rounds, advance} to send, or
 * {problem} in words; for the other formats {rounds: null} (and no change to `advance`). */
export function roundsFields(prefix) {
  const box = (id, attrs) =>
    h('input', {
      type: 'number',
      id,
      step: 1,
      inputmode: 'numeric',
      autocomplete: 'off',
      ...attrs,
    });
  const rounds = box(`${prefix}-rounds`, { min: 1, max: 30, value: '4' });
  const cut = box(`${prefix}-cut`, { min: 2, placeholder: 'none' });
  const el = h(
    'div',
    { class: 'rounds-fields', id: `${prefix}-rounds-fields` },
    h('label', { for: rounds.id }, 'Rounds', rounds),
    h('label', { for: cut.id }, 'Teams in a championship after the rounds (empty: none)', cut),
    h(
      'p',
      { class: 'muted' },
      'You start each round once the one before is over. A Swiss plays at most half as many ' +
        'rounds as it has teams.',
    ),
  );
  return {
    el,
    show(format, ev) {
      el.hidden = !ROUNDS_FORMATS.includes(format);
      if (ev && ROUNDS_FORMATS.includes(ev.format)) {
        rounds.value = String(ev.rounds ?? 4);
        cut.value = ev.advance == null ? '' : String(ev.advance);
      }
    },
    body(format) {
      if (!ROUNDS_FORMATS.includes(format)) return { rounds: null };
      const count = Number(rounds.value);
      if (!Number.isInteger(count) || count < 1 || count > 30)
        return { problem: 'The number of rounds is a whole number from 1 to 30.' };
      if (cut.value.trim() === '') return { rounds: count, advance: null };
      const top = Number(cut.value);
      if (!Number.isInteger(top) || top < 2)
        return { problem: 'A championship takes 2 teams or more (leave it empty for none).' };
      return { rounds: count, advance: top };
    },
  };
}

/** The round in play and, once the next round is drawn up, its pairings and the button that
 * starts it: `start(n)` sends the start. Empty for the other formats. */
export function roundHead(ev, start) {
  const round = ev.round;
  if (!round?.title) return [];
  const out = [h('h2', { id: 'round-head' }, round.title)];
  if (round.to_start) {
    const next = round.to_start > ev.rounds ? 'The championship' : `Round ${round.to_start}`;
    const pairs = round.pairings
      .map((id) => ev.matches.find((m) => m.id === id))
      .filter((m) => m?.teams.every((t) => t !== null));
    out.push(
      h(
        'p',
        { class: 'turn', id: 'round-ready' },
        `${next} is drawn up. Its matches go to the tables when you start it.`,
      ),
      h(
        'ul',
        { id: 'round-pairings' },
        pairs.map((m) =>
          h('li', {}, `${sideWords(ev, m.teams[0])} v ${sideWords(ev, m.teams[1])}`),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          id: 'start-round',
          onclick: () => start(round.to_start),
        },
        round.start_words,
      ),
    );
  }
  return out;
}

/** The standings so far: wins, then the wins of the teams played (Buchholz). */
export function roundStandings(ev) {
  const lines = ev.round?.standings || [];
  if (!lines.length) return [];
  return [
    h('h2', { id: 'round-standings-head' }, 'Standings so far'),
    h(
      'p',
      { class: 'muted' },
      'Most wins first; a tie goes to the team whose opponents won more (Buchholz).',
    ),
    h(
      'table',
      { class: 'round-robin', id: 'round-standings', 'aria-labelledby': 'round-standings-head' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['#', 'Team', 'Wins', 'Opponents’ wins'].map((words) => h('th', { scope: 'col' }, words)),
        ),
      ),
      h(
        'tbody',
        {},
        lines.map((s) =>
          h(
            'tr',
            {},
            h('td', {}, String(s.place)),
            h('th', { scope: 'row' }, sideWords(ev, s.team)),
            h('td', {}, String(s.wins)),
            h('td', {}, String(s.buchholz)),
          ),
        ),
      ),
    ),
  ];
}
