// Pictures of a crew's statistics: a player's made % by bid level, and head to
// head between two partnerships; and a player's rating over time. Pure functions
// from the crew statistics and ratings API's shapes (GET /api/crews/<id>/stats: a line's
// `by_level`, a `head_to_head` entry; GET .../ratings: a player's `history`) to an SVG string
// and a table; chartSection (charts.js) puts them on screen. Only the phone draws these:
// statistics cover a crew's games on the server, so they are read (and shown) online, and
// no server-rendered page shows them.
import { chartSection, escapeText, fmt, keySwatch, tickStep } from './charts.js';

/** The bid levels in the statistics, in order: key, a player's words, the bar's short label. */
export const LEVELS = [
  ['30-34', '30 to 34', '30–34'],
  ['35-41', '35 to 41', '35–41'],
  ['1 mark', '1 mark', '1 mark'],
  ['2+ marks', '2 marks or more', '2+ marks'],
];

const WIDTH = 320;
const ROW = 30; // one bar's height with its gap
const LABEL_W = 74; // the level's words, right-aligned before the bar
const VALUE_W = 70; // "100% · 12/12" after the track
const TRACK_W = WIDTH - LABEL_W - VALUE_W - 8;

/** made of bids as a whole percentage ("75%"), or null when there were no bids. */
export const percent = (made, bids) => (bids ? `${Math.round((100 * made) / bids)}%` : null);

/**
 * A player's (or partnership's) made % by bid level as horizontal bars: one per level, the
 * bar's length the share of bids made, its words the percentage and the counts. Returns
 * {svg, table, summary}; `who` names the player in the accessible name and the caption.
 */
export function madeByLevel(byLevel, who, idPrefix = 'levels') {
  const rows = LEVELS.map(([key, words, label]) => {
    const { bids = 0, made = 0 } = byLevel[key] ?? {};
    return { words, label, bids, made, pct: percent(made, bids) };
  });
  const height = rows.length * ROW + 4;
  const title = `${idPrefix}-title`;
  const summary = `${who}, bids made by level: ${rows
    .map((r) => `${r.words}, ${r.pct ? `${r.made} of ${r.bids} (${r.pct})` : 'no bids'}`)
    .join('; ')}.`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="bar-chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${title}"><title id="${title}">${escapeText(summary)}</title>`,
  ];
  rows.forEach((r, i) => {
    const top = i * ROW + 4;
    const width = r.bids ? (TRACK_W * r.made) / r.bids : 0;
    out.push(
      `<text x="${LABEL_W - 6}" y="${top + 16}" text-anchor="end">${r.label}</text>`,
      `<rect class="track" x="${LABEL_W}" y="${top + 2}" width="${TRACK_W}" height="20" rx="3"/>`,
      `<rect class="bar" data-bids="${r.bids}" x="${LABEL_W}" y="${top + 2}" width="${width.toFixed(1)}" height="20" rx="3"/>`,
      `<text class="value" x="${WIDTH}" y="${top + 16}" text-anchor="end">${r.pct ? `${r.pct} · ${r.made}/${r.bids}` : 'no bids'}</text>`,
    );
  });
  out.push('</svg>');
  return {
    svg: out.join(''),
    summary,
    caption: `${who}: bids made by level`,
    legend: [],
    table: {
      head: ['Bid', 'Bids', 'Made', 'Made %'],
      rows: rows.map((r) => [r.words, String(r.bids), String(r.made), r.pct ?? '–']),
    },
  };
}

/**
 * Head to head between two partnerships (a crew statistics `head_to_head` entry): one bar
 * split into the first side's wins, the ties and the second side's wins, names and counts
 * above it. Returns {svg, table, summary}.
 */
export function headToHead(record, idPrefix = 'h2h') {
  const a = record.a_names.join(' & ');
  const b = record.b_names.join(' & ');
  const { games, a_wins: aWins, b_wins: bWins, ties } = record;
  const title = `${idPrefix}-title`;
  const tied = ties ? `, ${ties} tied` : '';
  const summary = games
    ? `Head to head, ${games} game${games === 1 ? '' : 's'}: ${a} won ${aWins}, ${b} won ${bWins}${tied}.`
    : `Head to head: ${a} and ${b} have not finished a game against each other.`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="bar-chart h2h" viewBox="0 0 ${WIDTH} 60" role="img" aria-labelledby="${title}"><title id="${title}">${escapeText(summary)}</title>`,
    `<text x="0" y="14">${aWins}</text><text x="${WIDTH}" y="14" text-anchor="end">${bWins}</text>`,
  ];
  if (games) {
    let x = 0;
    for (const [kind, count] of [
      ['s0', aWins],
      ['tie', ties],
      ['s1', bWins],
    ]) {
      const width = (WIDTH * count) / games;
      if (count)
        out.push(
          `<rect class="part ${kind}" data-count="${count}" x="${x.toFixed(1)}" y="22" width="${width.toFixed(1)}" height="22"/>`,
        );
      x += width;
    }
    if (ties) out.push(`<text x="${WIDTH / 2}" y="58" text-anchor="middle">${ties} tied</text>`);
  } else {
    out.push(`<rect class="track" x="0" y="22" width="${WIDTH}" height="22"/>`);
  }
  out.push('</svg>');
  return {
    svg: out.join(''),
    summary,
    caption: `Head to head: ${a} against ${b}`,
    legend: [
      ['s0', `${a}: ${aWins} won`],
      ['tie', `tied: ${ties}`],
      ['s1', `${b}: ${bWins} won`],
    ],
    table: {
      head: ['Result', 'Games'],
      rows: [
        [`${a} won`, String(aWins)],
        [`${b} won`, String(bWins)],
        ['Tied', String(ties)],
        ['Played', String(games)],
      ],
    },
  };
}

/**
 * A statistics chart (madeByLevel or headToHead) as a card on screen, with its legend and
 * its table (charts.js chartSection). `h` is ui.js's element builder.
 */
export function statSection(h, chart, { id, heading }) {
  const legend = chart.legend.map(([kind, words]) =>
    h(
      'li',
      {},
      keySwatch(`<rect class="part ${kind}" x="1" y="1" width="26" height="8"/>`),
      ` ${words}`,
    ),
  );
  return chartSection(h, { ...chart, id, kind: 'stat', heading, legend });
}

const LINE_H = 170; // the rating chart's drawing height
const LINE_LEFT = 34;
const LINE_PAD = 14; // above the line and below it (the game numbers)

/**
 * A player's rating over time (GET /api/crews/<id>/ratings: a player's `history`, each point
 * {game, rating} after one of their rated games), from a new player's 0 at the left. The
 * first `provisional` games are drawn dashed: the rating is still finding its level there.
 * `days` are the crew's rated games' days (rated_games[].day), for the table. Returns
 * {svg, table, summary, caption, legend}.
 */
export function ratingLine(history, who, provisional, days = [], idPrefix = 'rating') {
  const values = [0, ...history.map((p) => p.rating)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const step = tickStep(Math.max(high - low, 1), 5);
  const bottom = Math.floor(low / step) * step;
  const top = Math.ceil(high / step) * step || step;
  const plotW = WIDTH - LINE_LEFT - 8;
  const plotH = LINE_H - 2 * LINE_PAD - 8;
  const x = (i) => LINE_LEFT + (i * plotW) / Math.max(history.length, 1);
  const y = (v) => LINE_PAD + ((top - v) * plotH) / (top - bottom || 1);
  const title = `${idPrefix}-title`;
  const last = history.at(-1)?.rating ?? 0;
  const games = history.length;
  const summary = games
    ? `${who}'s rating over ${games} rated game${games === 1 ? '' : 's'}: from 0 to ${last}, lowest ${low}, highest ${high}.`
    : `${who} has no rated game yet: the rating starts at 0.`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="race-chart rating-chart" viewBox="0 0 ${WIDTH} ${LINE_H}" role="img" aria-labelledby="${title}"><title id="${title}">${escapeText(summary)}</title>`,
  ];
  for (let tick = bottom; tick <= top + step / 2; tick += step) {
    const ty = fmt(y(tick));
    out.push(
      `<line class="gridline" x1="${LINE_LEFT}" x2="${WIDTH - 8}" y1="${ty}" y2="${ty}"/><text class="tick" x="${LINE_LEFT - 4}" y="${fmt(y(tick) + 4)}" text-anchor="end">${fmt(tick)}</text>`,
    );
  }
  const every = tickStep(Math.max(games, 1), 6);
  for (let i = every; i <= games; i += every)
    out.push(
      `<text class="tick" x="${fmt(x(i))}" y="${LINE_H - 4}" text-anchor="middle">${i}</text>`,
    );
  const points = values.map((v, i) => `${fmt(x(i))},${fmt(y(v))}`);
  const settledFrom = Math.min(provisional, games);
  out.push(
    `<polyline class="rating-line provisional" points="${points.slice(0, settledFrom + 1).join(' ')}"/>`,
  );
  if (games > provisional)
    out.push(`<polyline class="rating-line" points="${points.slice(settledFrom).join(' ')}"/>`);
  out.push('</svg>');
  return {
    svg: out.join(''),
    summary,
    caption: `${who}'s rating after each rated game`,
    legend: [
      ['provisional', `first ${provisional} games: provisional`],
      ['', 'settled'],
    ],
    table: {
      head: ['Game', 'Day', 'Rating'],
      rows: history.map((p, i) => [
        `${i + 1}${i < provisional ? ' (provisional)' : ''}`,
        days[p.game - 1] ?? '',
        String(p.rating),
      ]),
    },
  };
}

/** The rating chart as a card, with its legend (dashed: provisional) and its table. */
export function ratingSection(h, chart, { id, heading }) {
  const legend = chart.legend.map(([kind, words]) =>
    h(
      'li',
      {},
      keySwatch(`<line class="rating-line ${kind}" x1="1" y1="5" x2="27" y2="5"/>`),
      ` ${words}`,
    ),
  );
  return chartSection(h, { ...chart, id, kind: 'rating', heading, legend });
}
