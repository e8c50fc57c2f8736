// The count helper on the hand screen: the side's tricks as one row, and the ruleset's count
// dominoes drawn with their pips, to tap for the side that bid. It adds them with the rules
// engine's countPoints (the twin of rules/count.py, so the sum is the engine's) and says the
// sum in words: "4 tricks and 25 in count: 29". Nel-o needs the tricks taken only.
import { countPoints, RulesError } from '../rules.js';
import { h } from '../ui.js';

const SVG = 'http://www.w3.org/2000/svg';
// where the pips of 0 to 9 sit on a half's 3 x 3 grid (0 top left, 8 bottom right)
const PIPS = [
  [],
  [4],
  [0, 8],
  [0, 4, 8],
  [0, 2, 6, 8],
  [0, 2, 4, 6, 8],
  [0, 2, 3, 5, 6, 8],
  [0, 2, 3, 4, 5, 6, 8],
  [0, 1, 2, 3, 5, 6, 7, 8],
  [0, 1, 2, 3, 4, 5, 6, 7, 8],
];

const svgEl = (tag, attrs) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};

/** A domino drawn lying down, its two halves' pips (no numbers), as SVG. */
export function tileSvg(high, low) {
  const svg = svgEl('svg', { viewBox: '0 0 64 32', class: 'tile', 'aria-hidden': 'true' });
  svg.append(
    svgEl('rect', { x: 1, y: 1, width: 62, height: 30, rx: 5, class: 'tile-body' }),
    svgEl('line', { x1: 32, y1: 5, x2: 32, y2: 27, class: 'tile-line' }),
  );
  [high, low].forEach((n, half) => {
    for (const spot of PIPS[n] || []) {
      const cx = half * 32 + 7 + (spot % 3) * 9;
      const cy = 7 + Math.floor(spot / 3) * 9;
      svg.append(svgEl('circle', { cx, cy, r: 2.8, class: 'pip' }));
    }
  });
  return svg;
}

const tricksWord = (n) => (n === 0 ? 'No trick' : `${n} trick${n === 1 ? '' : 's'}`);

/**
 * The sum in words: "4 tricks and 25 in count: 29", "5 tricks at 2 and 30 in count: 40",
 * "5 tricks: 5" (no count in the ruleset); nel-o: "No trick taken: made".
 */
export function sumWords(rules, tricks, count, points, nello = false) {
  if (nello) return `${tricksWord(tricks)} taken: ${tricks === 0 ? 'made' : 'set'}`;
  const at = rules.trick_value === 1 ? '' : ` at ${rules.trick_value}`;
  if (!rules.count_tiles.length) return `${tricksWord(tricks)}${at}: ${points}`;
  return `${tricksWord(tricks)}${at} and ${count} in count: ${points}`;
}

/**
 * The helper, folded under one tap. `state` ({open, tricks, tiles: indexes of
 * rules.count_tiles}) outlives a redraw; `who` names the side ("Us"); `nello` asks for
 * tricks only; `done(result, words)` gets {points} or {tricks} once the taps add up (null
 * while they do not, with the reason in words).
 */
export function countHelper({ rules, state, who, nello = false, done }) {
  const line = h('p', { class: 'helper-sum', id: 'helper-sum', 'aria-live': 'polite' });
  const body = h('div', { class: 'helper-body' });

  /** Say the sum; after a tap (`tapped`), hand it to `done` too. */
  function tell(tapped) {
    const give = tapped ? done : () => {};
    if (state.tricks === null) {
      line.textContent = nello ? 'How many tricks did the bidder take?' : 'Tap the tricks first.';
      return;
    }
    if (nello) {
      line.textContent = sumWords(rules, state.tricks, 0, 0, true);
      give({ tricks: state.tricks });
      return;
    }
    const tiles = state.tiles.map((i) => rules.count_tiles[i].slice(0, 2));
    const count = state.tiles.reduce((sum, i) => sum + rules.count_tiles[i][2], 0);
    try {
      const points = countPoints(rules, state.tricks, tiles);
      line.textContent = sumWords(rules, state.tricks, count, points);
      give({ points });
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      line.textContent = err.message;
      give(null);
    }
  }

  function draw(tapped = false) {
    // the tapped button is drawn again: keep the focus on it
    const focused = body.contains(document.activeElement) ? document.activeElement : null;
    const again = focused && (focused.dataset.tricks ?? focused.dataset.tileIndex);
    const tricks = Array.from({ length: rules.tricks + 1 }, (_, n) =>
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(state.tricks === n),
          'data-tricks': n,
          'aria-label': `${n} trick${n === 1 ? '' : 's'}`,
          onclick: () => {
            state.tricks = n;
            draw(true);
          },
        },
        String(n),
      ),
    );
    const tiles = nello
      ? []
      : rules.count_tiles.map(([a, b, value], i) =>
          h(
            'button',
            {
              type: 'button',
              class: 'tile-btn',
              'aria-pressed': String(state.tiles.includes(i)),
              'aria-label': `${a}-${b}, ${value}`,
              'data-tile': `${a}-${b}`,
              'data-tile-index': i,
              onclick: () => {
                state.tiles = state.tiles.includes(i)
                  ? state.tiles.filter((t) => t !== i)
                  : [...state.tiles, i];
                draw(true);
              },
            },
            tileSvg(Math.max(a, b), Math.min(a, b)),
          ),
        );
    body.replaceChildren(
      h('p', { class: 'muted helper-step', id: 'helper-tricks' }, `Tricks ${who} took`),
      h('div', { class: 'tricks-row', role: 'group', 'aria-labelledby': 'helper-tricks' }, tricks),
      ...(tiles.length // none in Moon; replaceChildren would write a null as "null"
        ? [
            h('p', { class: 'muted helper-step', id: 'helper-tiles' }, 'Count dominoes in them'),
            h('div', { class: 'tiles', role: 'group', 'aria-labelledby': 'helper-tiles' }, tiles),
          ]
        : []),
      line,
    );
    if (again !== undefined && again !== null) {
      const key = focused.dataset.tricks !== undefined ? 'tricks' : 'tile-index';
      body.querySelector(`[data-${key}="${again}"]`)?.focus();
    }
    tell(tapped);
  }

  const fold = h(
    'details',
    {
      class: 'count-helper',
      id: 'count-helper',
      open: state.open,
      ontoggle: () => {
        state.open = fold.open;
        if (fold.open && !body.childElementCount) draw(); // drawn when first opened
      },
    },
    h('summary', { class: 'btn' }, nello ? 'Count the tricks' : 'Help me count'),
    body,
  );
  if (state.open) draw();
  return fold;
}

/** A fresh helper state (closed, nothing tapped). */
export const helperState = (open = false) => ({ open, tricks: null, tiles: [] });
