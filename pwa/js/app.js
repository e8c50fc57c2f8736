// Tally 42 app shell: fragment router, service worker with "update available", the outbox
// triggers (start, online, timer), the live stream of the game on screen, and the screen wake
// lock during a game.
import { syncNow, syncOnTimer, watch } from './sync.js';
import { largeType, toast } from './ui.js';
import { loadRulesets } from './actions.js';

document.documentElement.classList.toggle('large-type', largeType()); // before any screen
const main = document.getElementById('view');
const net = document.getElementById('net');
const updateBar = document.getElementById('update');
const SYNC_EVERY_MS = 20000;

const ROUTES = [
  [/^#\/?$/, 'game-list'],
  [/^#\/new(?:\/([\w-]+))?$/, 'new-game'],
  [/^#\/g\/([\w-]+)$/, 'score-sheet'],
  [/^#\/g\/([\w-]+)\/hand(?:\/(\d+))?$/, 'hand-entry'],
  [/^#\/g\/([\w-]+)\/hand\/new\/(\d+)$/, 'hand-entry', true],
  [/^#\/g\/([\w-]+)\/over$/, 'game-over'],
  [/^#\/g\/([\w-]+)\/conflict$/, 'conflict'],
  [/^#\/g\/([\w-]+)\/rules$/, 'rules-screen'],
  [/^#\/rules\/([\w-]+)$/, 'rules-screen', 'preset'],
  [/^#\/join\/([\w-]+)\/([\w-]+)$/, 'join'],
  [/^#\/backup$/, 'backup'],
  [/^#\/crews$/, 'crews'],
  [/^#\/crew\/([\w-]+)$/, 'crew'],
  [/^#\/crew\/([\w-]+)\/stats$/, 'crew-stats'],
  [/^#\/crew\/([\w-]+)\/flights$/, 'crew-flights'],
  [/^#\/crew\/([\w-]+)\/seasons$/, 'crew-seasons'],
  [/^#\/crew\/([\w-]+)\/season\/([\w-]+)$/, 'crew-season'],
  [/^#\/crew-join\/([\w-]+)\/([\w-]+)$/, 'crew-join'],
  [/^#\/events$/, 'events'],
  [/^#\/events\/new$/, 'event-new'],
  [/^#\/e\/([\w-]+)$/, 'event'],
  [/^#\/t\/([\w-]+)\/([\w.]+)(?:\/([\w-]+))?$/, 'table'],
  [/^#\/table\/([\w-]+)\/(\d{1,4})(?:\/([\w-]+))?$/, 'table-phone'],
  [/^#\/parties$/, 'parties'],
  [/^#\/parties\/new$/, 'party-new'],
  [/^#\/party\/([\w-]+)$/, 'party'],
  [/^#\/table\/p\/([\w-]+)\/(\d{1,4})(?:\/([\w-]+))?$/, 'party-table'],
];
// screens that show no game of this phone (the others' first argument is a game id)
const NOT_A_GAME = new Set([
  'game-list',
  'new-game',
  'backup',
  'events',
  'event-new',
  'event',
  'table',
  'table-phone',
  'parties',
  'party-new',
  'party',
  'party-table',
]);
let cleanup = null;
let live = null; // live.js (a promise), loaded with the first game shown: not in the first load

/** Follow the live stream of game `id` (null: none), in the order the screens were shown. */
function follow(id) {
  if (!id && !live) return;
  live ??= import('./live.js');
  live.then((module) => module.follow(id));
}

/** Render the view for the current fragment. */
async function route() {
  const hash = location.hash || '#/';
  const found = ROUTES.map(([re, name, kind]) => [hash.match(re), name, kind]).find(([m]) => m);
  const [match, name, kind] = found || [['#/'], 'game-list'];
  let args = match.slice(1);
  if (kind === true) args = [match[1], undefined, match[2]]; // a new hand: bidder, no hand_no
  if (kind === 'preset') args = [null, match[1]]; // the rules of a preset, not of a game
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  // each screen draws into its own box: a slow render of a screen already left writes into a
  // detached box, never over the screen that replaced it
  const box = document.createElement('div');
  main.replaceChildren(box);
  const view = await import(`./views/${name}.js`);
  if (!box.isConnected) return;
  const gameId =
    NOT_A_GAME.has(name) || name.startsWith('crew') || kind === 'preset' ? null : match[1];
  watch(gameId);
  follow(gameId); // the game on screen follows the server's live stream
  keepAwake(Boolean(gameId));
  window.scrollTo(0, 0); // a new screen starts at its top: after a save, the score is in view
  const done = (await view.render(box, ...args)) || null;
  if (box.isConnected) cleanup = done;
  else if (done) done();
  if (document.activeElement === document.body) main.focus({ preventScroll: true });
}

// --- screen wake lock: only while a game is on screen, re-taken when the page is shown again
let lock = null;
let wantLock = false;
async function keepAwake(on) {
  wantLock = on;
  if (!('wakeLock' in navigator)) return;
  if (on && !lock && document.visibilityState === 'visible') {
    try {
      lock = await navigator.wakeLock.request('screen');
      document.documentElement.dataset.awake = 'on';
      lock.addEventListener('release', () => {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    } catch {
      lock = null;
    } // refused (battery saver, hidden page): the game goes on regardless
  } else if (!on && lock) {
    await lock.release();
    lock = null;
  }
}
document.addEventListener('visibilitychange', () => {
  if (wantLock) keepAwake(true);
});

// --- network state and outbox triggers
function showNet(online) {
  net.textContent = online ? '' : 'Offline';
}
window.addEventListener('online', () => {
  showNet(true);
  syncNow();
});
window.addEventListener('offline', () => showNet(false));
window.addEventListener('tally:network', (e) => showNet(e.detail));
setInterval(() => {
  if (navigator.onLine) syncOnTimer(); // rests while the game on screen is live (live.js)
}, SYNC_EVERY_MS);

// --- service worker and "update available"
async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.register('/sw.js');
  const offer = (worker) => {
    updateBar.hidden = false;
    document.getElementById('update-now').onclick = () => worker.postMessage('skip-waiting');
  };
  if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || updateBar.hidden) return;
    reloading = true;
    location.reload();
  });
}

// --- plain HTTP at the hall's network address: say what does not work there (docs/hall.md)
if (!window.isSecureContext) {
  import('./parts/hall-note.js').then(({ hallNote }) => {
    const note = hallNote();
    if (note) main.before(note);
  });
}

window.addEventListener('hashchange', route);
window.addEventListener('unhandledrejection', (e) =>
  toast(`Something went wrong: ${e.reason?.message}`),
);
showNet(navigator.onLine);
route();
registerWorker();
syncNow();
loadRulesets(); // cached in IndexedDB, so a game can be started offline after the first load
// ask the browser not to evict IndexedDB under storage pressure: the hands live there
if (navigator.storage?.persist) navigator.storage.persist().catch(() => {});
