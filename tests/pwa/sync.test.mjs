// What the outbox does with a refused write (pwa/js/sync.js `refusal`): parked for good,
// tried again shortly, or shown to the user (docs/api-errors.md "Statuses"; node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { refusal } from '../../pwa/js/sync.js';

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

// Issue 13's table phones (docs/tournament-screens.md "A table's phone"): a hand of a match
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
