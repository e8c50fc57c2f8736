// The share page, live: where JavaScript runs, the page follows the game's share stream
// (Server-Sent Events, GET /api/share/{token}/events) and redraws its main part from a fresh
// copy of this page when a hand lands. Without JavaScript (or until the stream opens) the
// page keeps its refresh; once the stream is open the refresh is cancelled, and it comes
// back as a timer whenever the stream is down. The stream is closed while the page is hidden.
// The note says what is true, in the phone's words: "live" while the stream is open, "updates
// every 30 s" while the page refreshes (no live process on this server), "reconnecting…" only
// once an open stream has been down a few seconds, and "offline" with no network.
(() => {
  const token = location.pathname.split('/').pop();
  const meta = document.querySelector('meta[http-equiv="refresh"]');
  if (!token || !meta || !('EventSource' in window)) return; // a finished game is not live
  const refreshMs = (Number.parseInt(meta.content, 10) || 30) * 1000;
  let source = null;
  let fallback = null; // the refresh, as a timer, while the stream is down
  let cancelled = false;
  let drawn = null; // the revision on screen
  let wanted = null; // the revision last asked for (an older answer arriving late is dropped)
  let pause = 2000; // before reopening a stream the server closed for good; doubles to a minute
  let wasLive = false; // the stream has been open: a failure now is "reconnecting…"
  let pending = null; // the timer that says "reconnecting…" if the failure lasts

  const note = () => document.querySelector('.live');
  const every = `updates every ${refreshMs / 1000} s`;
  const say = (words) => {
    const el = note();
    if (el) el.textContent = words;
  };
  /** The note for the stream's state now: 'live', or down ('down') for so long already. */
  const state = (open) => {
    if (!open && wasLive && navigator.onLine) {
      // each retry fails again: the first failure's timer stands
      pending ??= setTimeout(() => say('reconnecting…'), 4000);
      return;
    }
    clearTimeout(pending);
    pending = null;
    if (!navigator.onLine) say('offline');
    else if (open) say('live');
    else say(every); // never opened: no live process here, the refresh keeps the page current
  };
  window.addEventListener('offline', () => state(false));
  window.addEventListener('online', () => state(source?.readyState === 1));

  /** Redraw the page's main part from a fresh copy of the page (the server renders it). */
  async function redraw(revision) {
    if (revision === drawn) return;
    wanted = revision;
    const res = await fetch(location.href, { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!res.ok) return location.reload(); // gone or broken: let the server say so
    const text = await res.text();
    if (wanted !== revision) return; // a newer event's redraw is on its way
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const fresh = doc.querySelector('main');
    if (!fresh) return;
    drawn = revision;
    const stillLive = Boolean(doc.querySelector('meta[http-equiv="refresh"]'));
    // a table the reader unfolded (the score race's) stays unfolded through the redraw
    const unfolded = [...document.querySelectorAll('main details[open] > summary')].map(
      (s) => s.textContent,
    );
    for (const s of fresh.querySelectorAll('details > summary'))
      if (unfolded.includes(s.textContent)) s.parentElement.open = true;
    document.querySelector('main').replaceWith(document.adoptNode(fresh));
    document.title = doc.title;
    if (!stillLive) return stop(); // the game is over: nothing more will come
    if (source?.readyState === 1) state(true);
  }

  function open() {
    if (source || document.visibilityState !== 'visible') return;
    const es = new EventSource(`/api/share/${encodeURIComponent(token)}/events`);
    source = es;
    es.onopen = () => {
      pause = 2000;
      clearTimeout(fallback);
      fallback = null;
      if (!cancelled) {
        cancelled = true;
        window.stop(); // cancels the page's pending refresh (meta and header alike)
        meta.remove();
        if (es.readyState === 2) {
          // window.stop() closed this stream too (Chromium does): open the next one at once
          es.onerror = null;
          source = null;
          open();
          return;
        }
      }
      wasLive = true;
      state(true);
    };
    es.addEventListener('game', (e) => {
      let msg = null;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      redraw(msg?.revision).catch(() => {});
    });
    es.addEventListener('gone', () => {
      stop();
      location.reload(); // revoked or deleted: the server's page says so
    });
    es.onerror = () => {
      state(false);
      if (es.readyState === 2 && source === es) {
        // closed for good (a refusal, such as too many streams): reopen after a pause
        source = null;
        setTimeout(open, pause);
        pause = Math.min(60000, pause * 2);
      }
      armFallback();
    };
  }

  /** While the stream is down, reload as the refresh would have. */
  function armFallback() {
    if (fallback || !cancelled) return;
    fallback = setTimeout(() => location.reload(), refreshMs);
  }

  function close() {
    if (source) source.close();
    source = null;
    clearTimeout(fallback);
    fallback = null;
  }

  function stop() {
    close();
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(pending);
    say('');
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') open();
    else close();
  }

  document.addEventListener('visibilitychange', onVisibility);
  open();
})();
