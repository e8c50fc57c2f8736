// The live stream's parser (pwa/js/sse.js), fed the way a network delivers: in chunks split
// anywhere, with CRLF, LF or CR line ends, keep-alive comments and multi-line data (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { events } from '../../pwa/js/sse.js';

/** A ReadableStream of the given text chunks. */
const chunks = (parts) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

async function collect(parts, signal) {
  const out = [];
  for await (const ev of events(chunks(parts), signal)) out.push(ev);
  return out;
}

const STREAM =
  'retry: 2000\n\n: keep-alive\n\nid: 7\nevent: game\ndata: {"revision":7,\ndata: "game":{}}\n\n' +
  'event: gone\ndata: {"reason":"revoked"}\n\n';

test('events, their ids and the retry delay', async () => {
  assert.deepEqual(await collect([STREAM]), [
    { retry: 2000 },
    { type: 'game', data: '{"revision":7,\n"game":{}}', id: '7', retry: undefined },
    { type: 'gone', data: '{"reason":"revoked"}', id: undefined, retry: undefined },
  ]);
});

test('chunks split anywhere, even inside a CRLF, give the same events', async () => {
  const whole = await collect([STREAM]);
  const crlf = STREAM.replaceAll('\n', '\r\n');
  for (const text of [STREAM, crlf, STREAM.replaceAll('\n', '\r')]) {
    for (let cut = 1; cut < text.length; cut += 1) {
      assert.deepEqual(await collect([text.slice(0, cut), text.slice(cut)]), whole, `cut ${cut}`);
    }
  }
  assert.deepEqual(await collect([...crlf]), whole); // one character a chunk
});

test('an unfinished event at the end of the stream is dropped', async () => {
  assert.deepEqual(await collect(['id: 3\nevent: game\ndata: {}']), []);
});

test('a field without a colon, an unknown field and a bad retry are ignored', async () => {
  const out = await collect(['data\nfoo: bar\nretry: soon\n\n']);
  assert.deepEqual(out, [{ type: 'message', data: '', id: undefined, retry: undefined }]);
});

test('aborting ends the loop', async () => {
  const ctrl = new AbortController();
  const endless = new ReadableStream({
    pull(controller) {
      controller.enqueue('data: x\n\n');
      return new Promise((resolve) => setTimeout(resolve, 5));
    },
  });
  let seen = 0;
  for await (const ev of events(endless, ctrl.signal)) {
    assert.equal(ev.data, 'x');
    seen += 1;
    if (seen === 3) ctrl.abort();
  }
  assert.equal(seen, 3);
});
