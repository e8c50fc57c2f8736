// The director's screen, live: it follows the event's stream (GET /api/e/{public token}/events,
// docs/tournaments.md "Live"), the board's, through the game screen's reconnect loop
// (live.js), and asks the screen to read the director view again when an `event` carries an
// ETag other than the one of the view on screen (its `live_etag`). Closed while the page is
// hidden or offline, and when the screen is left; the screen's 15 s read only runs while
// this is not live.
import { keepOpen, showStatus } from './live.js';

/**
 * Follow the event whose public link is `token`, calling `changed()` for each ETag other
 * than `drawn()`, the one on screen. Returns { live() (the stream is open now), stop() }.
 */
export function followEvent(token, drawn, changed) {
  const where = [`/api/e/${encodeURIComponent(token)}/events`, { Accept: 'text/event-stream' }];
  let ctrl = null;
  let open = false;
  let stopped = false;
  const status = (state) => {
    open = state === 'live';
    showStatus(state, 15); // the director's screen reads the view every 15 s meanwhile
  };
  const handle = (event) => {
    if (event.type === 'gone') return 'stop'; // deleted or its link revoked: the timer reads
    if (event.type !== 'event') return;
    let msg = null;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg?.etag !== drawn()) changed();
  };
  const restart = () => {
    ctrl?.abort();
    ctrl = null;
    status(null);
    if (stopped || document.visibilityState !== 'visible' || !navigator.onLine) return;
    const mine = new AbortController();
    ctrl = mine;
    keepOpen(() => where, mine.signal, status, handle)
      .then(() => {
        if (ctrl === mine) status(null);
      })
      .catch(() => {});
  };
  document.addEventListener('visibilitychange', restart);
  window.addEventListener('online', restart);
  window.addEventListener('offline', restart);
  restart();
  return {
    live: () => open,
    stop() {
      stopped = true;
      document.removeEventListener('visibilitychange', restart);
      window.removeEventListener('online', restart);
      window.removeEventListener('offline', restart);
      restart();
    },
  };
}
