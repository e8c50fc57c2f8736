// The board on a phone (api/templates/board_phone.html): "Find my team" filters the teams as
// one types (and keeps the words in the address, so a reload finds the same team); every
// data-refresh seconds while the page is in view it fetches the page again and swaps in only
// the parts that changed, so the screen never jumps to the top or turns on its own. Without
// JavaScript the form asks the server (?team=) and the page reloads itself now and then.
(() => {
  const input = document.getElementById('find');
  const form = input?.closest('form');
  if (!input || !form || !('fetch' in window)) return;
  const refreshMs = (Number.parseInt(document.body.dataset.refresh, 10) || 15) * 1000;

  /** Show the teams whose name or players hold the words typed (all when none). */
  function filter() {
    const words = input.value.trim().toLowerCase();
    let shown = 0;
    for (const li of document.querySelectorAll('.teams li[data-find]')) {
      li.hidden = Boolean(words) && !li.dataset.find.includes(words);
      if (!li.hidden) shown += 1;
    }
    const none = document.querySelector('.teams .none');
    if (none) none.hidden = !words || shown > 0;
    const head = document.getElementById('teams-h');
    if (head)
      head.textContent = words ? `Teams matching “${input.value.trim()}”` : 'Where each team is';
  }
  input.addEventListener('input', () => {
    filter();
    const url = new URL(location.href);
    if (input.value.trim()) url.searchParams.set('team', input.value.trim());
    else url.searchParams.delete('team');
    history.replaceState(null, '', url);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault(); // filtered in place already: the phone's keyboard closes
    input.blur();
  });

  /** Fetch the page again and swap in each part whose HTML changed. */
  async function redraw() {
    let res;
    try {
      res = await fetch(location.pathname, { cache: 'no-cache' });
    } catch {
      return; // no signal: try again at the next turn
    }
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
    const main = document.getElementById('live');
    const next = fresh.getElementById('live');
    if (!main || !next) return;
    const parts = (root) => [...root.querySelectorAll('[data-part]')].map((el) => el.dataset.part);
    if (parts(main).join() !== parts(next).join()) main.replaceWith(document.adoptNode(next));
    else
      for (const el of next.querySelectorAll('[data-part]')) {
        const old = main.querySelector(`[data-part="${el.dataset.part}"]`);
        if (old && old.outerHTML !== el.outerHTML) old.replaceWith(document.adoptNode(el));
      }
    const state = document.querySelector('[data-part="state"]');
    const got = fresh.querySelector('[data-part="state"]');
    if (state && got) state.textContent = got.textContent;
    filter();
  }
  setInterval(() => {
    if (document.visibilityState === 'visible') redraw();
  }, refreshMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') redraw();
  });
  filter();
})();
