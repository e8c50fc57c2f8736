// IndexedDB: games, the outbox of requests still to send, and cached rulesets.
// Every write is one transaction with durability 'strict': a saved hand survives a crash.
const DB_NAME = 'tally42';
const DB_VERSION = 1;
let opening = null;

/** Open (and on first use create) the database. Rejects if IndexedDB is unavailable. */
export function openDb() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        db.createObjectStore('games', { keyPath: 'id' });
        const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('game', 'game_id');
        db.createObjectStore('meta', { keyPath: 'key' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return opening;
}

/** Run fn(stores) in one transaction; resolves with fn's value once the transaction commits. */
async function run(names, mode, fn) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(names, mode, {
      durability: mode === 'readwrite' ? 'strict' : 'default',
    });
    const stores = Object.fromEntries(names.map((n) => [n, tx.objectStore(n)]));
    let value;
    Promise.resolve(fn(stores)).then(
      (v) => {
        value = v;
      },
      (e) => {
        tx.abort();
        reject(e);
      },
    );
    tx.oncomplete = () => resolve(value);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('transaction aborted'));
  });
}

/** Turn an IDBRequest into a promise. */
function done(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export const getGame = (id) => run(['games'], 'readonly', (s) => done(s.games.get(id)));
export const allGames = () => run(['games'], 'readonly', (s) => done(s.games.getAll()));
export const putGame = (game) =>
  run(['games'], 'readwrite', (s) => {
    s.games.put(game);
  });
export const outboxAll = () => run(['outbox'], 'readonly', (s) => done(s.outbox.getAll()));
export const getMeta = (key) =>
  run(['meta'], 'readonly', (s) => done(s.meta.get(key))).then((row) => row?.value);
export const allMeta = () => run(['meta'], 'readonly', (s) => done(s.meta.getAll()));
export const putMeta = (key, value) =>
  run(['meta'], 'readwrite', (s) => {
    s.meta.put({ key, value });
  });

/** Save the game and append ops to the outbox, atomically. */
export function saveAndQueue(game, ops) {
  return run(['games', 'outbox'], 'readwrite', (s) => {
    s.games.put(game);
    for (const op of ops) s.outbox.add({ ...op, game_id: game.id, queued_at: Date.now() });
  });
}

/**
 * Read-modify-write one game in a single transaction, so concurrent writers (the views and
 * the outbox) never overwrite each other with stale copies. mutate(game) changes the game in
 * place (synchronously) and may return ops to append to the outbox; dequeue removes one op.
 * Resolves with the updated game (undefined if it does not exist); a throw aborts everything.
 */
export function updateGame(id, mutate, { dequeue = null } = {}) {
  return run(
    ['games', 'outbox'],
    'readwrite',
    (s) =>
      new Promise((resolve, reject) => {
        const req = s.games.get(id);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const game = req.result;
          try {
            const ops = game ? mutate(game) || [] : [];
            if (game) s.games.put(game);
            for (const op of ops) s.outbox.add({ ...op, game_id: id, queued_at: Date.now() });
            if (dequeue !== null) s.outbox.delete(dequeue);
            resolve(game);
          } catch (err) {
            reject(err);
          }
        };
      }),
  );
}

/** Save the game and remove one outbox op (it was sent, or the user chose what to do with it). */
export function saveAndDequeue(game, seq) {
  return run(['games', 'outbox'], 'readwrite', (s) => {
    if (game) s.games.put(game);
    s.outbox.delete(seq);
  });
}

/** Replace one outbox op (e.g. to record its last error) keeping its place in the queue. */
export const putOp = (op) =>
  run(['outbox'], 'readwrite', (s) => {
    s.outbox.put(op);
  });

/** True for a list of things each with a string id (merged by id on restore). */
const byId = (value) =>
  Array.isArray(value) &&
  value.every((x) => x && typeof x === 'object' && typeof x.id === 'string');

/**
 * Restore (the phone's backup): add each game that is not on this phone, with its queued ops
 * (in their order) and any missing settings (every meta key; a list kept by id, such as the
 * crews with their tokens, gains the entries it lacks), in one strict transaction. A game or
 * crew already here is never overwritten. Resolves with {id: 'added' | 'same' | 'other'}; same(here, theirs)
 * says whether the copy here has the same hands.
 */
export function addMissing(games, ops, settings, same) {
  return run(['games', 'outbox', 'meta'], 'readwrite', async (s) => {
    const outcome = {};
    for (const game of games) {
      const here = await done(s.games.get(game.id));
      if (here) {
        outcome[game.id] = same(here, game) ? 'same' : 'other';
        continue;
      }
      s.games.put(game);
      for (const { seq, ...op } of ops.filter((o) => o.game_id === game.id)) s.outbox.add(op);
      outcome[game.id] = 'added';
    }
    for (const [key, value] of Object.entries(settings || {})) {
      const here = await done(s.meta.get(key));
      if (here === undefined) s.meta.put({ key, value });
      else if (byId(here.value) && byId(value)) {
        // a list kept by id (the crews this phone belongs to): add the ones it lacks
        const known = new Set(here.value.map((x) => x.id));
        const more = value.filter((x) => !known.has(x.id));
        if (more.length) s.meta.put({ key, value: [...here.value, ...more] });
      }
    }
    return outcome;
  });
}
