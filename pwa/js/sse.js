// A text/event-stream parser for a fetch() body, since EventSource cannot send the edit
// token in a header. It follows the WHATWG rules: fields `event`, `data`, `id`, `retry`;
// lines end in CRLF, LF or CR and may be split anywhere across chunks; a line starting with a
// colon is a comment (the keep-alive); a blank line dispatches the event.

/**
 * Yield the events of a stream of text chunks as {type, data, id, retry}: `type` defaults
 * to 'message', `id` is undefined when the event set none, `retry` (ms) only when sent.
 * An event with no data is not dispatched, but its `retry` still is (as {retry}).
 * Aborting `signal` cancels the reader, which ends the loop.
 */
export async function* events(textStream, signal) {
  const reader = textStream.getReader();
  const abort = () => reader.cancel().catch(() => {});
  signal?.addEventListener('abort', abort);
  let buffer = '';
  let pendingCR = false; // a chunk ended in CR: a LF opening the next one belongs to it
  let ev = fresh();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += pendingCR && value.startsWith('\n') ? value.slice(1) : value;
      pendingCR = buffer.endsWith('\r');
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop(); // an unfinished line waits for the next chunk
      for (const line of lines) {
        if (line !== '') {
          field(ev, line);
          continue;
        }
        if (ev.data.length) yield { ...ev, data: ev.data.join('\n') };
        else if (ev.retry) yield { retry: ev.retry };
        ev = fresh();
      }
    }
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

const fresh = () => ({ type: 'message', data: [], id: undefined, retry: undefined });

/** Apply one non-blank line to the event being built. */
function field(ev, line) {
  if (line.startsWith(':')) return; // a comment: the keep-alive
  const colon = line.indexOf(':');
  const name = colon < 0 ? line : line.slice(0, colon);
  let value = colon < 0 ? '' : line.slice(colon + 1);
  if (value.startsWith(' ')) value = value.slice(1);
  if (name === 'event') ev.type = value;
  else if (name === 'data') ev.data.push(value);
  else if (name === 'id' && !value.includes('\0')) ev.id = value;
  else if (name === 'retry' && /^\d+$/.test(value)) ev.retry = Number(value);
}
