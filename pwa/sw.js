// Tally 42 service worker: a versioned precache of the app shell; the API always goes to the network.
const VERSION = '95ac5dec4eb2';
const CACHE = `tally42-shell-${VERSION}`;
const SHELL = [
  '/',
  '/index.html',
  '/manifest.webmanifest',
  '/css/app.css',
  '/js/app.js',
  '/js/api.js',
  '/js/store.js',
  '/js/sync.js',
  '/js/rules.js',
  '/js/ui.js',
  '/js/game.js',
  '/js/names.js',
  '/js/hand-pick.js',
  '/js/hand-state.js',
  '/js/parts/seat-grid.js',
  '/js/parts/match-line.js',
  '/js/parts/rules-body.js',
  '/js/parts/house-rules.js',
  '/js/parts/seat-picker.js',
  '/js/parts/shaker-pick.js',
  '/js/parts/count-helper.js',
  '/js/parts/team-list.js',
  '/js/parts/print-links.js',
  '/js/parts/team-edit.js',
  '/js/parts/event-settings.js',
  '/js/parts/event-delete.js',
  '/js/parts/event-flights.js',
  '/js/parts/rounds.js',
  '/js/parts/hall-note.js',
  '/js/actions.js',
  '/js/live.js',
  '/js/sse.js',
  '/js/views/game-list.js',
  '/js/views/new-game.js',
  '/js/views/score-sheet.js',
  '/js/views/hand-entry.js',
  '/js/views/game-over.js',
  '/js/views/conflict.js',
  '/js/views/join.js',
  '/js/parts/qr-code.js',
  '/js/vendor/lean-qr.js',
  '/js/words.js',
  '/js/views/rules-screen.js',
  '/js/views/backup.js',
  '/js/backup.js',
  '/js/charts.js',
  '/js/stat-charts.js',
  '/js/crews.js',
  '/js/views/crews.js',
  '/js/views/crew.js',
  '/js/views/crew-join.js',
  '/js/views/crew-stats.js',
  '/js/views/crew-flights.js',
  '/js/parts/crew-ratings.js',
  '/js/seasons.js',
  '/js/views/crew-seasons.js',
  '/js/views/crew-season.js',
  '/js/director.js',
  '/js/event-live.js',
  '/js/views/events.js',
  '/js/views/event-new.js',
  '/js/views/event.js',
  '/js/parts/director-results.js',
  '/js/parts/director-matches.js',
  '/js/parts/director-links.js',
  '/js/parts/director-teams.js',
  '/js/parts/director-frame.js',
  '/js/views/table.js',
  '/js/views/table-phone.js',
  '/js/parts/sign-off.js',
  '/js/parts/seat-clock.js',
  '/js/parts/no-show-prompt.js',
  '/js/parts/round-clock.js',
  '/js/parts/table-match.js',
  '/js/parts/table-link.js',
  '/js/party.js',
  '/js/kept-list.js',
  '/js/views/parties.js',
  '/js/views/party-new.js',
  '/js/views/party.js',
  '/js/views/party-table.js',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

self.addEventListener('install', (event) => {
  // cache: 'reload' so a new version never precaches stale files from the HTTP cache
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('tally42-shell-') && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

const SERVER_PATHS = ['/api/', '/s/', '/b/', '/p/', '/party/'];

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  // the server's own pages: the API, share pages, the board, the paper kit (/p/) and a
  // party's board (/party/)
  if (SERVER_PATHS.some((prefix) => url.pathname.startsWith(prefix))) return;
  // navigations get the shell (routes live in the fragment); assets come cache-first
  const key = event.request.mode === 'navigate' ? '/index.html' : event.request;
  event.respondWith(
    caches.match(key, { ignoreSearch: true }).then((hit) => hit || fetch(event.request)),
  );
});
