// Who shakes first: a button for each seat and "Draw" (the app draws a seat, as a table
// draws dominoes for it, and says who drew). Drawn by the new-game form and by the sheet of
// a game with no hand yet.
import { h } from '../ui.js';

/** A seat drawn at random (crypto's randomness, not Math.random), 0 to players - 1. */
export function drawSeat(players) {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return n % players;
}

/**
 * The seat buttons and "Draw": `names` the seats' names, `chosen` the seat that shakes now,
 * `pick(seat, drawn)` called on a tap (`drawn`: the app drew it).
 */
export function shakerButtons(names, chosen, pick) {
  const seats = names.map((name, seat) =>
    h(
      'button',
      { type: 'button', 'aria-pressed': String(seat === chosen), onclick: () => pick(seat, false) },
      name,
    ),
  );
  const draw = h(
    'button',
    { type: 'button', class: 'draw-shaker', onclick: () => pick(drawSeat(names.length), true) },
    'Draw',
  );
  return h('div', { class: 'grid wide' }, seats, draw);
}

/** The line saying who drew: "Drawn: Left shakes first.", "Drawn: You shake first." */
export const drawnLine = (name) =>
  h(
    'p',
    { class: 'drawn', role: 'status' },
    `Drawn: ${name} ${name === 'You' ? 'shake' : 'shakes'} first.`,
  );
