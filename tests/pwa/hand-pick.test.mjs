// The hand screen's state without its screen (pwa/js/hand-pick.js, node --test): where an
// edit, the sheet's seat tap and its all-pass tap start the taps from, the hand stored from
// them, and a count tapped side by side when there are more than two sides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { possibleCounts } from '../../pwa/js/game.js';
import { handFromPick, startPick, tapSide } from '../../pwa/js/hand-pick.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
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
const S42 = PRESETS['straight-42'];
const MOON = PRESETS.moon;

test('a stored hand is picked up as it was and stored again unchanged', () => {
  const hands = [
    { dealer: 1, bidder: 2, bid: 30, trump: 5, result: { captured: 31 } },
    { dealer: 0, bids: ['pass', 'pass', 'pass', 42], bidder: 0, bid: 42, trump: 'doubles' },
    { dealer: 3, bids: ['pass', 'pass', 'pass', 'pass'] },
    { dealer: 2, bidder: 1, bid: 84, trump: 6, penalties: [{ kind: 'renege', side: 0 }] },
  ];
  for (const old of hands) {
    assert.deepEqual(
      handFromPick(S42, startPick(S42, old, undefined, old.dealer), old.dealer),
      old,
    );
  }
  const forced = startPick(S42, hands[1], undefined, 0);
  assert.equal(forced.mode, 'forced');
  assert.equal(startPick(S42, hands[2], undefined, 3).mode, 'pass');
});

test('sevens reads as a trump called on a mark bid', () => {
  const old = { dealer: 0, bidder: 1, bid: { contract: 'sevens', marks: 2 }, result: {} };
  const pick = startPick(S42, old, undefined, 0);
  assert.equal(pick.bid, 84);
  assert.equal(pick.trump, 'sevens');
});

test("a new hand starts from the sheet's tap: the all pass first, then the seat", () => {
  assert.equal(startPick(S42, null, undefined, 1).bidder, null);
  assert.equal(startPick(S42, null, '2', 1).bidder, 2);
  const forced = startPick(S42, null, '2', 1, 'forced');
  assert.deepEqual([forced.mode, forced.bidder], ['forced', 1]);
  const passed = startPick(S42, null, '2', 1, 'pass');
  assert.deepEqual(handFromPick(S42, passed, 1), {
    dealer: 1,
    bids: ['pass', 'pass', 'pass', 'pass'],
  });
});

test('a called renege decides the hand: the hand keeps no result', () => {
  const pick = startPick(S42, null, '0', 3);
  Object.assign(pick, { bid: 30, result: { captured: 30 } });
  pick.penalties = [{ kind: 'renege', side: 1 }];
  assert.deepEqual(handFromPick(S42, pick, 3), {
    dealer: 3,
    bidder: 0,
    bid: 30,
    penalties: [{ kind: 'renege', side: 1 }],
  });
});

test('three sides: the last side left gets the rest, and gives it back when tapped again', () => {
  const counts = possibleCounts(MOON);
  const pick = { sides: [null, null, null], filled: null, active: 0, result: null };
  tapSide(MOON, counts, pick, 3);
  assert.deepEqual([pick.sides, pick.active, pick.result], [[3, null, null], 1, null]);
  tapSide(MOON, counts, pick, 4);
  assert.deepEqual([pick.sides, pick.filled], [[3, 4, 0], 2]);
  assert.deepEqual(pick.result, { by_side: [3, 4, 0] });
  pick.active = 0;
  tapSide(MOON, counts, pick, 2);
  assert.deepEqual([pick.sides, pick.filled], [[2, 4, 1], 2]);
  pick.active = 2;
  tapSide(MOON, counts, pick, 1);
  assert.deepEqual([pick.sides, pick.filled, pick.active], [[2, 4, 1], null, 0]);
});
