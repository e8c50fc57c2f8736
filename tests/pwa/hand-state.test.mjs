// The hand screen's changes without its screen (pwa/js/hand-state.js, node --test): each tap is
// one pure change of the state, the old state left as it was; the rule (docs/rules.md) that
// decides what a change does is named on its case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { score } from '../../pwa/js/game.js';
import {
  askSetAside,
  fromHelper,
  handTable,
  offer,
  openBids,
  pickAllPass,
  pickBid,
  pickBidder,
  pickDoubles,
  pickSide,
  pickTens,
  preview,
  putOnSide,
  setResult,
  startHand,
  togglePenalty,
  toggleTrump,
} from '../../pwa/js/hand-state.js';

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

/** A state frozen all the way down: a change that wrote into it would throw. */
function frozen(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** A new hand of preset `rules` dealt by `dealer`, with the taps `changes` made in order. */
function tapped(rules, dealer, ...changes) {
  const table = handTable(rules, dealer);
  let s = frozen(startHand(table, null, undefined));
  for (const change of changes) s = frozen(change(table, s));
  return { table, s };
}

test('every change returns a new state and leaves the one it was given as it was', () => {
  const { table, s } = tapped(S42, 3, (t, s) => pickBidder(t, s, 0));
  const before = JSON.stringify(s);
  const changes = [
    (x) => pickBid(table, x, 30),
    (x) => setResult(table, x, { captured: 31 }),
    (x) => toggleTrump(table, x, 5),
    (x) => togglePenalty(table, x, 'table_talk', 1),
    (x) => pickAllPass(table, x),
    (x) => openBids(x),
    (x) => askSetAside(x),
  ];
  for (const change of changes) assert.notEqual(change(s), s);
  assert.equal(JSON.stringify(s), before);
});

test('a bidder, a bid, a count: the bar says what the hand does and Save can be tapped', () => {
  const game = { rules: S42, hands: [], first_dealer: 3 };
  const steps = tapped(S42, 3);
  assert.equal(preview(game, null, steps.table, steps.s).words, 'Who won the bid?');
  let { table, s } = tapped(S42, 3, (t, x) => pickBidder(t, x, 0));
  assert.equal(preview(game, null, table, s).words, 'What was the bid?');
  s = pickBid(table, s, 30);
  assert.equal(s.bidOpen, false);
  assert.deepEqual(preview(game, null, table, s), {
    words: 'How did it go?',
    later: null,
    ready: false,
    hand: null,
  });
  s = setResult(table, s, { captured: 31 });
  const said = preview(game, null, table, s);
  assert.equal(said.ready, true);
  assert.deepEqual(said.hand, { dealer: 3, bidder: 0, bid: 30, result: { captured: 31 } });
  assert.match(said.words, /needed 30/);
});

test('rule 7: everyone passed, the shaker is forced to bid, or the dominoes are reshuffled', () => {
  const forced = tapped(S42, 2, (t, s) => pickBidder(t, s, 0), pickAllPass).s;
  assert.deepEqual([forced.mode, forced.bidder], ['forced', 2]);
  const reshuffle = tapped(PRESETS['texas-88'], 2, (t, s) => pickBidder(t, s, 0), pickAllPass);
  assert.deepEqual([reshuffle.s.mode, reshuffle.s.bidder, reshuffle.s.bid], ['pass', null, null]);
  const game = { rules: PRESETS['texas-88'], hands: [], first_dealer: 2 };
  const said = preview(game, null, reshuffle.table, reshuffle.s);
  assert.deepEqual([said.words, said.ready], ['All passed: reshuffle, no score', true]);
});

test('rule 13: a nel-o only the forced dealer may bid is dropped when another seat wins the bid', () => {
  const rules = PRESETS['h2g2-house'];
  const { table, s } = tapped(rules, 1, pickAllPass);
  const nello = offer(table, s).contracts.find((b) => b.contract === 'nello');
  assert.ok(nello, 'the forced dealer is offered nel-o');
  const bid = setResult(table, pickBid(table, s, nello), { tricks: 0 });
  const moved = pickBidder(table, bid, 2);
  assert.deepEqual([moved.bid, moved.result, moved.bidOpen], [null, null, true]);
  const kept = pickBidder(table, pickBid(table, s, 30), 2);
  assert.deepEqual([kept.bid, kept.bidOpen], [30, false]);
});

test('rule 13: nel-o doubles are declared, and the helper gives the tricks it counted', () => {
  const rules = PRESETS['wikipedia-42'];
  const { table, s } = tapped(rules, 0, (t, x) => pickBidder(t, x, 1));
  const nello = offer(table, s).contracts.find((b) => b.contract === 'nello');
  const low = pickDoubles(table, pickBid(table, s, nello), 'low');
  assert.equal(low.bid.doubles, 'low');
  assert.deepEqual(fromHelper(table, low, { tricks: 2, points: 9 }).result, { tricks: 2 });
  assert.equal(fromHelper(table, setResult(table, low, { tricks: 0 }), null).result, null);
});

test('another bid forgets the trump and, with two sides, the count made for the old one', () => {
  const { table, s } = tapped(
    S42,
    3,
    (t, x) => pickBidder(t, x, 0),
    (t, x) => pickBid(t, x, 30),
    (t, x) => setResult(t, x, { captured: 35 }),
    (t, x) => toggleTrump(t, x, 4),
  );
  const same = pickBid(table, s, 30);
  assert.deepEqual([same.trump, same.result], [4, { captured: 35 }]);
  const other = pickBid(table, s, 31);
  assert.deepEqual([other.trump, other.result, other.tens], [null, null, null]);
});

test('rule 12: a trump is one optional tap, cleared by tapping it again', () => {
  const { table, s } = tapped(
    S42,
    0,
    (t, x) => pickBidder(t, x, 1),
    (t, x) => pickBid(t, x, 30),
  );
  const once = toggleTrump(table, s, 'follow_me');
  assert.equal(once.trump, 'follow_me');
  assert.equal(toggleTrump(table, once, 'follow_me').trump, null);
  assert.equal(toggleTrump(table, once, 6).trump, 6);
});

test('rule 25: a called renege decides the hand, so it saves with no count', () => {
  const game = { rules: S42, hands: [], first_dealer: 3 };
  const { table, s } = tapped(
    S42,
    3,
    (t, x) => pickBidder(t, x, 0),
    (t, x) => pickBid(t, x, 30),
    (t, x) => togglePenalty(t, x, 'renege', 1),
  );
  assert.equal(preview(game, null, table, s).ready, true);
  assert.deepEqual(s.penalties, [{ kind: 'renege', side: 1 }]);
  const back = togglePenalty(table, s, 'renege', 1);
  assert.deepEqual(back.penalties, []);
  assert.equal(preview(game, null, table, back).words, 'How did it go?');
});

test('rule 17: 88 points, tens then units; a tens tap keeps the units when the count can be', () => {
  const rules = PRESETS['texas-88'];
  const { table, s } = tapped(
    rules,
    0,
    (t, x) => pickBidder(t, x, 1),
    (t, x) => pickBid(t, x, 50),
    (t, x) => setResult(t, x, { captured: 53 }),
  );
  assert.deepEqual(pickTens(table, s, 60).result, { captured: 63 });
  assert.equal(pickTens(table, s, 60).tens, 60);
  const untapped = pickTens(table, setResult(table, s, null), 70);
  assert.deepEqual([untapped.tens, untapped.result], [70, null]);
});

test("rule 20: Moon's count goes side by side, from the side first tapped on the sheet", () => {
  const rules = PRESETS.moon;
  const table = handTable(rules, 0);
  const s = frozen(pickBid(table, startHand(table, null, '2'), 4));
  assert.deepEqual([s.sides, s.active], [[null, null, null], 2]);
  // a screen opened with no seat tapped starts at the first side, and stays there
  assert.equal(tapped(rules, 0, (t, x) => pickBidder(t, x, 2)).s.active, 0);
  const first = putOnSide(table, s, 4);
  assert.deepEqual([first.sides, first.active, first.result], [[null, null, 4], 0, null]);
  const chosen = pickSide(first, 1);
  assert.equal(chosen.active, 1);
  const done = putOnSide(table, chosen, 1);
  assert.deepEqual(done.result, { by_side: [2, 1, 4] });
  assert.deepEqual(s.sides, [null, null, null]);
  // a new bid on three sides keeps the counts already tapped
  assert.deepEqual(pickBid(table, done, 5).result, { by_side: [2, 1, 4] });
});

test('an edit that ends the game sooner asks before setting the later hands aside', () => {
  const won = (bidder) => ({ bidder, bid: 30, result: { captured: 30 } });
  const hands = [0, 0, 0, 0, 0, 0, 1, 0].map((seat, i) => ({ hand_no: i + 1, ...won(seat) }));
  const game = { rules: S42, hands, first_dealer: 0 };
  const dealer = score(game, hands.slice(0, 6)).state.next_dealer;
  const table = handTable(S42, dealer);
  const start = frozen(startHand(table, hands[6], undefined));
  assert.equal(start.bidOpen, true, 'an edit shows every bid to change to');
  const edited = pickBidder(table, start, 2);
  const said = preview(game, 7, table, edited);
  assert.deepEqual([said.ready, said.later], [true, { first: 8, last: 8, endsAt: 7 }]);
  assert.match(said.words, /Hand 8 no longer fits\.$/);
  const asking = askSetAside(edited);
  assert.match(preview(game, 7, table, asking).words, /^Set hand 8 aside\?/);
  assert.equal(pickSide(openBids(asking), 0).confirming, true, 'the hand itself is unchanged');
  assert.equal(toggleTrump(table, asking, 3).confirming, false, 'a changed hand is asked again');
});
