// The seats round the table as buttons or links (you at the bottom; places never move), with
// the all-pass choice: the score sheet's "who won the bid?" and the hand screen's bidder.
// The sheet's all-pass tap is remembered here for the hand screen it opens.
import { h } from '../ui.js';
import { seatName, sideName, seatsOf, tableRows } from '../game.js';

let starting = null; // {id, mode}: the sheet's "everyone passed" tap, read by the next hand

/** Remember that the next hand of game `id` starts as an all pass ('pass' or 'forced'). */
export function startAllPass(id, mode) {
  starting = { id, mode };
}

/** The all-pass mode remembered for game `id` ('pass', 'forced' or null), forgotten once read. */
export function takeAllPass(id) {
  const mode = starting && starting.id === id ? starting.mode : null;
  starting = null;
  return mode;
}

/**
 * The seats where they sit (you at the bottom; places never move), each with its team and who
 * bids first and who shakes. `link(seat)` gives an href, else `pick(seat)` is called on a tap.
 * `pass` adds the all-pass choice: {mode: 'pass' | 'forced', pressed, link?, pick?}.
 */
export function seatGrid(
  game,
  dealer,
  { pressed = () => false, link = null, pick = null, pass = null },
) {
  const r = game.rules;
  const [far, near] = tableRows(r);
  const cols = Math.max(3, far.length);
  const first = (dealer + 1) % r.players;
  const place = (el, row, col, span = 1) => {
    el.style.gridRow = String(row);
    el.style.gridColumn = `${col} / span ${span}`;
    return el;
  };
  const button = (attrs, children, on, onTap) =>
    link
      ? h('a', { ...attrs, href: on, onclick: onTap }, children)
      : h(
          'button',
          { type: 'button', ...attrs, 'aria-pressed': String(Boolean(on)), onclick: onTap },
          children,
        );
  const cell = (seat) => {
    const side = r.sides[seat];
    const team = seatsOf(r, side).length > 1 ? sideName(game, side) : '';
    const tags = [team, seat === first ? 'bids first' : '', seat === dealer ? 'shakes' : ''];
    return button(
      { class: `btn seat s${side}${seat === first ? ' first' : ''}`, 'data-seat': seat },
      [
        h('span', { class: 'seat-name' }, seatName(game, seat)),
        h('span', { class: 'seat-tag' }, tags.filter(Boolean).join(' · ')),
      ],
      link ? link(seat) : pressed(seat),
      link ? null : () => pick(seat),
    );
  };
  const grid = h('div', {
    class: 'table-seats',
    role: 'group',
    'aria-label': 'Seats round the table',
  });
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  const farStart = Math.floor((cols - far.length) / 2) + 1;
  far.forEach((seat, i) => {
    grid.append(place(cell(seat), 1, farStart + i));
  });
  const nearRow = far.length ? 2 : 1;
  near.forEach((seat, i) => {
    grid.append(place(cell(seat), nearRow, Math.floor((cols - 3) / 2) + 1 + i));
  });
  if (pass) {
    const label = ['All passed', pass.mode === 'forced' ? 'dealer forced' : 'reshuffle'];
    const el = button(
      { class: 'btn seat pass', 'data-seat': pass.mode },
      label.map((t, i) => h('span', { class: i ? 'seat-tag' : 'seat-name' }, t)),
      pass.link || pass.pressed,
      pass.link ? pass.pick : () => pass.pick(),
    );
    const free = far.length > 0 && far.length + farStart - 1 < cols;
    grid.append(free ? place(el, 1, cols) : place(el, nearRow + 1, 1, cols));
  }
  return grid;
}
