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
