// The director screens' one frame (pwa/js/parts/director-frame.js, node --test, with a note,
// a document and a clock of its own): a token the server no longer knows is told from any
// other refusal, the note says and hides, and the reads every few seconds run only while the
// screen is in sight and stop, with everything else, once the director leaves.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { directorFrame, sayIn, unknownToken } from '../../pwa/js/parts/director-frame.js';

const note = () => ({
  textContent: '',
  hidden: true,
  scrolled: 0,
  scrollIntoView() {
    this.scrolled += 1;
  },
});

test('only a 401 UNKNOWN_TOKEN says the event or party is gone', () => {
  assert.equal(unknownToken({ status: 401, body: { rule_code: 'UNKNOWN_TOKEN' } }), true);
  assert.equal(unknownToken({ status: 403, body: { rule_code: 'UNKNOWN_TOKEN' } }), false);
  assert.equal(unknownToken({ status: 401, body: { rule_code: 'TABLE_LINK_ENDED' } }), false);
  assert.equal(unknownToken(null), false, 'no signal is not gone');
});

test('the note says words and hides when empty; a quiet word never moves the screen', () => {
  const box = note();
  const say = sayIn(box, true);
  say('No signal');
  assert.deepEqual([box.textContent, box.hidden, box.scrolled], ['No signal', false, 1]);
  say('Still none', true);
  assert.equal(box.scrolled, 1);
  say('');
  assert.deepEqual([box.textContent, box.hidden], ['', true]);
  const party = note();
  sayIn(party)('Refused');
  assert.equal(party.scrolled, 0, "the party's note does not scroll");
});

test('reads run while the screen is in sight and the screen allows, and stop on leaving', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  globalThis.document = { visibilityState: 'visible' };
  const listeners = new Map();
  globalThis.window = {
    addEventListener: (kind, fn) => listeners.set(kind, fn),
    removeEventListener: (kind) => listeners.delete(kind),
  };
  try {
    const frame = directorFrame(note());
    let reads = 0;
    let typing = false;
    let streamStopped = false;
    frame.follow(
      () => (reads += 1),
      1000,
      () => !typing,
      true,
    );
    frame.onLeave(() => (streamStopped = true));
    t.mock.timers.tick(1000);
    typing = true;
    t.mock.timers.tick(1000);
    typing = false;
    document.visibilityState = 'hidden';
    t.mock.timers.tick(1000);
    assert.equal(reads, 1);
    listeners.get('online')();
    assert.equal(reads, 2, 'the signal back reads at once');
    frame.leave();
    document.visibilityState = 'visible';
    t.mock.timers.tick(5000);
    assert.deepEqual([reads, frame.left, streamStopped, listeners.size], [2, true, true, 0]);
  } finally {
    delete globalThis.document;
    delete globalThis.window;
  }
});
