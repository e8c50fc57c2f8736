// Runs every golden case in tests/vectors/*.json against pwa/js/rules.js (node --test).
// The shape is tests/vectors/README.md; one subtest per case
// id, so a failure names the case. Presets come from rules/ (run once through Python), so
// they are defined in one place only; overrides go through applyOverrides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  RulesError,
  applyOverrides,
  canonicalBid,
  countPoints,
  handDecided,
  legalBids,
  replay,
} from '../../pwa/js/rules.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VECTORS = join(ROOT, 'tests', 'vectors');

const PRESETS = JSON.parse(
  execFileSync(
    'python3',
    [
      '-c',
      'import json, rules; print(json.dumps({k: v.to_dict() for k, v in rules.PRESETS.items()}))',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  ),
);

/** Python's get_ruleset(preset_id, overrides), on the preset dicts from rules/. */
function getRuleset(presetId, overrides) {
  if (!Object.hasOwn(PRESETS, presetId)) {
    throw new RulesError(
      `ruleset ${JSON.stringify(presetId)} is not a preset`,
      'UNKNOWN_RULESET',
      'ruleset',
    );
  }
  return applyOverrides(PRESETS[presetId], overrides ?? null);
}

/** Run one case of any kind and return what its expectation compares against. */
function runCase(c) {
  const kind = c.kind ?? 'game';
  const ruleset = getRuleset(c.ruleset, c.overrides);
  if (kind === 'ruleset_error') return ruleset;
  if (kind === 'ladder') return [ruleset, legalBids(ruleset, c.auction, c.dealer ?? 0)];
  if (kind === 'decided') return handDecided(ruleset, c.bid, c.bidder, c.points_by_side);
  if (kind === 'count') return countPoints(ruleset, c.tricks, c.tiles);
  return replay(ruleset, c.hands, c.first_dealer ?? 0, c.start_totals ?? null, c.time_called);
}

/** A bid as a comparable string, after canonicalisation ("pass" stays "pass"). */
function key(ruleset, bid) {
  return JSON.stringify(canonicalBid(ruleset, bid), (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort())
      : v,
  );
}

function checkError(c) {
  assert.throws(
    () => runCase(c),
    (error) => {
      assert.ok(error instanceof RulesError, `expected a RulesError, got ${error}`);
      assert.equal(error.code, c.error.code, error.message);
      if ('hand' in c.error) assert.equal(error.handIndex, c.error.hand, error.message);
      return true;
    },
  );
}

function checkGame(c, state) {
  for (const [name, want] of Object.entries(c.expect)) {
    if (name !== 'hands') {
      assert.deepEqual(state[name], want, name);
      continue;
    }
    assert.equal(state.hands.length, want.length, 'number of hands');
    const ruleset = getRuleset(c.ruleset, c.overrides);
    want.forEach((partial, index) => {
      for (const [k, v] of Object.entries(partial)) {
        const got = state.hands[index][k];
        if (k === 'bid' && v !== null)
          assert.equal(key(ruleset, got), key(ruleset, v), `hand ${index} bid`);
        else assert.deepEqual(got, v, `hand ${index} ${k}`);
      }
    });
  }
}

function checkLadder(c, [ruleset, ladder]) {
  const got = new Set(ladder.map((b) => key(ruleset, b)));
  const { exactly, includes = [], excludes = [] } = c.expect;
  if (exactly) assert.deepEqual(got, new Set(exactly.map((b) => key(ruleset, b))), 'exactly');
  for (const bid of includes)
    assert.ok(got.has(key(ruleset, bid)), `includes ${JSON.stringify(bid)}`);
  for (const bid of excludes)
    assert.ok(!got.has(excludedKey(ruleset, bid)), `excludes ${JSON.stringify(bid)}`);
}

/** An excluded bid's key; one the ruleset cannot even parse is compared as written. */
function excludedKey(ruleset, bid) {
  try {
    return key(ruleset, bid);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return JSON.stringify(bid);
  }
}

const KINDS = ['game', 'ladder', 'decided', 'count', 'ruleset_error'];
const files = readdirSync(VECTORS)
  .filter((f) => f.endsWith('.json'))
  .sort();
assert.ok(files.length > 0, 'no vector files in tests/vectors');
const seen = new Map();

for (const file of files) {
  const { cases } = JSON.parse(readFileSync(join(VECTORS, file), 'utf8'));
  for (const c of cases) {
    const where = `${file.replace(/\.json$/, '')}::${c.id}`;
    test(`${where} (${c.rule})`, () => {
      assert.ok(!seen.has(c.id), `case id ${c.id} is also in ${seen.get(c.id)}`);
      seen.set(c.id, where);
      assert.ok(KINDS.includes(c.kind ?? 'game'), `unknown kind ${c.kind}`);
      if ('error' in c) return checkError(c);
      const result = runCase(c);
      const kind = c.kind ?? 'game';
      if (kind === 'ladder') return checkLadder(c, result);
      if (kind === 'decided') return assert.equal(result, c.expect.decided);
      if (kind === 'count') return assert.equal(result, c.expect.points);
      if (kind === 'ruleset_error') return assert.fail('a ruleset_error case needs "error"');
      return checkGame(c, result);
    });
  }
}
