// Crews on this phone (docs/crews.md): the crews this phone belongs to, each with
// its token, kept in IndexedDB (meta key `crews`) like a game's edit token; the roster as last
// read from the server plus the players named here and not yet sent; and the outbox ops that
// put a crew game's players and seats on the server. Loaded only by the crew screens, the
// new-game form of a crew game and the outbox when it meets a crew op, never on first load.
import * as api from './api.js';
import * as store from './store.js';
import { uuid } from './ui.js';

const KEY = 'crews';

/** The crews on this phone: [{id, name, token, join_url, players: [{id, name, local?}]}]. */
export async function allCrews() {
  return (await store.getMeta(KEY)) || [];
}

export async function getCrew(id) {
  return (await allCrews()).find((c) => c.id === id) || null;
}

/** Replace (or add) one crew in the list with change(crew) applied; resolves with it. */
async function saveCrew(id, change) {
  const crews = await allCrews();
  const at = crews.findIndex((c) => c.id === id);
  const crew = change(at < 0 ? null : structuredClone(crews[at]));
  if (at < 0) crews.push(crew);
  else crews[at] = crew;
  await store.putMeta(KEY, crews);
  return crew;
}

/** Names compared as the server does: case and extra spaces ignored ("ANN " is Ann). */
export const nameKey = (name) =>
  name.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean).join(' ');

/** Start a crew on the server (online only); keeps its token on this phone. */
export async function startCrew(name) {
  const res = await api.request('POST', '/api/crews', { body: { name } });
  if (res.status !== 201) return { error: api.errorMessage(res) };
  const { id, token, join_url: joinUrl } = res.body;
  const crew = await saveCrew(id, () => ({
    id,
    name: res.body.name,
    token,
    join_url: joinUrl,
    players: res.body.players || [],
  }));
  return { crew };
}

/** The join link of a crew this phone holds (the token in the fragment only). */
export const joinLink = (crew) =>
  crew.join_url || `${location.origin}/#/crew-join/${crew.id}/${crew.token}`;

/** Keep a crew joined by link: its id and token, then read its roster. */
export async function joinCrew(id, token) {
  const res = await api.request('GET', `/api/crews/${encodeURIComponent(id)}`, { token });
  if (res.status !== 200) return { status: res.status, error: api.errorMessage(res) };
  const crew = await saveCrew(id, (old) => ({
    ...(old || {}),
    id,
    token,
    name: res.body.name,
    players: mergeRoster(res.body.players, old?.players || []),
  }));
  return { crew };
}

/** The server's roster plus the names made on this phone that it does not have yet. */
function mergeRoster(server, local) {
  const known = new Set(server.map((p) => p.id));
  return [...server, ...local.filter((p) => p.local && !known.has(p.id))];
}

/** Read the crew again (roster and name); offline or refused, the copy here stays. */
export async function refreshCrew(id) {
  const crew = await getCrew(id);
  if (!crew) return null;
  try {
    const res = await api.request('GET', `/api/crews/${encodeURIComponent(id)}`, {
      token: crew.token,
    });
    if (res.status !== 200) return crew;
    return saveCrew(id, (old) => ({
      ...old,
      name: res.body.name,
      players: mergeRoster(res.body.players, old.players),
    }));
  } catch (err) {
    if (err instanceof TypeError) return crew;
    throw err;
  }
}

/**
 * The players of a crew game's seats from what was picked or typed: [{id, name, isNew}] per
 * seat, or null for a seat left empty. A typed name that is already on the roster (compared
 * like the server compares) is that player; a new one gets an id made here.
 */
export function seatPlayers(crew, picks) {
  const byKey = new Map(crew.players.map((p) => [nameKey(p.name), p]));
  const made = new Map();
  return picks.map((pick) => {
    if (!pick) return null;
    if (pick.id) return { id: pick.id, name: pick.name, isNew: false };
    const name = pick.name.split(/\s+/).filter(Boolean).join(' ');
    if (!name) return null;
    const key = nameKey(name);
    const found = byKey.get(key);
    if (found) return { id: found.id, name: found.name, isNew: false };
    if (!made.has(key)) made.set(key, { id: uuid(), name, isNew: true });
    return made.get(key);
  });
}

/**
 * The outbox ops that put a new game into the crew, queued behind the game's create: one
 * `crew_player` per new name, then `crew_attach` (the seats are read from the game when it is
 * sent, so a player the server already had under that name is swapped in first). New players
 * join the roster here at once, marked local, so the next game can pick them offline.
 */
export async function crewOps(crew, seats) {
  const fresh = seats.filter((s, i) => s?.isNew && seats.findIndex((t) => t?.id === s.id) === i);
  if (fresh.length) {
    await saveCrew(crew.id, (old) => ({
      ...old,
      players: [...old.players, ...fresh.map((p) => ({ id: p.id, name: p.name, local: true }))],
    }));
  }
  return [
    ...fresh.map((p) => ({
      kind: 'crew_player',
      crew_id: crew.id,
      player: { id: p.id, name: p.name },
    })),
    { kind: 'crew_attach', crew_id: crew.id },
  ];
}

/**
 * Send one crew op of the outbox (sync.js hands them here). Returns 'done' or 'retry-later';
 * a network failure throws TypeError as every send does. Replaying is harmless: the player
 * POST answers 200 for the same id and name, the attach is a PUT.
 */
export async function sendCrewOp(op, game) {
  const crew = await getCrew(op.crew_id);
  if (!crew) {
    // not on this phone (a backup from before the crew was joined): the game's hands must
    // not wait behind it, so the op goes, and the game says why it is not in the crew
    await store.updateGame(
      game.id,
      (g) => {
        g.crew = {
          ...g.crew,
          error:
            'this phone does not hold the crew: open its link here, then start the game again for the crew',
        };
      },
      { dequeue: op.seq },
    );
    return 'done';
  }
  const base = `/api/crews/${encodeURIComponent(crew.id)}`;
  let res;
  if (op.kind === 'crew_player') {
    res = await api.request('POST', `${base}/players`, { body: op.player, token: crew.token });
    if (res.status === 409 && res.body?.player?.id) {
      await swapPlayer(crew.id, op.player.id, res.body.player, op.seq);
      return 'done';
    }
    if (res.status === 200 || res.status === 201) {
      await saveCrew(crew.id, (old) => ({
        ...old,
        players: old.players.map((p) => (p.id === op.player.id ? { ...res.body } : p)),
      }));
    }
  } else {
    const body = { game_token: game.edit_token, seats: game.crew.seats };
    res = await api.request('PUT', `${base}/games/${encodeURIComponent(game.id)}`, {
      body,
      token: crew.token,
    });
  }
  if (res.status >= 200 && res.status < 300) {
    await store.updateGame(
      game.id,
      (g) => {
        if (op.kind === 'crew_attach') g.crew = { ...g.crew, attached: true, error: null };
      },
      { dequeue: op.seq },
    );
    return 'done';
  }
  if (res.status >= 500 || res.status === 401 || res.status === 429) {
    await store.putOp({ ...op, last_error: `${res.status}: ${api.errorMessage(res)}` });
    return 'retry-later';
  }
  // a refusal (a wrong token, a name nobody can read, a game in another crew): the game and
  // its hands stay as they are; the crew screen says why the game is not in the crew's numbers
  await store.updateGame(
    game.id,
    (g) => {
      g.crew = { ...g.crew, error: api.errorMessage(res) };
    },
    { dequeue: op.seq },
  );
  return 'done';
}

/**
 * The server already had a player of that name (409 NAME_TAKEN with the player): every game
 * on this phone that seated the id made here now seats the server's player, and the roster
 * here drops the local copy.
 */
async function swapPlayer(crewId, oldId, player, seq) {
  await saveCrew(crewId, (old) => ({
    ...old,
    players: [
      ...old.players.filter((p) => p.id !== oldId && p.id !== player.id),
      { id: player.id, name: player.name },
    ],
  }));
  const games = (await store.allGames()).filter((g) => g.crew?.seats?.includes(oldId));
  for (const g of games) {
    await store.updateGame(g.id, (x) => {
      x.crew.seats = x.crew.seats.map((s) => (s === oldId ? player.id : s));
    });
  }
  await store.saveAndDequeue(null, seq);
}

/** The names of a crew's players by id (for the statistics screen). */
export const namesById = (crew) => Object.fromEntries(crew.players.map((p) => [p.id, p.name]));
