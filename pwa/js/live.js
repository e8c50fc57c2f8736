// Live: the game on screen follows the server's editor stream (Server-Sent Events), so a hand
// entered on another phone shows here within a second instead of at the next pull.
// The stream is read with fetch() and a ReadableStream, not EventSource, so the edit token
// travels in the Authorization header and never in a URL. A pushed state other than the one
// held here triggers sync.js's pull, the path that already takes other phones' hands: a
// conflict or a queued write is never overwritten. The stream is closed while the page is
// hidden (no battery drain) and reopened with Last-Event-ID when it is shown again; a missed
// event is harmless, the state is whole. Its reconnect loop (keepOpen) also serves the
// director's screen (event-live.js).
import * as store from './store.js';
import { events } from './sse.js';
import { pull, pushing } from './sync.js';

const BACKOFF_MAX_MS = 30000;
// No live process on this server (503 LIVE_UNAVAILABLE): the 20 s pull keeps the screen
// current, so the bar says so quietly, and the stream is asked again this much later.
const UNAVAILABLE_WAIT_MS = 60000;
// A failure is only news when it lasts: "reconnecting…" waits this long for the stream.
const RECONNECTING_AFTER_MS = 4000;
const PULL_SECONDS = 20; // app.js's SYNC_EVERY_MS
const STATUS_WORDS = {
  live: () => 'live',
  polling: (seconds) => `updates every ${seconds} s`,
  reconnecting: () => 'reconnecting…',
};

let followed = null; // the game on screen
let running = null; // { id, ctrl } of the open stream
let retryMs = 2000; // the server's `retry:` (2 s) until it says otherwise
let lastEventId = null;
let lastGame = null;
let shown = null; // the state the bar shows: 'live', 'polling', 'reconnecting' or null
let pending = null; // the timer that will say "reconnecting…" if the failure lasts
// Where the streams are: '' (this origin: one server, or a proxy routing /api/**/events to
// the live process) or the live process's origin, as the API named it in its 421 answer (the
// two-port local start). Forgotten when a connection there fails, so the API is asked again.
let liveBase = '';

/** Follow a game's stream (null: follow none). Called by the router for the game on screen. */
export function follow(id) {
  if (id === followed && (running || !id)) return; // same game, other screen: keep the stream
  if (id && id !== lastGame) lastEventId = null; // an event id belongs to one game
  lastGame = id ?? lastGame;
  followed = id;
  restart();
}

/** Close any open stream, then open one for the followed game if the page is visible. */
function restart() {
  if (running) running.ctrl.abort();
  running = null;
  if (!followed || document.visibilityState !== 'visible') {
    showStatus(null);
    return;
  }
  const ctrl = new AbortController();
  const { signal } = ctrl;
  running = { id: followed, ctrl };
  const id = followed;
  keepOpen(
    () => ask(id),
    signal,
    showStatus,
    async (event) => {
      if (event.id !== undefined) lastEventId = event.id;
      if (event.type === 'gone') return 'stop';
      if (event.type === 'game') await onGame(id, event.data);
    },
  )
    .then(() => {
      if (running?.ctrl.signal !== signal) return;
      running = null; // stopped for good (deleted, not ours): the next follow() starts afresh
      showStatus(null);
    })
    .catch(() => {});
}

/** The game's stream, as [path, headers]; or 'stop' (no such game) or 'failed' (not yet). */
async function ask(id) {
  const game = await store.getGame(id);
  if (!game) return 'stop';
  if (!game.created || !game.edit_token) return 'failed'; // not on the server yet
  const headers = { Accept: 'text/event-stream', Authorization: `Bearer ${game.edit_token}` };
  if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
  return [`/api/games/${encodeURIComponent(id)}/events`, headers];
}

/**
 * The phone's one reconnect loop: until `signal` aborts, ask `where()` for [path, headers], read that stream, hand each event
 * to `handle` (which may answer 'stop'), and reopen it, after a backoff when it failed.
 */
export async function keepOpen(where, signal, status, handle) {
  let failures = 0;
  while (!signal.aborted) {
    const opened = Date.now();
    const asked = await where();
    const outcome = Array.isArray(asked) ? await connect(...asked, signal, status, handle) : asked;
    if (signal.aborted || outcome === 'stop') break;
    if (outcome === 'moved') continue; // told where the streams are: go there now
    if (outcome === 'unavailable') {
      // no live process here: nothing is wrong, the pull does the work
      failures = 0;
      status('polling');
      await sleep(UNAVAILABLE_WAIT_MS, signal);
      continue;
    }
    // a stream the server closed after a while (its time limit): reconnect at once; one closed
    // straight away counts as a failure, so a broken server is never hammered
    if (outcome === 'ended' && Date.now() - opened > 5000) failures = 0;
    else failures += 1;
    status('reconnecting');
    const wait = failures ? Math.min(BACKOFF_MAX_MS, retryMs * 2 ** (failures - 1)) : 0;
    const jitter = failures ? Math.random() * 0.3 * wait : 0;
    await sleep(wait + jitter, signal);
  }
}

/**
 * One connection: 'ended' (closed by the server), 'failed' (try again), 'moved' (the API
 * named the live process: connect there) or 'stop' (never).
 */
async function connect(path, headers, signal, status, handle) {
  let res;
  try {
    res = await fetch(`${liveBase}${path}`, { headers, cache: 'no-store', signal });
  } catch {
    liveBase = ''; // offline, aborted, or the live process moved: ask the API again next time
    return 'failed';
  }
  const elsewhere = res.status === 421 && !liveBase && res.headers.get('Tally-Live-URL');
  if (elsewhere && /^https?:\/\//.test(elsewhere)) {
    liveBase = elsewhere.replace(/\/+$/, '');
    return 'moved';
  }
  if ([401, 403, 404, 410].includes(res.status)) return 'stop'; // deleted or not ours
  if (res.status === 503 && (await unavailable(res))) return 'unavailable';
  if (res.status !== 200 || !res.body) return 'failed'; // 429, 5xx, or no stream here
  status('live');
  try {
    const body = res.body.pipeThrough(new TextDecoderStream());
    for await (const event of events(body, signal)) {
      if (event.retry) retryMs = event.retry;
      if ((await handle(event)) === 'stop') return 'stop';
    }
  } catch {
    return 'failed'; // the connection dropped mid-stream
  }
  return 'ended';
}

/** Whether a 503 says this server runs no live process (LIVE_UNAVAILABLE), not a fault. */
async function unavailable(res) {
  try {
    return (await res.json())?.rule_code === 'LIVE_UNAVAILABLE';
  } catch {
    return false;
  }
}

/**
 * A pushed state: if it is not the one this phone holds (same ETag), pull. The pull is the
 * one path that takes a server copy: it skips a game with a conflict or a queued write, and
 * it reads the current state, so an event overtaken by this phone's own newer write (its
 * ETag differs too) can never take a hand away again.
 */
async function onGame(id, data) {
  let msg;
  try {
    msg = JSON.parse(data);
  } catch {
    return;
  }
  const game = await store.getGame(id);
  if (!game || (msg?.etag && msg.etag === game.etag)) return;
  await pull(id);
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Say quietly in the bar how the screen keeps current (no announcement: it changes often):
 * "live" while a stream is open, "updates every 20 s" when the server has no live process
 * (`seconds`: the screen's own pull), "reconnecting…" only once a failure has lasted
 * RECONNECTING_AFTER_MS, and nothing offline (the bar's "Offline" says it).
 */
export function showStatus(state, seconds = PULL_SECONDS) {
  pushing(state === 'live' ? followed : null); // live: the timer's pull rests
  if (state === 'reconnecting') {
    // a short failure is no news: the words wait (each retry's failure keeps the first
    // one's timer), while the pull resumes at once (above)
    if (shown !== 'reconnecting' && navigator.onLine)
      pending ??= setTimeout(() => paint('reconnecting', seconds), RECONNECTING_AFTER_MS);
    return;
  }
  clearTimeout(pending);
  pending = null;
  paint(state, seconds);
}

function paint(state, seconds) {
  shown = state;
  pending = null;
  let el = document.getElementById('live');
  if (!el) {
    const bar = document.querySelector('.bar');
    if (!bar || !state) return;
    el = document.createElement('span');
    el.id = 'live';
    el.className = 'live-state';
    bar.insertBefore(el, document.getElementById('net'));
  }
  el.dataset.state = state || '';
  el.textContent = (navigator.onLine && STATUS_WORDS[state]?.(seconds)) || '';
}

document.addEventListener('visibilitychange', restart);
window.addEventListener('online', () => {
  if (followed) restart(); // back online: reconnect now, not after the backoff
});
window.addEventListener('offline', () => showStatus(null));
window.addEventListener('tally:changed', (e) => {
  // a game started offline reaches the server: connect now, not after the backoff
  if (e.detail === followed && shown !== 'live' && navigator.onLine) restart();
});
