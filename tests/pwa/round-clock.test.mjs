// The round clock's words (docs/rules.md 36-38; pwa/js/parts/round-clock.js) and the JS twin's
// time status: the hand in play is finished, level plays one more hand, the leader wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { mmss } from '../../pwa/js/parts/round-clock.js';
import { timeStatus } from '../../pwa/js/rules.js';

test('the time left reads as minutes and seconds, never below 0:00', () => {
  assert.equal(mmss(50 * 60 * 1000), '50:00');
  assert.equal(mmss(61_001), '1:02');
  assert.equal(mmss(-5000), '0:00');
});

test('docs/rules.md 37: after the hand in play the leader wins, level plays on', () => {
  const call = { hands: 2, in_play: true };
  assert.deepEqual(timeStatus([3, 1], 2, call), [false, null, 'finish_hand']);
  assert.deepEqual(timeStatus([3, 1], 3, call), [true, 0, 'decided']);
  assert.deepEqual(timeStatus([2, 2], 3, call), [false, null, 'one_more_hand']);
  assert.deepEqual(timeStatus([5, 5, 1], 4, call), [false, null, 'one_more_hand']);
});
