// The board, live (docs/tournaments.md "The board"). Without JavaScript the page refreshes
// itself (meta refresh). Here it follows the event's stream instead (Server-Sent Events,
// GET /api/e/{public_token}/events: `event` after every change, `gone` at the end) and, while
// the stream is down or not served, polls the public view with If-None-Match (a 304 costs one
// small read). On a change it fetches a fresh copy of this page (the server renders it: one
// renderer for both) and swaps in only the parts that changed, so nothing flickers. It says
// quietly in the header, in the phone's words, "live" while the stream is open, "updates every
// 15 s" while it polls (no live process on this server), "reconnecting…" only once an open
// stream has been down a few seconds, "offline" with no network; it closes everything while hidden.
// A board of several screens (api/pages/board_screens.py) also moves on to the next one every
// data-screen-seconds: it fetches that screen (<body data-next>) and swaps it in the same way,
// so the live redraws and the rotation share one fetch and one swap.
// "Now calling" counts down each second to each table's time to sit down (data-until), on the
// server's clock as its answers' Date header gives it, not on the TV's own.
(() => {
  const token = location.pathname.split('/').pop();
  const meta = document.querySelector('meta[http-equiv="refresh"]');
  if (!token || !meta || !('EventSource' in window) || !('fetch' in window)) return;
  const pollMs = (Number.parseInt(meta.content, 10) || 15) * 1000;
  const api = `/api/e/${encodeURIComponent(token)}`;
  let source = null;
  let poller = null;
  let etag = document.body.dataset.etag || null; // the public view's ETag on screen
  let wanted = 0; // the last redraw asked for: an older answer arriving late is dropped
  let pause = 2000; // before reopening a stream the server refused; doubles to a minute
  let reopen = null;
  let wasLive = false; // the stream has been open: "reconnecting…" while it is down
  let clock = null; // "in about 5 min" moves on even while nothing happens: redraw each minute
  let shown = location.href; // the screen on show (a redraw fetches it; the rotation moves it)
  let rotator = null;
  let seconds = null; // the board's countdowns (time to sit down, the round clock), each second
  const screenMs = (Number.parseInt(document.body.dataset.screenSeconds, 10) || 15) * 1000;
  let skew = 0; // the server's clock less this one's, in ms (from the Date of its answers)
  const heard = (res) => {
    // Date is to the second: the server's clock is within it; moved only when it is out of
    // that second, so a countdown never steps back
    const at = Date.parse(res.headers.get('Date') || '') + 500 - Date.now();
    if (Math.abs(at - skew) > 1000) skew = at;
  };
  /** "m:ss" from now on the server's clock to the time `iso`, or null once it has passed. */
  const timeTo = (iso) => {
    const left = Math.ceil((Date.parse(iso) - Date.now() - skew) / 1000);
    return left > 0 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` : null;
  };
  const show = (el, words) => {
    if (el.textContent !== words) el.textContent = words;
  };
  /** Every countdown on the board, on the server's clock: a called table's time to sit down
   * ("4:05 to sit down") and a table's round clock ("12:30 left", api/pages/board_clock.py). */
  const countDown = () => {
    for (const el of document.querySelectorAll('.now .clock[data-until]')) {
      const left = timeTo(el.dataset.until);
      show(el, left ? `${left} to sit down` : 'time is up');
    }
    for (const el of document.querySelectorAll('.clock[data-deadline]')) {
      const left = timeTo(el.dataset.deadline);
      show(el, left ? `${left} left` : 'Time is up');
    }
  };

  let pending = null; // the timer that says "reconnecting…" if the failure lasts
  const say = (words) => {
    const el = document.querySelector('.live-state');
    if (el && el.textContent !== words) el.textContent = words;
  };
  /** The header's words for the stream's state now (`open`: the stream is open). */
  const state = (open) => {
    if (!open && wasLive && navigator.onLine) {
      pending ??= setTimeout(() => say('reconnecting…'), 4000); // a short failure is no news
      return;
    }
    clearTimeout(pending);
    pending = null;
    if (!navigator.onLine) say('offline');
    else if (open) say('live');
    else say(`updates every ${pollMs / 1000} s`);
  };
  window.addEventListener('offline', () => state(false));
  window.addEventListener('online', () => state(source?.readyState === 1));

  /** Swap in each part of `fresh` (a parsed page) whose HTML differs from the one shown. */
  function swap(fresh) {
    const main = document.querySelector('main.grid');
    const next = fresh.querySelector('main.grid');
    if (!main || !next) return;
    const parts = (root) => [...root.querySelectorAll('[data-part]')].map((el) => el.dataset.part);
    if (parts(main).join() !== parts(next).join()) {
      main.replaceWith(document.adoptNode(next)); // a part came or went: the whole body
    } else {
      for (const el of next.querySelectorAll('[data-part]')) {
        const old = main.querySelector(`[data-part="${el.dataset.part}"]`);
        if (old && old.outerHTML !== el.outerHTML) old.replaceWith(document.adoptNode(el));
      }
    }
    for (const part of ['what', 'screen']) {
      const old = document.querySelector(`header [data-part="${part}"]`);
      const got = fresh.querySelector(`header [data-part="${part}"]`);
      if (old && got && old.textContent !== got.textContent) old.textContent = got.textContent;
    }
    document.title = fresh.title;
    const body = document.body.dataset;
    for (const key of ['screen', 'screens', 'next']) {
      if (key in fresh.body.dataset) body[key] = fresh.body.dataset[key];
      else delete body[key];
    }
  }

  /** Fetch the screen on show and redraw what changed (`tag`: the view's new ETag; `force`:
   *  even when the view has not changed, for a new screen). */
  async function redraw(tag, force = false) {
    if (!force && tag && tag === etag) return;
    const mine = ++wanted;
    const url = shown;
    const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'text/html' } });
    heard(res);
    if (res.status === 404) return location.reload(); // the link is gone: the server says so
    if (!res.ok || mine !== wanted) return;
    const text = await res.text();
    if (mine !== wanted) return;
    const fresh = new DOMParser().parseFromString(text, 'text/html');
    swap(fresh);
    countDown();
    etag = fresh.body.dataset.etag || tag;
    document.body.dataset.etag = etag;
    if (url !== location.href) history.replaceState(null, '', url); // a reload stays here
  }

  /** On to the next screen, when the board has several and is not held on one. */
  function rotate() {
    const next = document.body.dataset.next;
    if (!next) return;
    shown = new URL(next, location.href).href;
    redraw(null, true).catch(() => {});
  }

  /** One poll of the public view: a 304 while nothing changed, else a redraw. */
  async function poll() {
    const headers = etag ? { 'If-None-Match': etag } : {};
    const res = await fetch(api, { cache: 'no-store', headers });
    heard(res);
    if (res.status === 304) return;
    if (res.status === 404) return location.reload();
    if (res.ok) await redraw(res.headers.get('ETag'));
  }

  function startPolling() {
    if (poller) return;
    poller = setInterval(() => poll().catch(() => {}), pollMs);
  }

  function stopPolling() {
    clearInterval(poller);
    poller = null;
  }

  function open() {
    if (source || document.visibilityState !== 'visible') return;
    const es = new EventSource(`${api}/events`);
    source = es;
    es.onopen = () => {
      pause = 2000;
      wasLive = true;
      stopPolling();
      state(true);
    };
    es.addEventListener('event', (e) => {
      let msg = null;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      redraw(msg?.etag).catch(() => {});
    });
    es.addEventListener('gone', () => {
      close();
      location.reload(); // deleted or revoked: the server's page says so
    });
    es.onerror = () => {
      // a stream not served here (a single-process server) is no fault: the poll keeps the
      // board current, and the bar keeps saying how often
      state(false);
      startPolling(); // the board stays right while the stream is down
      if (es.readyState === 2 && source === es) {
        // refused (not served here, too many streams): try again after a pause
        source = null;
        reopen = setTimeout(open, pause);
        pause = Math.min(60000, pause * 2);
      }
    };
  }

  function close() {
    if (source) source.close();
    source = null;
    clearTimeout(reopen);
    clearInterval(clock);
    clock = null;
    clearInterval(rotator);
    rotator = null;
    clearInterval(seconds);
    seconds = null;
    stopPolling();
  }

  function tick() {
    if (!seconds) seconds = setInterval(countDown, 1000);
    if (!clock) clock = setInterval(() => redraw(null).catch(() => {}), 60000);
    if (!rotator) rotator = setInterval(rotate, screenMs); // a board of one screen: no-op
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') {
      poll().catch(() => {}); // whatever changed while hidden, at once
      open();
      tick();
    } else close();
  }

  // JavaScript keeps the board current from here: the page's own refresh is cancelled once
  // the page has loaded (stopping it sooner would cut its load short).
  const cancelRefresh = () => {
    window.stop();
    meta.remove();
  };
  if (document.readyState === 'complete') cancelRefresh();
  else window.addEventListener('load', cancelRefresh, { once: true });
  document.addEventListener('visibilitychange', onVisibility);
  tick();
  poll()
    .catch(() => {})
    .finally(open);
})();
