// Pictures of a game, drawn on the phone from the local game (so they work offline): the
// score race, hand by hand, as SVG with a text table beside it. The twin of api/pages/charts.py,
// which draws the same race on the share page; both are tested against the same golden
// games (tests/charts/score-race.json). Loaded only with the game-over screen. Pure
// functions: data in, strings and rows out (escaped here), so node can test them.

// The drawing's own coordinates; the SVG scales to the width of the screen.
const WIDTH = 320;
const HEIGHT = 190;
const LEFT = 34;
const RIGHT = 10;
const TOP = 16;
const BOTTOM = 24;
const MAX_TICKS = 6; // horizontal grid lines at most, so labels never crowd at 320 px
const MAX_HAND_LABELS = 8;

/** The smallest of 1, 2, 5, 10, 20, 50... that cuts `span` into at most `most` steps. */
export function tickStep(span, most = MAX_TICKS) {
  for (let step = 1; ; step *= 10) {
    for (const factor of [1, 2, 5]) if (span <= factor * step * most) return factor * step;
  }
}

/**
 * The race a game ran (api/pages/charts.py score_race): every side's total before the first hand
 * and after each hand, the sets (hand number and bidding side), the reshuffled hands, the
 * winner (or null), the target, the unit and the y scale (ticks, lowest first). `results`
 * are rules.js hand results; nothing is scored again, so the cost is one pass.
 */
export function scoreRace(target, scoring, startTotals, results, winner) {
  const series = startTotals.map((total) => [total]);
  const sets = [];
  const reshuffles = [];
  results.forEach((result, index) => {
    result.totals.forEach((total, side) => {
      series[side].push(total);
    });
    if (result.outcome === 'set' && result.bidding_side != null)
      sets.push({ hand: index + 1, side: result.bidding_side });
    else if (result.outcome === 'reshuffle') reshuffles.push(index + 1);
  });
  const values = series.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(target, ...values);
  const step = tickStep(high - low);
  const ticks = [];
  for (let t = Math.floor(low / step) * step; t <= Math.ceil(high / step) * step; t += step)
    ticks.push(t);
  const unit = scoring === 'marks' ? 'marks' : 'points';
  return { target, unit, series, sets, reshuffles, winner: winner ?? null, ticks };
}

/** The table beside the chart: header, then [hand, total per side..., note] per row. */
export function raceRows(race, names) {
  const { series } = race;
  const hands = series[0].length - 1;
  const sets = new Map(race.sets.map((s) => [s.hand, s.side]));
  const reshuffles = new Set(race.reshuffles);
  const start = series.some((line) => line[0]) ? 'Carried over' : 'Start';
  const rows = [[start, ...series.map((line) => String(line[0])), '']];
  for (let hand = 1; hand <= hands; hand += 1) {
    const notes = sets.has(hand) ? [`${names[sets.get(hand)]} set`] : [];
    if (reshuffles.has(hand)) notes.push('all passed, no score');
    if (hand === hands && race.winner !== null) notes.push(`${names[race.winner]} won`);
    rows.push([String(hand), ...series.map((line) => String(line[hand])), notes.join('; ')]);
  }
  return { head: ['Hand', ...names, 'Note'], rows };
}

/** The chart's accessible name: the final score, the winner, the target, the sets. */
export function raceSummary(race, names) {
  const { series } = race;
  const hands = series[0].length - 1;
  const score = series.map((line, side) => `${names[side]} ${line.at(-1)}`).join(', ');
  const words = [`Score race: ${score} after ${hands} hand${hands === 1 ? '' : 's'}.`];
  if (race.winner !== null) words.push(`${names[race.winner]} won.`);
  words.push(`${race.target} ${race.unit} to win.`);
  if (race.sets.length) {
    const listed = race.sets.map((s) => s.hand).join(', ');
    words.push(`Set in hand${race.sets.length === 1 ? '' : 's'} ${listed}.`);
  }
  return words.join(' ');
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Text made safe inside markup (names are the players' own). */
export const escapeText = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A coordinate with one decimal, without a trailing ".0" (api/pages/charts.py: _fmt). */
export function fmt(number) {
  const text = number.toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/**
 * The chart as an SVG string (api/pages/charts.py race_svg): grid and scale, the target line, one
 * line per side (the winner's thicker), a cross where the bidders were set, hand numbers.
 * Colours come from classes in app.css, so dark mode follows the phone.
 */
export function raceSvg(race, names, idPrefix = 'race') {
  const { ticks, series } = race;
  const hands = Math.max(1, series[0].length - 1);
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const low = ticks[0];
  const high = ticks.at(-1);
  const x = (i) => LEFT + (i * plotW) / hands;
  const y = (v) => TOP + ((high - v) * plotH) / (high - low);
  const title = `${idPrefix}-title`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="race-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${title}"><title id="${title}">${escapeText(raceSummary(race, names))}</title>`,
  ];
  for (const tick of ticks) {
    out.push(
      `<line class="gridline" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fmt(y(tick))}" y2="${fmt(y(tick))}"/><text class="tick" x="${LEFT - 4}" y="${fmt(y(tick) + 4)}" text-anchor="end">${tick}</text>`,
    );
  }
  const every = tickStep(hands, MAX_HAND_LABELS); // hand 5, 10, 15... in a long game
  for (let hand = every; hand < series[0].length; hand += every) {
    out.push(
      `<text class="tick" x="${fmt(x(hand))}" y="${HEIGHT - 8}" text-anchor="middle">${hand}</text>`,
    );
  }
  const targetY = fmt(y(race.target));
  out.push(
    `<line class="goal" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${targetY}" y2="${targetY}"/>`,
  );
  series.forEach((line, side) => {
    const points = line.map((v, i) => `${fmt(x(i))},${fmt(y(v))}`).join(' ');
    const won = side === race.winner ? ' won' : '';
    out.push(`<polyline class="race-line s${side}${won}" data-side="${side}" points="${points}"/>`);
  });
  for (const mark of race.sets) {
    const cx = x(mark.hand);
    const cy = y(series[mark.side][mark.hand]);
    out.push(
      `<path class="set-mark s${mark.side}" data-hand="${mark.hand}" d="M${fmt(cx - 4)} ${fmt(cy - 4)}l8 8m0 -8l-8 8"/>`,
    );
  }
  // the target's words last, on top of the lines (its halo keeps it readable: app.css)
  out.push(
    `<text class="goal-label" x="${WIDTH - RIGHT}" y="${fmt(y(race.target) - 4)}" text-anchor="end">${race.target} to win</text></svg>`,
  );
  return out.join('');
}

/** One entry per side for the legend: side, name, final total, won. */
export const raceLegend = (race, names) =>
  race.series.map((line, side) => ({
    side,
    name: names[side],
    total: line.at(-1),
    won: side === race.winner,
  }));

/** Markup (made here, names escaped) as a DOM node: no innerHTML, the CSP holds. */
export function svgNode(markup) {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  return document.importNode(doc.documentElement, true);
}

/** A legend's small picture of a line or mark (decorative: the words say it). */
export const keySwatch = (inner) =>
  svgNode(
    `<svg xmlns="http://www.w3.org/2000/svg" class="key" viewBox="0 0 28 10" aria-hidden="true">${inner}</svg>`,
  );

/**
 * A chart as a card: heading, the SVG with its legend (list items, may be empty), and its
 * table in a <details> with a caption ("give each chart a text table beside it").
 * `table` is {head, rows}; each row's first cell heads the row. `h` is ui.js's builder.
 */
export function chartSection(h, { id, kind, heading, svg, legend, caption, table }) {
  return h(
    'section',
    { class: `card chart ${kind}`, 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, heading),
    h(
      'figure',
      {},
      svgNode(svg),
      legend.length ? h('figcaption', {}, h('ul', { class: 'legend' }, legend)) : null,
    ),
    h(
      'details',
      {},
      h('summary', { class: 'btn' }, `${heading} as a table`),
      h(
        'table',
        { class: 'chart-table' },
        h('caption', {}, caption),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            table.head.map((cell) => h('th', { scope: 'col' }, cell)),
          ),
        ),
        h(
          'tbody',
          {},
          table.rows.map(([first, ...cells]) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, first),
              cells.map((cell) => h('td', {}, cell)),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * The game-over screen's race: heading, the chart with its legend, and the table in a
 * <details> (the same pieces as the share page, share.html). `names` are the sides' names.
 */
export function raceSection(h, race, names) {
  const legend = raceLegend(race, names).map((s) =>
    h(
      'li',
      {},
      keySwatch(
        `<line class="race-line s${s.side}${s.won ? ' won' : ''}" x1="1" y1="5" x2="27" y2="5"/>`,
      ),
      ` ${s.name}: ${s.total}${s.won ? ' (won)' : ''}`,
    ),
  );
  if (race.sets.length)
    legend.push(
      h('li', {}, keySwatch('<path class="set-mark" d="M10 1l8 8m0 -8l-8 8"/>'), ' bidders set'),
    );
  return chartSection(h, {
    id: 'race',
    kind: 'race',
    heading: 'Score race',
    svg: raceSvg(race, names),
    legend,
    caption: `Score after each hand (${race.unit})`,
    table: raceRows(race, names),
  });
}
