// Focused tests of pwa/js/rules.js (node --test): the rules it must keep (docs/rules.md numbers in
// each name), malformed input that must end in a RulesError and never a TypeError, and a
// seeded differential run against rules/ (Python) over random, often illegal, games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  RulesError,
  applyOverrides,
  canonicalBid,
  handDecided,
  legalBids,
  replay,
  scoreHand,
  winnableBids,
} from '../../pwa/js/rules.js';
import { winnableBids as groupedOffer } from '../../pwa/js/game.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const python = (script, input = '') =>
  JSON.parse(
    execFileSync('python3', ['-c', script], {
      cwd: ROOT,
      encoding: 'utf8',
      input,
      maxBuffer: 64 * 1024 * 1024,
    }),
  );

const PRESETS = python(
  'import json, rules; print(json.dumps({k: v.to_dict() for k, v in rules.PRESETS.items()}))',
);
const S42 = PRESETS['straight-42'];
const code = (fn) => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof RulesError, `not a RulesError: ${error}`);
    return error.code;
  }
  return 'no error';
};

test('docs/rules.md 9: a made point bid is one mark, a set gives the opponents one', () => {
  const state = replay(S42, [
    { bidder: 1, bid: 30, result: { captured: 30 } },
    { bidder: 2, bid: 35, result: { captured: 34 } },
  ]);
  assert.deepEqual(state.totals, [0, 2]);
  assert.deepEqual(
    state.hands.map((h) => h.outcome),
    ['made', 'set'],
  );
  assert.equal(state.next_dealer, 2);
  assert.equal(state.next_hand_no, 3);
});

test('docs/rules.md 5, 8: {"marks": 2} is 84 and needs all 42 points', () => {
  assert.equal(canonicalBid(S42, { marks: 2 }), 84);
  const [hand] = replay(S42, [{ bidder: 0, bid: { marks: 2 }, result: { captured: 41 } }]).hands;
  assert.deepEqual([hand.bid, hand.need, hand.outcome, hand.awarded], [84, 42, 'set', [0, 2]]);
});

test('docs/rules.md 2, 5: bids and points are whole numbers; booleans and 30.5 are rejected', () => {
  assert.equal(
    code(() => canonicalBid(S42, 30.5)),
    'BID_NOT_INTEGER',
  );
  assert.equal(
    code(() => canonicalBid(S42, true)),
    'BID_NOT_INTEGER',
  );
  assert.equal(
    code(() => canonicalBid(S42, '30')),
    'BID_NOT_INTEGER',
  );
  assert.equal(
    code(() => canonicalBid(S42, 29)),
    'BID_OUT_OF_RANGE',
  );
  assert.equal(
    code(() => canonicalBid(S42, 43)),
    'BID_NOT_MULTIPLE_OF_MARK',
  );
  const hand = (captured) => replay(S42, [{ bidder: 0, bid: 30, result: { captured } }]);
  assert.equal(
    code(() => hand(30.5)),
    'RESULT_NOT_INTEGER',
  );
  assert.equal(
    code(() => hand(false)),
    'RESULT_NOT_INTEGER',
  );
  assert.equal(
    code(() => hand(43)),
    'RESULT_OUT_OF_RANGE',
  );
});

test('docs/rules.md 17: Texas 88 rejects totals the tiles cannot make (1, 3, 5, 83, 85, 87)', () => {
  const rs = PRESETS['texas-88'];
  const bad = [];
  for (let captured = 0; captured <= 88; captured += 1) {
    const c = code(() => replay(rs, [{ bidder: 0, bid: 60, result: { captured } }]));
    if (c === 'RESULT_INFEASIBLE') bad.push(captured);
  }
  assert.deepEqual(bad, [1, 3, 5, 83, 85, 87]);
});

test('docs/rules.md 6: after 84 only 126 is a legal mark bid; the dealer may not pass (docs/rules.md 7)', () => {
  const ladder = legalBids(S42, [84], 0);
  assert.deepEqual(ladder, ['pass', 126]);
  assert.equal(legalBids(S42, ['pass', 'pass', 'pass'], 0)[0], 30);
  assert.equal(
    code(() => replay(S42, [{ bids: ['pass', 'pass', 'pass', 'pass'] }])),
    'DEALER_MUST_BID',
  );
});

test('docs/rules.md 11: hand_decided says made, set or not yet', () => {
  assert.equal(handDecided(S42, 30, 0, [30, 5]), 'made');
  assert.equal(handDecided(S42, 30, 0, [10, 13]), 'set');
  assert.equal(handDecided(S42, 30, 0, [10, 12]), null);
  assert.equal(handDecided(S42, 42, 1, [1, 0]), 'set');
});

test('docs/rules.md 25: a renege decides the hand against the offender; the error names the hand', () => {
  const state = replay(S42, [{ bidder: 0, bid: 84, penalties: [{ kind: 'renege', side: 0 }] }]);
  assert.deepEqual([state.hands[0].outcome, state.totals], ['set', [0, 2]]);
  try {
    replay(S42, [
      { bidder: 0, bid: 30, result: { captured: 30 } },
      { bidder: 9, bid: 30 },
    ]);
    assert.fail('no error');
  } catch (error) {
    assert.equal(error.code, 'SEAT_OUT_OF_RANGE');
    assert.equal(error.handIndex, 1);
    assert.equal(error.hand_index, 1);
    assert.equal(error.field, 'bidder');
  }
});

test('contract: applyOverrides checks knobs as get_ruleset does (BAD_OVERRIDE)', () => {
  assert.equal(applyOverrides(S42, { nello: true }).nello, true);
  assert.equal(S42.nello, false, 'the preset dict is not changed');
  for (const bad of [
    { scoring: 'golf' },
    { min_bid: 30.5 },
    { players: true },
    { bogus: 1 },
    { sides: [0, 0, 0, 0] },
    { min_bid: 50 },
    { nello_doubles: [] },
    [1],
    'x',
  ]) {
    assert.equal(
      code(() => applyOverrides(S42, bad)),
      'BAD_OVERRIDE',
      JSON.stringify(bad),
    );
  }
});

// Values that are wrong almost anywhere (JSON-able, so rules/ can see them too).
const JUNK = [
  null,
  1.5,
  true,
  'x',
  '',
  [],
  [null],
  {},
  { a: { b: [] } },
  { marks: null },
  { contract: 'toString' },
  { contract: null, marks: 2 },
  'pass',
  -7,
  10 ** 12,
];

test('no input crashes: malformed hands, bids and rulesets all end in RulesError', () => {
  for (const value of [...JUNK, undefined, NaN, Infinity]) {
    code(() => replay(S42, [value]));
    code(() => replay(S42, value));
    code(() => replay(value, []));
    code(() => replay(S42, [{ bidder: value, bid: 30, result: { captured: 30 } }]));
    code(() => replay(S42, [{ bidder: 0, bid: value, result: { captured: 30 } }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: value }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: { captured: value } }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: { by_side: [value, 0] } }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, trump: value, result: { captured: 30 } }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: { captured: 30 }, penalties: value }]));
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: { captured: 30 }, penalties: [value] }]));
    code(() => replay(S42, [{ bids: value }]));
    code(() => replay(S42, [{ bids: [value, 'pass', 'pass', 'pass'] }]));
    code(() => replay(S42, [], value));
    code(() => replay(S42, [], 0, value));
    code(() => legalBids(S42, value, 0));
    code(() => legalBids(S42, [], value));
    code(() => handDecided(S42, value, 0, [0, 0]));
    code(() => handDecided(S42, 30, 0, value));
    code(() => scoreHand(S42, value, 0, [0, 0]));
    code(() => scoreHand(S42, {}, 0, value));
    code(() => scoreHand(S42, { bidder: 0, bid: 30, result: { captured: 30 } }, 0, [0, 0], value));
    code(() =>
      scoreHand(S42, { bidder: 0, bid: 30, result: { captured: 30 } }, 0, [0, 0], {
        warnings: value,
      }),
    );
    code(() => applyOverrides(S42, { sides: value }));
    code(() => applyOverrides(S42, { count_tiles: [value] }));
    code(() => canonicalBid(value, 30));
    code(() => canonicalBid({ ...S42, nello: true, nello_doubles: value }, { contract: 'nello' }));
  }
  // arrays with holes (IndexedDB keeps them) are read hole by hole, never skipped
  assert.equal(
    code(() => replay(S42, [{ bidder: 0, bid: 30, result: { by_side: [, 12] } }])),
    'RESULT_NOT_INTEGER',
  ); // eslint-disable-line no-sparse-arrays
  assert.equal(
    code(() => replay(S42, [, { bidder: 0, bid: 30, result: { captured: 30 } }])),
    'BAD_INPUT',
  ); // eslint-disable-line no-sparse-arrays
  assert.equal(
    code(() => replay(S42, [], 0, [, 0])),
    'BAD_INPUT',
  ); // eslint-disable-line no-sparse-arrays
  // a key set to undefined is absent, as in the JSON the server gets
  const hand = {
    dealer: undefined,
    bidder: 0,
    bid: 30,
    trump: undefined,
    result: { captured: 30, declared: undefined },
  };
  assert.deepEqual(replay(S42, [hand]).totals, [1, 0]);
  assert.equal(applyOverrides(S42, { nello: undefined }).nello, false);
  const { top_suit: _, ...stale } = S42;
  assert.equal(
    code(() => replay(stale, [])),
    'BAD_INPUT',
  );
});

// --- differential run: random games through both engines --------------------------------------

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const gcd = (a, b) => (b ? gcd(b, a % b) : a);

/** One to three knob overrides, near and past every knob's limits (or not a knob at all). */
function randomOverrides(pick, int) {
  const knobs = Object.keys(PRESETS['straight-42']).concat(['bogus']);
  const ints = [
    -1,
    0,
    1,
    2,
    3,
    4,
    7,
    16,
    17,
    20,
    21,
    30,
    42,
    50,
    51,
    99,
    100,
    101,
    10000,
    10001,
    10 ** 6,
    10 ** 6 + 1,
  ];
  const values = [
    ...ints,
    null,
    true,
    false,
    2.5,
    'marks',
    'points',
    'forced',
    'reshuffle',
    'plus_one',
    'double',
    'once',
    'until_pass',
    'opponents_score',
    'bidder_loses_bid',
    'x',
    [0, 1, 0, 1],
    [0, 1, 2],
    [0, 1, 0, 1, 0, 1],
    [0, 2],
    [],
    ['high'],
    ['low', 'low'],
    [
      [5, 5, 10],
      [6, 4, 10],
    ],
    [[5, 5, 51]],
    [[5, 5]],
    'x'.repeat(2001),
  ];
  const overrides = {};
  for (let i = int(1, 3); i > 0; i -= 1) overrides[pick(knobs)] = pick(values);
  return overrides;
}

/**
 * `count` random cases: mostly legal games (bids from the ladder, results the tiles can
 * make), each hand corrupted now and then with junk from `JUNK` or a near-miss value.
 */
function randomCases(seed, count) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const ids = Object.keys(PRESETS);
  const cases = [];
  for (let n = 0; n < count; n += 1) {
    const id = pick(ids);
    const overrides = rand() < 0.3 ? { nello: true, plunge: true, splash: true, sevens: true } : {};
    if (id === 'texas-88' || id === 'texas-88-points' || rand() < 0.2) delete overrides.nello;
    if (rand() < 0.3) {
      // a house-rule ruleset: keep random overrides that make a valid one
      const extra = { ...overrides, ...randomOverrides(pick, int) };
      if (code(() => applyOverrides(PRESETS[id], extra)) === 'no error')
        Object.assign(overrides, extra);
    }
    const rs = applyOverrides(PRESETS[id], overrides);
    const sides = new Set(rs.sides).size;
    const unit = rs.check_totals
      ? rs.count_tiles.reduce((g, t) => gcd(g, t[2]), rs.trick_value)
      : 1;
    const split = () => {
      const cuts = Array.from({ length: sides - 1 }, () => int(0, rs.points_per_hand / unit)).sort(
        (a, b) => a - b,
      );
      return [...cuts, rs.points_per_hand / unit].map((c, i) => (c - (i ? cuts[i - 1] : 0)) * unit);
    };
    const auction = (dealer, length) => {
      const bids = [];
      for (let i = 0; i < length; i += 1) {
        const ladder = legalBids(rs, bids, dealer);
        if (!ladder.length) break;
        bids.push(rand() < 0.5 && ladder[0] === 'pass' ? 'pass' : pick(ladder));
      }
      return bids;
    };
    const corrupt = (h) => {
      const key = pick([
        'bidder',
        'bid',
        'result',
        'trump',
        'penalties',
        'dealer',
        'bids',
        'captured',
      ]);
      const value = pick([
        ...JUNK,
        undefined,
        -1,
        0,
        1,
        rs.players,
        rs.min_bid - 1,
        rs.mark_value + 1,
        rs.points_per_hand + 1,
        { marks: 0 },
        { contract: 'plunge', marks: 9 },
        'pass',
      ]);
      if (key === 'captured' && h.result && typeof h.result === 'object') h.result.captured = value;
      else h[key] = value;
    };
    const hand = (dealer) => {
      const h = {};
      if (rand() < 0.25) {
        h.bids = auction(dealer, 64);
      } else {
        h.bidder = int(0, rs.players - 1);
        h.bid = pick(
          auction(dealer, int(1, rs.players))
            .filter((b) => b !== 'pass')
            .concat([rs.min_bid]),
        );
      }
      const nello = h.bid?.contract === 'nello' || h.bids?.some((b) => b?.contract === 'nello');
      const trumps = [
        int(0, rs.top_suit),
        ...(rs.doubles_trump ? ['doubles'] : []),
        ...(rs.follow_me ? ['follow_me'] : []),
      ];
      if (rand() < 0.3)
        h.trump = nello ? 'none' : pick(rand() < 0.9 ? trumps : ['sevens', 'none', 9]);
      const points = split();
      const captured = sides > 2 ? { by_side: points } : { captured: points[0] };
      h.result = nello ? { tricks: int(0, 1) } : pick([captured, captured, { by_side: points }]);
      if (rand() < 0.1) h.result.declared = pick(['made', 'set']);
      if (rand() < 0.1)
        h.penalties = [
          { kind: pick(['renege', 'table_talk', 'exposed_domino']), side: int(0, sides - 1) },
        ];
      if (rand() < 0.1) h.dealer = dealer;
      if (rand() < 0.04) corrupt(h);
      return h;
    };
    const dealer = int(0, rs.players - 1);
    const kind = pick([
      'game',
      'game',
      'game',
      'ladder',
      'decided',
      'ruleset',
      'hand',
      'canonical',
    ]);
    if (kind === 'canonical') {
      const bid = pick([
        ...JUNK,
        rs.min_bid - 1,
        rs.mark_value - 1,
        rs.mark_value + 1,
        { marks: int(0, 9) },
        {
          contract: pick(['nello', 'plunge', 'splash', 'sevens', 'dip', 'dive']),
          marks: int(0, 6),
          ...(rand() < 0.5 ? { doubles: pick(['high', 'low', 'own_suit', 'x']) } : {}),
          ...(rand() < 0.5 ? { doubles_held: int(0, 7) } : {}),
        },
        ...auction(dealer, rs.players),
      ]);
      cases.push({ kind, id, overrides, bid });
    } else if (kind === 'hand') {
      const totals =
        rand() < 0.9 ? Array.from({ length: sides }, () => int(-1, rs.target)) : pick(JUNK);
      const scoredHands = pick([0, 1, 12, 13, 14, -1, 2.5, null]);
      cases.push({
        kind,
        id,
        overrides,
        hand: hand(dealer),
        dealer: pick([dealer, -1, rs.players, null]),
        totals,
        scoredHands,
      });
    } else if (kind === 'ruleset') {
      cases.push({ kind, id, overrides: randomOverrides(pick, int) });
    } else if (kind === 'game') {
      const hands = Array.from({ length: rand() < 0.1 ? 0 : int(1, 16) }, (_, i) =>
        hand((dealer + i) % rs.players),
      );
      const startTotals =
        rand() < 0.3 ? Array.from({ length: sides }, () => int(-2, rs.target + 1)) : null;
      cases.push({ kind, id, overrides, first_dealer: dealer, start_totals: startTotals, hands });
    } else if (kind === 'ladder') {
      const bids = auction(dealer, int(0, rs.players));
      if (rand() < 0.1) bids.push(pick([...JUNK, rs.min_bid, 'pass']));
      cases.push({ kind, id, overrides, dealer, auction: bids });
    } else {
      const bid = pick(
        auction(dealer, rs.players)
          .filter((b) => b !== 'pass')
          .concat([rs.min_bid]),
      );
      const points = split().map((p) => (rand() < 0.5 ? p : 0));
      cases.push({
        kind,
        id,
        overrides,
        bid: rand() < 0.05 ? pick(JUNK) : bid,
        bidder: int(0, rs.players - 1),
        points,
      });
    }
  }
  return cases;
}

const PYTHON_RUNNER = `
import json, sys, rules
from rules.bids import parse_bid
out = []
for c in json.load(sys.stdin):
    try:
        rs = rules.get_ruleset(c["id"], c["overrides"])
        if c["kind"] == "canonical":
            value = "pass" if c["bid"] == "pass" else parse_bid(rs, c["bid"]).canonical()
        elif c["kind"] == "hand":
            value = rules.score_hand(rs, c["hand"], c["dealer"], c["totals"],
                                     scored_hands=c["scoredHands"]).to_dict()
        elif c["kind"] == "ruleset":
            value = rs.to_dict()
        elif c["kind"] == "game":
            value = rules.replay(rs, c["hands"], c["first_dealer"], c["start_totals"]).to_dict()
        elif c["kind"] == "ladder":
            value = rules.legal_bids(rs, c["auction"], c["dealer"])
        else:
            value = rules.hand_decided(rs, c["bid"], c["bidder"], c["points"])
        out.append({"value": value})
    except rules.RulesError as e:
        out.append({"error": [e.code, e.field, e.hand_index]})
print(json.dumps(out))
`;

function runJs(c) {
  try {
    const rs = applyOverrides(PRESETS[c.id], c.overrides);
    if (c.kind === 'ruleset') return { value: rs };
    if (c.kind === 'canonical') return { value: canonicalBid(rs, c.bid) };
    if (c.kind === 'hand')
      return { value: scoreHand(rs, c.hand, c.dealer, c.totals, { scoredHands: c.scoredHands }) };
    if (c.kind === 'game') return { value: replay(rs, c.hands, c.first_dealer, c.start_totals) };
    if (c.kind === 'ladder') return { value: legalBids(rs, c.auction, c.dealer) };
    return { value: handDecided(rs, c.bid, c.bidder, c.points) };
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return { error: [error.code, error.field, error.handIndex] };
  }
}

// TALLY_DIFF_SEED and TALLY_DIFF_CASES run a longer or different differential by hand.
const SEED = Number(process.env.TALLY_DIFF_SEED ?? 42);
const CASES = Number(process.env.TALLY_DIFF_CASES ?? 800);

test(`differential: ${CASES} random games, ladders and decisions (seed ${SEED}) score the same as rules/`, () => {
  const cases = randomCases(SEED, CASES);
  const expected = python(PYTHON_RUNNER, JSON.stringify(cases));
  let errors = 0;
  cases.forEach((c, i) => {
    const got = runJs(c);
    errors += 'error' in got;
    assert.deepEqual(got, expected[i], `random case ${i}: ${JSON.stringify(c)}`);
  });
  assert.ok(
    errors > CASES / 16 && errors < CASES * 0.75,
    `a useful mix of legal and illegal input (${errors} errors)`,
  );
});

test("docs/rules.md 4-7, 13-16, 20, 23: every seat's offer equals rules.winnable_bids", () => {
  const want = python(`import json, rules
print(json.dumps({k: [[rules.winnable_bids(rs, d, s) for s in range(rs.players)]
                      for d in range(rs.players)] for k, rs in rules.PRESETS.items()}))`);
  for (const [id, rs] of Object.entries(PRESETS)) {
    for (let dealer = 0; dealer < rs.players; dealer += 1) {
      for (let seat = 0; seat < rs.players; seat += 1) {
        assert.deepEqual(
          winnableBids(rs, dealer, seat),
          want[id][dealer][seat],
          `${id} ${dealer} ${seat}`,
        );
      }
    }
  }
});

test("docs/rules.md 13: game.js groups the offer; h2g2 nel-o is the dealer's only", () => {
  const h2g2 = PRESETS['h2g2-house'];
  const nello = (seat) =>
    groupedOffer(h2g2, 2, seat).contracts.filter((b) => b.contract === 'nello');
  assert.equal(nello(2).length, 3);
  assert.deepEqual(
    [0, 1, 3].map((seat) => nello(seat).length),
    [0, 0, 0],
  );
  const offer = groupedOffer(S42, 0, 1);
  assert.deepEqual(
    [offer.points[0], offer.points.at(-1), offer.marks, offer.contracts],
    [30, 41, [42, 84], []],
  );
  assert.deepEqual(groupedOffer(S42, 0).marks, [42, 84, 126, 168, 210]);
  assert.equal(
    code(() => winnableBids(S42, 0, 4)),
    'SEAT_OUT_OF_RANGE',
  );
});

test('docs/rules.md 33: a stored ruleset from before both_past_target still scores', () => {
  const old = { ...PRESETS['points-250'] };
  delete old.both_past_target;
  const state = replay(old, [{ bidder: 1, bid: 30, result: { captured: 30 } }], 0, [248, 225]);
  assert.deepEqual([state.winner, state.end_reason], [1, 'bidder_out']);
  const higher = applyOverrides(old, { both_past_target: 'higher_total' });
  const again = replay(higher, [{ bidder: 1, bid: 30, result: { captured: 30 } }], 0, [248, 225]);
  assert.deepEqual([again.winner, again.end_reason], [0, 'higher_total']);
});

test('docs/rules.md 13: a stored ruleset with nello_marks (before nello_levels) still scores', () => {
  const old = { ...PRESETS['wikipedia-42'], nello_marks: 2 };
  delete old.nello_levels;
  const state = replay(old, [
    { bidder: 1, bid: { contract: 'nello', doubles: 'high' }, result: { tricks: 0 } },
  ]);
  assert.deepEqual(state.totals, [0, 2]);
  assert.ok(winnableBids(old, 0, 1).some((b) => b.contract === 'nello' && b.marks === 2));
  assert.equal(
    code(() => applyOverrides(PRESETS['wikipedia-42'], { nello_marks: 0 })),
    'BAD_OVERRIDE',
  );
  assert.deepEqual(applyOverrides(PRESETS['wikipedia-42'], { nello_marks: 3 }).nello_levels, [3]);
});

test('docs/rules.md 13: the offer follows the rules it is given, copies and changes alike', () => {
  const hasNello = (rs) => winnableBids(rs, 0, 1).some((b) => b.contract === 'nello');
  assert.equal(hasNello(S42), false);
  assert.equal(hasNello(applyOverrides(S42, { nello: true })), true);
  assert.equal(hasNello({ ...S42 }), false);
  assert.deepEqual(winnableBids({ ...S42 }, 0, 1), winnableBids(S42, 0, 1));
});
