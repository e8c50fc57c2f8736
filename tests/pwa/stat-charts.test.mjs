// The statistics pictures ("a player's made % by bid level; head-to-head ... give
// each chart a text table beside it"): pwa/js/stat-charts.js on statistics written by hand in
// the crew statistics API's shapes (a line's by_level, a head_to_head entry).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { headToHead, madeByLevel, ratingLine } from '../../pwa/js/stat-charts.js';

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
const tags = (svg, cls) =>
  (svg.match(/<rect\b[^>]*>/g) ?? []).filter((t) => attr(t, 'class').split(' ').includes(cls));

// Ann bid 30-34 four times and made three; 35-41 twice, made one; never a 1-mark bid; one
// 2-mark bid, made. Levels as docs/crews.md names them: 30-34, 35-41, 1 mark, 2+ marks.
const ANN = {
  '30-34': { bids: 4, made: 3, made_pct: 75 },
  '35-41': { bids: 2, made: 1, made_pct: 50 },
  '1 mark': { bids: 0, made: 0, made_pct: null },
  '2+ marks': { bids: 1, made: 1, made_pct: 100 },
};

test('made % by level: one bar per level, as long as the share of bids made', () => {
  const chart = madeByLevel(ANN, 'Ann');
  const tracks = tags(chart.svg, 'track').map((t) => Number(attr(t, 'width')));
  const bars = tags(chart.svg, 'bar').map((t) => Number(attr(t, 'width')));
  assert.equal(bars.length, 4);
  assert.deepEqual(
    bars.map((w, i) => Math.round((100 * w) / tracks[i])),
    [75, 50, 0, 100],
  );
  const values = [...chart.svg.matchAll(/<text class="value"[^>]*>([^<]*)</g)].map((m) => m[1]);
  assert.deepEqual(values, ['75% · 3/4', '50% · 1/2', 'no bids', '100% · 1/1']);
});

test('made % by level: the table beside it, and the accessible name', () => {
  const chart = madeByLevel(ANN, 'Ann');
  assert.equal(chart.caption, 'Ann: bids made by level');
  assert.deepEqual(chart.table, {
    head: ['Bid', 'Bids', 'Made', 'Made %'],
    rows: [
      ['30 to 34', '4', '3', '75%'],
      ['35 to 41', '2', '1', '50%'],
      ['1 mark', '0', '0', '–'],
      ['2 marks or more', '1', '1', '100%'],
    ],
  });
  assert.equal(
    chart.summary,
    'Ann, bids made by level: 30 to 34, 3 of 4 (75%); 35 to 41, 1 of 2 (50%); 1 mark, no bids; 2 marks or more, 1 of 1 (100%).',
  );
  assert.match(chart.svg, /role="img" aria-labelledby="levels-title"><title id="levels-title">/);
});

test('made % by level: a level the statistics leave out reads as no bids', () => {
  const chart = madeByLevel({ '30-34': { bids: 1, made: 0 } }, 'Bo');
  assert.deepEqual(
    chart.table.rows.map((r) => r[3]),
    ['0%', '–', '–', '–'],
  );
});

// Ann & Bo against Cy & Di: eight finished games, five to two, one tied.
const RECORD = {
  a: 'p1+p2',
  b: 'p3+p4',
  a_names: ['Ann', 'Bo'],
  b_names: ['Cy', 'Di'],
  games: 8,
  a_wins: 5,
  b_wins: 2,
  ties: 1,
};

test('head to head: one bar split into wins, ties and wins, in proportion', () => {
  const chart = headToHead(RECORD);
  const parts = (cls) => tags(chart.svg, cls).map((t) => Number(attr(t, 'width')));
  const total = parts('s0')[0] + parts('tie')[0] + parts('s1')[0];
  assert.deepEqual(
    ['s0', 'tie', 's1'].map((cls) => (8 * parts(cls)[0]) / total),
    [5, 1, 2],
  );
  assert.equal(chart.summary, 'Head to head, 8 games: Ann & Bo won 5, Cy & Di won 2, 1 tied.');
  assert.equal(chart.caption, 'Head to head: Ann & Bo against Cy & Di');
  assert.deepEqual(chart.table.rows, [
    ['Ann & Bo won', '5'],
    ['Cy & Di won', '2'],
    ['Tied', '1'],
    ['Played', '8'],
  ]);
});

test('head to head with no finished game draws an empty bar and says so', () => {
  const chart = headToHead({ ...RECORD, games: 0, a_wins: 0, b_wins: 0, ties: 0 });
  assert.equal(tags(chart.svg, 'part').length, 0);
  assert.equal(
    chart.summary,
    'Head to head: Ann & Bo and Cy & Di have not finished a game against each other.',
  );
});

test('names are escaped in the statistics charts', () => {
  const evil = '<img src=x onerror="alert(1)">';
  const chart = headToHead({ ...RECORD, a_names: [evil, 'Bo'] });
  assert.ok(!chart.svg.includes('<img') && chart.svg.includes('&lt;img src=x'));
  assert.ok(!madeByLevel(ANN, evil).svg.includes('<img'));
});

// A player's rating over time (GET /api/crews/<id>/ratings, a player's history).
// Ann's seven rated games (crew games 1, 2, 4, 5, 6, 8, 9), five of them provisional.
const HISTORY = [
  { game: 1, rating: 2.43 },
  { game: 2, rating: 0.51 },
  { game: 4, rating: 2.9 },
  { game: 5, rating: 4.1 },
  { game: 6, rating: 3.2 },
  { game: 8, rating: 5.6 },
  { game: 9, rating: 6.05 },
];
const DAYS = ['2026-11-01', '2026-11-01', '2026-11-02', '2026-11-03', '2026-11-03'];
const points = (tag) =>
  attr(tag, 'points')
    .split(' ')
    .map((p) => p.split(',').map(Number));

test('rating over time: dashed from 0 through the provisional games, then solid', () => {
  const chart = ratingLine(HISTORY, 'Ann', 5, DAYS);
  const lines = chart.svg.match(/<polyline\b[^>]*>/g);
  assert.equal(lines.length, 2);
  const [dashed, solid] = lines.map(points);
  assert.match(lines[0], /class="rating-line provisional"/);
  assert.equal(dashed.length, 6); // the start (0) and games 1 to 5
  assert.equal(solid.length, 3); // from game 5 on
  assert.deepEqual(solid[0], dashed.at(-1));
  // higher ratings are drawn higher: game 7 (6.05) above game 2 (0.51) above the start (0)
  assert.ok(solid[2][1] < dashed[2][1] && dashed[2][1] < dashed[0][1]);
  // the x axis is the player's games, evenly spaced
  assert.ok(Math.abs(dashed[1][0] - dashed[0][0] - (solid[1][0] - solid[0][0])) < 0.11);
});

test('rating over time: the table, the accessible name, no games yet', () => {
  const chart = ratingLine(HISTORY, 'Ann', 5, DAYS);
  assert.deepEqual(chart.table.head, ['Game', 'Day', 'Rating']);
  assert.deepEqual(chart.table.rows[0], ['1 (provisional)', '2026-11-01', '2.43']);
  assert.deepEqual(chart.table.rows[5], ['6', '', '5.6']);
  assert.equal(
    chart.summary,
    "Ann's rating over 7 rated games: from 0 to 6.05, lowest 0, highest 6.05.",
  );
  const none = ratingLine([], 'Bo', 5);
  assert.equal(none.summary, 'Bo has no rated game yet: the rating starts at 0.');
  assert.equal(none.svg.match(/<polyline\b[^>]*>/g).length, 1);
  assert.equal(none.table.rows.length, 0);
});
