// The phone's score race ("each game's score race, hand by hand, on the game-over
// screen"): pwa/js/charts.js against the golden games of tests/charts/score-race.json, the
// same file api/pages/charts.py is tested against (tests/api/test_charts.py), and against the SVG
// the share page draws for the same game (run once through Python): same points, same marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { applyOverrides, replay } from '../../pwa/js/rules.js';
import {
  escapeText,
  raceRows,
  raceSummary,
  raceSvg,
  scoreRace,
  tickStep,
} from '../../pwa/js/charts.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GOLDEN = join(ROOT, 'tests', 'charts', 'score-race.json');
const { cases } = JSON.parse(readFileSync(GOLDEN, 'utf8'));

// Presets from rules/ and the share page's SVG of every golden game from api/pages/charts.py.
const PYTHON = `
import json, sys, rules
from api.pages import charts
cases = json.load(open(sys.argv[1]))["cases"]
svgs = {}
for c in cases:
    rs = rules.get_ruleset(c["ruleset"], c.get("overrides"))
    st = rules.replay(rs, c["hands"], 0, c.get("start_totals")).to_dict()
    start = c.get("start_totals") or [0] * rs.side_count
    race = charts.score_race(rs.target, rs.scoring, start, st["hands"], st["winner"])
    svgs[c["id"]] = charts.race_svg(race, c["names"])
print(json.dumps({"presets": {k: v.to_dict() for k, v in rules.PRESETS.items()}, "svgs": svgs}))
`;
const { presets, svgs } = JSON.parse(
  execFileSync('python3', ['-c', PYTHON, GOLDEN], { cwd: ROOT, encoding: 'utf8' }),
);

/** Replay a golden game with rules.js and build its race as the game-over screen does. */
function raceOf(c) {
  const rules = applyOverrides(presets[c.ruleset], c.overrides ?? null);
  const state = replay(rules, c.hands, 0, c.start_totals ?? null);
  const start = c.start_totals ?? state.totals.map(() => 0);
  return scoreRace(rules.target, rules.scoring, start, state.hands, state.winner);
}

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
const tags = (svg, name) => svg.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];

/**
 * Read a chart back as the eye would: each line's values through the y scale it draws (its
 * grid lines and their labels), the hands with a set mark, the target's value, its name.
 */
function plotted(svg) {
  const grid = tags(svg, 'line').filter((t) => attr(t, 'class') === 'gridline');
  const labels = [...svg.matchAll(/<text class="tick"[^>]*text-anchor="end">(-?\d+)<\/text>/g)];
  const [y0, y1] = [Number(attr(grid[0], 'y1')), Number(attr(grid.at(-1), 'y1'))];
  const [v0, v1] = [Number(labels[0][1]), Number(labels.at(-1)[1])];
  const value = (y) => v0 + ((y - y0) * (v1 - v0)) / (y1 - y0);
  const lines = tags(svg, 'polyline').map((t) =>
    attr(t, 'points')
      .split(' ')
      .map((p) => {
        const v = value(Number(p.split(',')[1]));
        // coordinates carry one decimal: a total reads back within 0.05 px of the scale
        const slack = 0.05 * Math.abs((v1 - v0) / (y1 - y0)) + 1e-9;
        assert.ok(slack < 0.5 && Math.abs(v - Math.round(v)) <= slack, `${v} reads as a total`);
        return Math.round(v);
      }),
  );
  const goal = tags(svg, 'line').find((t) => attr(t, 'class') === 'goal');
  return {
    lines,
    ticks: labels.map((m) => Number(m[1])),
    goal: Math.round(value(Number(attr(goal, 'y1')))),
    marks: tags(svg, 'path').map((t) => Number(attr(t, 'data-hand'))),
    won: tags(svg, 'polyline')
      .filter((t) => attr(t, 'class').endsWith(' won'))
      .map((t) => Number(attr(t, 'data-side'))),
    title: svg.match(/<title[^>]*>(.*?)<\/title>/)[1],
  };
}

for (const c of cases) {
  test(`${c.id}: the race (${c.rule})`, () => {
    const race = raceOf(c);
    const { summary, head, rows, ...model } = c.expect;
    assert.deepEqual({ ...race }, model);
    assert.deepEqual(raceRows(race, c.names), { head, rows });
    assert.equal(raceSummary(race, c.names), summary);
  });

  test(`${c.id}: the SVG plots the golden points`, () => {
    const seen = plotted(raceSvg(raceOf(c), c.names));
    assert.deepEqual(seen.lines, c.expect.series);
    assert.deepEqual(seen.ticks, c.expect.ticks);
    assert.equal(seen.goal, c.expect.target);
    assert.deepEqual(
      seen.marks,
      c.expect.sets.map((s) => s.hand),
    );
    assert.deepEqual(seen.won, c.expect.winner === null ? [] : [c.expect.winner]);
    assert.equal(seen.title, escapeText(c.expect.summary));
  });

  test(`${c.id}: the phone draws what the share page draws`, () => {
    const phone = raceSvg(raceOf(c), c.names);
    const server = svgs[c.id];
    // the same markup; coordinates may differ only in the last decimal's rounding
    const shape = (svg) => svg.replace(/-?\d+(\.\d+)?/g, '#');
    const numbers = (svg) => (svg.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    assert.equal(shape(phone), shape(server));
    const [a, b] = [numbers(phone), numbers(server)];
    assert.equal(a.length, b.length);
    a.forEach((n, i) => {
      assert.ok(Math.abs(n - b[i]) <= 0.1 + 1e-9, `${n} vs ${b[i]}`);
    });
  });
}

test('scale steps are 1, 2 or 5 times a power of ten, at most six of them', () => {
  const table = [
    [1, 1],
    [6, 1],
    [7, 2],
    [12, 2],
    [13, 5],
    [44, 10],
    [261, 50],
    [595, 100],
    [3001, 1000],
  ];
  for (const [span, step] of table) assert.equal(tickStep(span), step, `span ${span}`);
});

test('names are escaped in the SVG', () => {
  const race = scoreRace(7, 'marks', [0, 0], [], null);
  const svg = raceSvg(race, ['<script>alert("x")</script>', 'Them & co']);
  assert.ok(!svg.includes('<script>'));
  assert.ok(svg.includes('&lt;script&gt;alert(&quot;x&quot;)') && svg.includes('Them &amp; co'));
});

test('hand numbers below the chart are round and at most eight (as api/pages/charts.py)', () => {
  const cases = [
    [1, [1]],
    [7, [1, 2, 3, 4, 5, 6, 7]],
    [13, [2, 4, 6, 8, 10, 12]],
    [30, [5, 10, 15, 20, 25, 30]],
    [500, [100, 200, 300, 400, 500]],
  ];
  for (const [hands, labels] of cases) {
    const results = Array.from({ length: hands }, (_, i) => ({
      totals: [i + 1, 0],
      outcome: 'made',
      bidding_side: 0,
    }));
    const svg = raceSvg(scoreRace(7, 'marks', [0, 0], results, null), ['Us', 'Them']);
    const below = [...svg.matchAll(/text-anchor="middle">(\d+)</g)].map((m) => Number(m[1]));
    assert.deepEqual(below, labels, `${hands} hands`);
    assert.deepEqual(
      plotted(svg).lines[0],
      Array.from({ length: hands + 1 }, (_, i) => i),
    );
  }
});
