// What the outbox does with a refused write (pwa/js/sync.js `refusal`): parked for good,
// tried again shortly, or shown to the user (docs/api-errors.md "Statuses"; node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  refusal,
  resendSeq,
  resentOps,
  serverCopy,
  takeTheirs,
  wantsServerCopy,
} from '../../pwa/js/sync.js';

const ADD = { kind: 'add', hand_no: 3, key: 'k-3', body: {} };
const CASUAL = { id: 'g1' };
const answer = (status, rule_code) => ({ status, body: { code: status, rule_code } });

test('409 STILL_PROCESSING (the first try is still being saved) is tried again, no conflict', () => {
  assert.equal(refusal(ADD, CASUAL, answer(409, 'STILL_PROCESSING')), 'again');
});

test('a 409 for a hand stored with other content is a conflict the user resolves', () => {
  assert.equal(refusal(ADD, CASUAL, answer(409, 'CONFLICT')), 'conflict');
  assert.equal(refusal(ADD, CASUAL, answer(412, 'GAME_CHANGED')), 'conflict');
});

// The table phones (docs/tournament-screens.md "A table's phone"): a hand of a match
// whose call was taken back meets 401 or 404 by timing; both are parked as over, never resent.
const TABLE = { id: 'g2', table: '#/t/e1/W1.2/tok' };

test('a table game whose call was taken back is over, whether it meets 401 or 404', () => {
  assert.equal(refusal(ADD, TABLE, answer(401, 'UNKNOWN_TOKEN')), 'over');
  assert.equal(refusal(ADD, TABLE, answer(404, 'NOT_FOUND')), 'over');
  const edit = { kind: 'put', hand_no: 2, body: {} };
  assert.equal(refusal(edit, TABLE, answer(404, 'NOT_FOUND')), 'over');
});

test('a casual game meeting 404 is refused as before (the user sees it and chooses)', () => {
  assert.equal(refusal(ADD, CASUAL, answer(404, 'NOT_FOUND')), 'fail');
});

// docs/api-errors.md "Statuses", 409 "a gap in the hand numbers": an op sent again after the
// user chose goes ahead of the game's later hands, with its own Idempotency-Key.
const queued = (...rows) => rows.map(([seq, game_id]) => ({ seq, game_id }));

test('"Send again" keeps the parked add, its key and its place ahead of later hands', () => {
  const parked = { status: 422, kind: 'add', hand_no: 3, op: { ...ADD, seq: 7, game_id: 'g1' } };
  // hands 4 and 5 of g1 were queued at 8 and 9 while hand 3 waited; g9's op is another game's
  const outbox = queued([8, 'g1'], [9, 'g1'], [10, 'g9']);
  const [op] = resentOps(parked, outbox);
  assert.deepEqual(op, { ...ADD, game_id: 'g1', seq: 7 });
});

test(`"Keep mine" over the other phone's hand is a PUT in the parked add's place`, () => {
  const c = { status: 409, kind: 'add', hand_no: 3, theirs: {}, mine: { bid: 30 } };
  c.op = { ...ADD, seq: 7, game_id: 'g1' };
  assert.deepEqual(resentOps(c, queued([8, 'g1'])), [
    { kind: 'put', hand_no: 3, body: { bid: 30 }, seq: 7 },
  ]);
});

test(`an old key taken (a restored backup) gives a key between, ahead of the game's hands`, () => {
  const outbox = queued([2, 'g9'], [7, 'g9'], [8, 'g1'], [9, 'g1']);
  const seq = resendSeq(outbox, 7, 'g1');
  assert.ok(seq > 7 && seq < 8, `got ${seq}`);
  assert.equal(resendSeq(queued([3, 'g1']), 9, 'g1'), 2.5);
  assert.equal(resendSeq(queued([3, 'g9']), 1, 'g1'), 1);
  assert.equal(resendSeq([], undefined, 'g1'), undefined); // nothing queued: the end
});

// The conflict record's copy of the server's game (pwa/README.md "The conflict record"): a
// follow-up read that failed leaves it unknown (null), never "no hands", and taking the
// server's score waits for it, so the phone's hands are never replaced with nothing.

const SERVER = { hands: [{ hand_no: 1, bidder: 2, bid: { marks: 1 }, result: { made: true } }] };
const mineOnly = (conflict) => ({
  conflict,
  etag: '"old"',
  hands: [
    { hand_no: 1, bidder: 0, bid: { points: 30 }, result: { captured: 35 }, sync: 'conflict' },
  ],
});

test('a follow-up read that failed (503, 500) leaves the server copy unknown, not empty', () => {
  for (const status of [503, 500, 404]) {
    assert.deepEqual(serverCopy({ status, body: { code: status } }), {
      server_hands: null,
      server_etag: null,
    });
  }
  const read = serverCopy({ status: 200, body: SERVER, etag: '"e2"' });
  assert.equal(read.server_hands.length, 1);
  assert.equal(read.server_hands[0].bidder, 2);
  assert.equal(read.server_etag, '"e2"');
});

test(`"Keep theirs" with the server copy unknown changes nothing; once read, it takes it`, () => {
  const c = { status: 409, kind: 'add', hand_no: 1, ...serverCopy({ status: 503 }) };
  const game = mineOnly(c);
  const before = structuredClone(game);
  assert.equal(takeTheirs(game), false);
  assert.deepEqual(game, before); // hands, etag and the record all kept
  Object.assign(c, serverCopy({ status: 200, body: SERVER, etag: '"e2"' }));
  assert.equal(takeTheirs(game), true);
  assert.equal(game.conflict, null);
  assert.equal(game.etag, '"e2"');
  assert.deepEqual(
    game.hands.map((x) => [x.bidder, x.sync]),
    [[2, 'synced']],
  );
});

test('only a two-phone conflict or a locked undo whose copy is unknown asks to read it', () => {
  const unknown = serverCopy({ status: 503 });
  assert.equal(wantsServerCopy({ status: 409, ...unknown }), true);
  assert.equal(wantsServerCopy({ status: 412, ...unknown }), true);
  assert.equal(wantsServerCopy({ status: 409, locked: true, ...unknown }), true);
  assert.equal(wantsServerCopy({ status: 409, over: true, ...unknown }), false); // match settled
  assert.equal(wantsServerCopy({ status: 422, ...unknown }), false); // nothing to take
  assert.equal(wantsServerCopy({ status: 409, server_hands: [] }), false); // read: no hands
  assert.equal(wantsServerCopy(null), false);
});
