// The outbox: sends queued writes to the API in order, records what the server said, and
// turns 409/412/422 into a conflict the user resolves. Nothing is dropped without a choice.
// Every change to a stored game goes through store.updateGame (read-modify-write in one
// transaction), so the outbox and the screens never overwrite each other's changes.
import * as api from './api.js';
import * as store from './store.js';
import { handInput, score, sameHand } from './game.js';

let running = null;
let again = false;
let watched = null;
let pushed = null;

/** Tell the views a game changed (they re-render if it is theirs). */
const changed = (id) => window.dispatchEvent(new CustomEvent('tally:changed', { detail: id }));

/** The game currently on screen: after the outbox drains, its newer server copy is pulled. */
export function watch(id) {
  watched = id;
}

/**
 * The game whose changes the live stream pushes right now (null: none). While the watched
 * game is pushed and nothing waits in the outbox, the 20 s timer (syncOnTimer) neither drains
 * nor pulls: the stream brings every change, and its first event on each reconnect is the
 * catch-up. When the stream is down the timer's pull comes back.
 */
export function pushing(id) {
  pushed = id;
}

/** The timer's turn: syncNow, unless the game on screen is live and the outbox is empty. */
export async function syncOnTimer() {
  if (watched && pushed === watched && !(await store.outboxAll()).length) return;
  return syncNow();
}

/** Run the outbox (never twice at once; a call during a run makes it go round once more). */
export function syncNow() {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await drain();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function drain() {
  const blocked = new Set();
  for (;;) {
    const ops = (await store.outboxAll()).filter((op) => !blocked.has(op.game_id));
    if (!ops.length) break;
    const op = ops[0];
    const game = await store.getGame(op.game_id);
    if (!game) {
      await store.saveAndDequeue(null, op.seq);
      continue;
    }
    if (game.conflict) {
      blocked.add(game.id);
      continue;
    }
    let outcome;
    try {
      outcome = await send(op, game);
    } catch (err) {
      if (err instanceof TypeError) {
        setOnline(false);
        return;
      } // offline: wait for the next trigger
      throw err;
    }
    setOnline(true);
    if (outcome === 'retry-later') blocked.add(game.id);
    changed(game.id);
  }
  if (watched)
    await pull(watched).catch((err) => {
      if (!(err instanceof TypeError)) throw err;
    });
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
    if (res.status !== 201 && res.status !== 200) return fail(op, game, res);
    await store.updateGame(
      game.id,
      (g) => {
        g.created = true;
        adoptMeta(g, res.body || {});
        if (res.etag) g.etag = res.etag;
      },
      { dequeue: op.seq },
    );
    return 'done';
  }
  // a crew game's players and seats (crews.js), queued behind the game's create
  if (op.kind.startsWith('crew_')) return (await import('./crews.js')).sendCrewOp(op, game);
  let etag = game.etag;
  if (op.kind !== 'add' && !etag) {
    // put, delete, put_set_aside and restore need If-Match
    const cur = await api.getGame(game.id, token);
    if (cur.status === 200) etag = cur.etag;
  }
  if (op.kind === 'first_dealer') return sendFirstDealer(op, game, etag);
  let res;
  if (op.kind === 'add')
    res = await api.addHand(game.id, token, { hand_no: op.hand_no, ...op.body }, op.key);
  else if (op.kind === 'put') res = await api.putHand(game.id, token, op.hand_no, op.body, etag);
  else if (op.kind === 'put_set_aside' || op.kind === 'restore') {
    res = await sendSetAside(op, game, etag);
  } else res = await api.deleteHand(game.id, token, op.hand_no, etag);
  if ((res.status >= 200 && res.status < 300) || (op.kind === 'delete' && res.status === 404)) {
    await store.updateGame(
      game.id,
      (g) => {
        g.etag = res.etag || null;
        markSynced(g, op, res.body);
      },
      { dequeue: op.seq },
    );
    return 'done';
  }
  const verdict = refusal(op, game, res);
  if (verdict === 'over') return over(op, game, res);
  if (verdict === 'etag') {
    await store.updateGame(game.id, (g) => {
      g.etag = null;
    });
    return 'retry-later';
  }
  if (verdict === 'again') return 'retry-later';
  if (verdict === 'locked') return locked(op, game, res);
  if (verdict === 'conflict') return conflict(op, game, res);
  return fail(op, game, res);
}

/**
 * What a refusal means (pure): 'over' (can never land), 'etag' (428), 'again' (409
 * STILL_PROCESSING: its first try is still being saved; no clash), 'locked', 'conflict'
 * (409/412: the user chooses) or 'fail'.
 */
export function refusal(op, game, res) {
  const code = res.body?.rule_code;
  if (matchOver(op, game, res)) return 'over';
  if (res.status === 428) return 'etag';
  if (code === 'STILL_PROCESSING') return 'again';
  if (code === 'LATER_MATCH_STARTED') return 'locked';
  if (res.status === 409 || res.status === 412) return 'conflict';
  return 'fail';
}

/**
 * Who shakes first (PUT .../first-dealer, If-Match). Another phone's change since (412) is
 * overruled with the new ETag, as the table's latest word; a hand already in (409) keeps
 * the server's shaker: the op is dropped and the game read again.
 */
async function sendFirstDealer(op, game, etag) {
  const headers = etag ? { 'If-Match': etag } : {};
  const path = `/api/games/${encodeURIComponent(game.id)}/first-dealer`;
  const res = await api.request('PUT', path, { body: op.body, token: game.edit_token, headers });
  if (res.status === 412 || res.status === 428) {
    await store.updateGame(game.id, (g) => {
      g.etag = null;
    });
    return 'retry-later';
  }
  if (res.status !== 200 && res.status !== 409) return fail(op, game, res);
  await store.updateGame(
    game.id,
    (g) => {
      g.etag = res.status === 200 ? res.etag || null : null;
    },
    { dequeue: op.seq },
  );
  if (res.status === 409) await pull(game.id);
  return 'done';
}

/**
 * An edit that sets later hands aside (PUT ...?later=set_aside), or putting them back
 * (POST .../set-aside/restore); both with If-Match, as every PUT.
 */
function sendSetAside(op, game, etag) {
  const headers = etag ? { 'If-Match': etag } : {};
  const base = `/api/games/${encodeURIComponent(game.id)}`;
  const token = game.edit_token;
  if (op.kind === 'restore') {
    return api.request('POST', `${base}/set-aside/restore`, { token, headers });
  }
  const path = `${base}/hands/${op.hand_no}?later=set_aside`;
  return api.request('PUT', path, { body: op.body, token, headers });
}

/** Copy the server's share link onto the local game. */
function adoptMeta(game, body) {
  if ('share_url' in body) game.share_url = body.share_url;
  if ('share_token' in body) game.share_token = body.share_token;
}

/** After a successful write: mark its hands synced and check the server agrees with rules.js. */
function markSynced(game, op, body) {
  if (op.kind === 'delete') return;
  for (const handNo of op.hand_nos || [op.hand_no]) {
    const hand = game.hands.find((x) => x.hand_no === handNo);
    if (!hand) continue;
    hand.pending = Math.max(0, (hand.pending || 1) - 1);
    if (!hand.pending) hand.sync = 'synced';
  }
  const hand = game.hands.find((x) => x.hand_no === op.hand_no);
  if (!hand || hand.pending || op.kind === 'restore') return;
  const server = body?.result;
  const local = score(game).state;
  const mine = local?.hands[op.hand_no - 1];
  if (
    server?.totals &&
    mine &&
    JSON.stringify(mine.totals) !== JSON.stringify(server.totals) &&
    sameHand(body.hand || {}, hand)
  ) {
    game.mismatch = `Hand ${op.hand_no}: the server scored ${server.totals.join('–')}, this phone ${mine.totals.join('–')}.`;
    console.warn('rules.js and the server disagree', { local: mine, server });
  }
}

/** A 409 or 412: fetch the server's version and park the op until the user chooses. */
async function conflict(op, game, res) {
  const cur = await api.getGame(game.id, game.edit_token);
  const serverHands = serverCopy(cur).server_hands;
  const stored =
    (res.body?.stored_hand && { hand_no: op.hand_no, ...res.body.stored_hand.hand }) ||
    serverHands?.find((x) => x.hand_no === op.hand_no) ||
    null;
  const landed =
    op.kind === 'restore'
      ? serverHands && sameHands(serverHands, game.hands)
      : (op.kind === 'put' || op.kind === 'put_set_aside') && stored && sameHand(stored, op.body);
  if (landed) {
    // a replayed write whose first try landed (its answer was lost): nothing to choose between
    await store.updateGame(
      game.id,
      (g) => {
        g.etag = cur.etag || null;
        markSynced(g, op, null);
      },
      { dequeue: op.seq },
    );
    return 'done';
  }
  await park(game.id, op, 'conflict', {
    status: res.status,
    kind: op.kind,
    hand_no: op.hand_no,
    op,
    mine: op.kind === 'delete' ? null : op.body,
    theirs: stored ? handInput(stored) : null,
    ...serverCopy(cur),
    message: api.errorMessage(res),
  });
  return 'done';
}

/**
 * A table's game no write can reach: its match settled (409 MATCH_SETTLED), its link replaced
 * (401, 403), or its call taken back (404, or 401 by timing). Never retried.
 */
function matchOver(op, game, res) {
  if (res.body?.rule_code === 'MATCH_SETTLED') return true;
  if (!game.table) return false;
  return res.status === 401 || res.status === 403 || (res.status === 404 && op.kind !== 'delete');
}

/** Park a write that can never land (matchOver) with words for the table; the hand stays. */
function over(op, game, res) {
  const message =
    res.body?.rule_code === 'MATCH_SETTLED'
      ? api.errorMessage(res)
      : res.status === 404
        ? 'this match was taken back from this table (an earlier match was changed)'
        : 'this table’s link no longer opens the match: the director may have recorded a forfeit, or made a new link';
  return park(
    game.id,
    op,
    'rejected',
    // nothing to choose between: the conflict screen says so, and offers no resend
    refusalRecord(op, res, { over: true, message }),
  ).then(() => 'done');
}

/**
 * An undo or edit of a tournament match the next match already depends on (409
 * LATER_MATCH_STARTED: it has a hand played): sending it again cannot land until the director
 * corrects the result, so it is parked with the server's hands, for the table to take back.
 */
async function locked(op, game, res) {
  const cur = await api.getGame(game.id, game.edit_token);
  await park(
    game.id,
    op,
    'rejected',
    refusalRecord(op, res, {
      locked: true, // the conflict screen says who to ask, and offers no resend
      ...serverCopy(cur),
    }),
  );
  return 'done';
}

/** 422 and other refusals: park the op as a conflict too (the user edits or re-sends it). */
async function fail(op, game, res) {
  if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429) {
    await store.putOp({ ...op, last_error: `${res.status}: ${api.errorMessage(res)}` });
    return 'retry-later';
  }
  await park(game.id, op, 'rejected', refusalRecord(op, res));
  return 'done';
}

/**
 * The conflict record of an op the server refused (`res`): the op and the table's own body,
 * with no other phone's; `fields` adds or replaces what the kind of refusal knows more of.
 */
function refusalRecord(op, res, fields = {}) {
  return {
    status: res.status,
    kind: op.kind,
    hand_no: op.hand_no ?? null,
    op,
    mine: op.body ?? null,
    theirs: null,
    server_hands: null, // not read
    server_etag: null,
    message: api.errorMessage(res),
    ...fields,
  };
}

/**
 * The server's copy of a game for a conflict record, from a GET's answer `cur`: null hands
 * when the read failed (unknown is not "no hands": taking it would empty the score sheet).
 */
export function serverCopy(cur) {
  const ok = cur?.status === 200;
  return {
    server_hands: ok ? serverHandsOf(cur.body) : null,
    server_etag: (ok && cur.etag) || null,
  };
}

/** A conflict record offering the server's score whose copy could not be read yet (pure). */
export function wantsServerCopy(c) {
  return Boolean(
    c?.server_hands === null && !c.over && (c.locked || c.status === 409 || c.status === 412),
  );
}

/**
 * Read the server's copy of a game into its conflict record if it is missing (the conflict
 * screen's "Read it again", and every pull of the game on screen); false if it still is.
 */
export async function readServer(id) {
  const game = await store.getGame(id);
  if (!wantsServerCopy(game?.conflict)) return true;
  const copy = serverCopy(await api.getGame(id, game.edit_token));
  if (copy.server_hands === null) return false;
  await store.updateGame(id, (g) => {
    const c = g.conflict;
    if (!wantsServerCopy(c)) return;
    Object.assign(c, copy);
    const stored = copy.server_hands.find((x) => x.hand_no === c.hand_no);
    if (!c.theirs && !c.locked && stored) c.theirs = handInput(stored);
  });
  changed(id);
  return true;
}

/** Move an op out of the outbox into the game's conflict record, in one transaction. */
function park(id, op, sync, record) {
  return store.updateGame(
    id,
    (g) => {
      g.conflict = record;
      const hand = g.hands.find((x) => x.hand_no === op.hand_no);
      if (hand) {
        hand.sync = sync;
        hand.pending = Math.max(0, (hand.pending || 1) - 1);
      }
    },
    { dequeue: op.seq },
  );
}

/**
 * The phone's copy of a game read from the server (a joined game, or a match's next game),
 * its hands marked synced; `editToken` is the token the phone writes with.
 */
export function localGameFrom(g, editToken, etag = null) {
  return {
    id: g.id,
    edit_token: editToken,
    ruleset: g.ruleset,
    overrides: g.overrides || {},
    rules: g.rules,
    teams: g.teams,
    first_dealer: g.first_dealer,
    start_totals: g.start_totals,
    time_called: timeCallOf(g),
    in_match: Boolean(g.match), // a match's games take who shakes first from the match
    created: true,
    etag,
    share_url: g.share_url,
    conflict: null,
    created_at: Date.now(),
    hands: serverHandsOf(g).map((x) => ({ ...x, sync: 'synced' })),
  };
}

/** The director's call of time in a server game document, as rules.js replays it
 * ({hands, in_play}), or null (docs/rules.md 36-38). */
export function timeCallOf(body) {
  const t = body?.time;
  return t ? { hands: t.hands, in_play: t.in_play } : null;
}

/** The hands of a server game document, each with hand_no and its input fields. */
export function serverHandsOf(body) {
  return (body?.hands || []).map((x, i) => ({
    hand_no: x.hand_no ?? i + 1,
    ...handInput(x.hand || x),
  }));
}

const sameHands = (a, b) => a.length === b.length && a.every((x, i) => sameHand(x, b[i]));

/** A game with no queued op and no conflict (the only kind a server copy may replace). */
async function quietGame(id) {
  const game = await store.getGame(id);
  if (!game?.created || game.conflict) return null;
  if ((await store.outboxAll()).some((op) => op.game_id === id)) return null;
  return game;
}

/** Pull the server's copy of a quiet game (no queued ops, no conflict) to see other phones' hands. */
export async function pull(id) {
  const game = await quietGame(id);
  if (!game) return readServer(id); // a conflict whose server copy is missing: read it now
  const res = await api.getGame(id, game.edit_token);
  if (res.status !== 200) return;
  await adopt(id, game, res.body, res.etag);
}

/** Take a server copy of the game, unless a hand was saved here since `game` was read. */
async function adopt(id, game, body, etag) {
  const theirs = serverHandsOf(body);
  let replaced = false;
  await store.updateGame(id, (g) => {
    // only if nothing changed here meanwhile (a hand saved during the request stays)
    if (g.conflict || !sameHands(g.hands, game.hands) || g.hands.some((x) => x.sync !== 'synced'))
      return;
    g.etag = etag || g.etag;
    adoptMeta(g, body);
    if ('set_aside' in body) g.set_aside = body.set_aside; // another phone's edit
    if (Number.isInteger(body.first_dealer) && body.first_dealer !== g.first_dealer) {
      g.first_dealer = body.first_dealer; // who shakes first, set on another phone
      replaced = true;
    }
    if (!sameHands(g.hands, theirs)) {
      g.hands = theirs.map((x) => ({ ...x, sync: 'synced' }));
      replaced = true;
    }
    const call = timeCallOf(body); // the director called time (docs/rules.md 36)
    if ('time' in body && JSON.stringify(call) !== JSON.stringify(g.time_called ?? null)) {
      g.time_called = call;
      replaced = true;
    }
  });
  if (replaced) changed(id);
}

/** Resolve a conflict: keep this phone's version (re-send it over the server's). */
export async function keepMine(id) {
  const queued = await store.outboxAll();
  await store.updateGame(id, (g) => {
    const c = g.conflict;
    if (!c) return [];
    g.conflict = null;
    g.etag = c.server_etag || null;
    const hand = g.hands.find((x) => x.hand_no === c.hand_no);
    if (hand && c.kind !== 'delete') {
      hand.sync = 'local';
      hand.pending = (hand.pending || 0) + 1;
    }
    return resentOps(c, queued);
  });
  syncNow();
}

/** The op "Keep mine" or "Send again" queues, ahead of the game's later hands (else a gap: 409). */
export function resentOps(c, queued) {
  const seq = resendSeq(queued, c.op.seq, c.op.game_id);
  const op =
    (c.status === 409 && c.kind === 'add' && c.theirs) || (c.status === 412 && c.kind === 'put')
      ? { kind: 'put', hand_no: c.hand_no, body: c.mine }
      : { ...c.op };
  delete op.seq;
  return [seq === undefined ? op : { ...op, seq }];
}

/** Its old key if free and ahead of its game's queued ops, else one just ahead (new keys only grow). */
export function resendSeq(queued, seq, gameId) {
  const keys = queued.map((q) => q.seq); // in order
  const first = queued.find((q) => q.game_id === gameId)?.seq;
  if (seq !== undefined && !keys.includes(seq) && !(seq > first)) return seq;
  if (first === undefined) return undefined; // the end
  return ((keys.filter((k) => k < first).at(-1) ?? first - 1) + first) / 2;
}

/** Resolve a conflict: take the server's version of the game (after the user saw both). */
export async function keepTheirs(id) {
  let took = false;
  await store.updateGame(id, (g) => {
    took = takeTheirs(g); // not the mutator's answer: updateGame reads that as ops to queue
  });
  syncNow();
  return took;
}

/**
 * Put the conflict record's server copy in place of the game's hands (pure); false, and
 * nothing changed, while that copy is unknown (null: its read failed), so the phone's hands
 * are never replaced with nothing.
 */
export function takeTheirs(g) {
  const c = g.conflict;
  if (!c?.server_hands) return false;
  g.conflict = null;
  g.etag = c.server_etag || null;
  const later = g.hands.filter((x) => x.sync === 'local' && x.hand_no > c.server_hands.length);
  g.hands = [...c.server_hands.map((x) => ({ ...x, sync: 'synced' })), ...later];
  return true;
}
