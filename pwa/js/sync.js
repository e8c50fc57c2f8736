// The outbox: sends queued writes to the API in order, records what the server said, and
// turns 409/412/422 into a conflict the user resolves. Nothing is dropped without a choice.
import * as api from './api.js';
import * as store from './store.js';
import { handInput, score } from './game.js';

let running = null;
let watched = null;

/** Tell the views a game changed (they re-render if it is theirs). */
const changed = (id) => window.dispatchEvent(new CustomEvent('tally:changed', { detail: id }));

/** The game currently on screen: after the outbox drains, its newer server copy is pulled. */
export function watch(id) { watched = id; }

/** Run the outbox once (never twice at the same time). Resolves when it is drained or stuck. */
export function syncNow() {
  if (!running) running = drain().finally(() => { running = null; });
  return running;
}

async function drain() {
  const blocked = new Set();
  for (;;) {
    const ops = (await store.outboxAll()).filter((op) => !blocked.has(op.game_id));
    if (!ops.length) break;
    const op = ops[0];
    const game = await store.getGame(op.game_id);
    if (!game) { await store.saveAndDequeue(null, op.seq); continue; }
    if (game.conflict) { blocked.add(game.id); continue; }
    let outcome;
    try { outcome = await send(op, game); } catch (err) {
      if (err instanceof TypeError) { setOnline(false); return; } // offline: wait for the next trigger
      throw err;
    }
    setOnline(true);
    if (outcome === 'retry-later') blocked.add(game.id);
    changed(game.id);
  }
  if (watched) await pull(watched).catch((err) => { if (!(err instanceof TypeError)) throw err; });
}

let onlineState = null;
function setOnline(value) {
  if (onlineState === value) return;
  onlineState = value;
  window.dispatchEvent(new CustomEvent('tally:network', { detail: value }));
}

/** Send one op; returns 'done' or 'retry-later'. Network failures throw TypeError. */
async function send(op, game) {
  const token = game.edit_token;
  if (op.kind === 'create') {
    const res = await api.createGame(op.body);
    if (res.status === 201 || res.status === 200) {
      game.created = true;
      if (res.body) adoptMeta(game, res.body);
      if (res.etag) game.etag = res.etag;
      await store.saveAndDequeue(game, op.seq);
      return 'done';
    }
    return fail(op, game, res);
  }
  if ((op.kind === 'put' || op.kind === 'delete') && !game.etag) {
    const cur = await api.getGame(game.id, token);
    if (cur.status === 200) game.etag = cur.etag;
  }
  let res;
  if (op.kind === 'add') res = await api.addHand(game.id, token, { hand_no: op.hand_no, ...op.body }, op.key);
  else if (op.kind === 'put') res = await api.putHand(game.id, token, op.hand_no, op.body, game.etag);
  else res = await api.deleteHand(game.id, token, op.hand_no, game.etag);
  if (res.status >= 200 && res.status < 300 || (op.kind === 'delete' && res.status === 404)) {
    game.etag = res.etag || null;
    markSynced(game, op, res.body);
    await store.saveAndDequeue(game, op.seq);
    return 'done';
  }
  if (res.status === 428) { game.etag = null; await store.putGame(game); return 'retry-later'; }
  if (res.status === 409 && /still being processed/.test(api.errorMessage(res))) return 'retry-later';
  if (res.status === 409 || res.status === 412) return conflict(op, game, res);
  return fail(op, game, res);
}

/** Copy the server's share link and the like onto the local game. */
function adoptMeta(game, body) {
  for (const key of ['share_url', 'share_token']) if (body[key]) game[key] = body[key];
  if (body.share && typeof body.share === 'object') Object.assign(game, { share_url: body.share.url || game.share_url });
}

/** After a successful write: mark the hand synced and check the server agrees with rules.js. */
function markSynced(game, op, body) {
  const hand = op.kind === 'delete' ? null : game.hands.find((x) => x.hand_no === op.hand_no);
  if (hand) {
    hand.pending = Math.max(0, (hand.pending || 1) - 1);
    if (!hand.pending) hand.sync = 'synced';
  }
  const result = body && (body.result || body.state);
  const local = score(game).state;
  if (result && result.totals && local && op.kind === 'add' && hand && !hand.pending) {
    const mine = local.hands[op.hand_no - 1];
    if (mine && JSON.stringify(mine.totals) !== JSON.stringify(result.totals)) {
      game.mismatch = `Hand ${op.hand_no}: the server scored ${result.totals.join('–')}, this phone ${mine.totals.join('–')}.`;
      console.error('rules.js and the server disagree', { local: mine, server: result });
    }
  }
}

/** A 409 or 412: fetch the server's version and park the op until the user chooses. */
async function conflict(op, game, res) {
  const cur = await api.getGame(game.id, game.edit_token);
  const serverHands = cur.status === 200 ? serverHandsOf(cur.body) : [];
  const stored = (res.body && res.body.stored_hand && { hand_no: op.hand_no, ...res.body.stored_hand.hand })
    || serverHands.find((x) => x.hand_no === op.hand_no) || null;
  game.conflict = {
    status: res.status, kind: op.kind, hand_no: op.hand_no, op,
    mine: op.kind === 'delete' ? null : op.body,
    theirs: stored ? handInput(stored) : null,
    server_hands: serverHands, server_etag: cur.etag || null, message: api.errorMessage(res),
  };
  const hand = game.hands.find((x) => x.hand_no === op.hand_no);
  if (hand) hand.sync = 'conflict';
  await store.saveAndDequeue(game, op.seq);
  return 'done';
}

/** 422 and other refusals: park the op as a conflict too (the user edits or drops the hand). */
async function fail(op, game, res) {
  if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429) {
    await store.putOp({ ...op, last_error: `${res.status}: ${api.errorMessage(res)}` });
    return 'retry-later';
  }
  game.conflict = { status: res.status, kind: op.kind, hand_no: op.hand_no ?? null, op, mine: op.body ?? null, theirs: null, message: api.errorMessage(res) };
  const hand = game.hands.find((x) => x.hand_no === op.hand_no);
  if (hand) hand.sync = 'rejected';
  await store.saveAndDequeue(game, op.seq);
  return 'done';
}

/** The hands of a server game document, each with hand_no and its input fields. */
export function serverHandsOf(body) {
  const hands = (body && (body.hands || (body.game && body.game.hands))) || [];
  return hands.map((x, i) => ({ hand_no: x.hand_no ?? i + 1, ...handInput(x.hand || x) }));
}

/** Pull the server's copy of a quiet game (no queued ops, no conflict) to see other phones' hands. */
export async function pull(id) {
  const game = await store.getGame(id);
  if (!game || !game.created || game.conflict) return;
  const ops = (await store.outboxAll()).filter((op) => op.game_id === id);
  if (ops.length) return;
  const res = await api.getGame(id, game.edit_token);
  if (res.status !== 200) return;
  const theirs = serverHandsOf(res.body);
  const same = theirs.length === game.hands.length && theirs.every((x, i) =>
    JSON.stringify(handInput(x)) === JSON.stringify(handInput(game.hands[i])));
  game.etag = res.etag || game.etag;
  adoptMeta(game, res.body);
  if (!same) game.hands = theirs.map((x) => ({ ...x, sync: 'synced' }));
  await store.putGame(game);
  if (!same) changed(id);
}

/** Resolve a conflict: keep this phone's version (re-send it over the server's). */
export async function keepMine(game) {
  const c = game.conflict;
  game.conflict = null;
  game.etag = c.server_etag || null;
  const ops = [];
  if (c.kind === 'create') ops.push(c.op);
  else if (c.kind === 'delete') ops.push({ kind: 'delete', hand_no: c.hand_no });
  else if (c.status === 409 || c.status === 412) ops.push({ kind: 'put', hand_no: c.hand_no, body: c.mine });
  else ops.push({ ...c.op, seq: undefined });
  const hand = game.hands.find((x) => x.hand_no === c.hand_no);
  if (hand) { hand.sync = 'local'; hand.pending = (hand.pending || 0) + 1; }
  await store.saveAndQueue(game, ops.map(({ seq, ...op }) => op));
  syncNow();
}

/** Resolve a conflict: take the server's version of the game (after the user saw both). */
export async function keepTheirs(game) {
  const c = game.conflict;
  game.conflict = null;
  game.etag = c.server_etag || null;
  const pendingLocal = game.hands.filter((x) => x.sync === 'local' && x.hand_no > c.server_hands.length);
  game.hands = [...c.server_hands.map((x) => ({ ...x, sync: 'synced' })), ...pendingLocal];
  await store.putGame(game);
  syncNow();
}
