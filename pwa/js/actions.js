// Local writes: each changes the game in IndexedDB and queues the matching API call in one
// strict transaction, then kicks the outbox. The score on screen never waits for the network.
import * as store from './store.js';
import { score, handInput } from './game.js';
import { syncNow } from './sync.js';
import { uuid, randomToken } from './ui.js';
import { getRulesets } from './api.js';

/** Create a game on this phone (works offline); resolves with the stored game. */
export async function createGame({
  ruleset,
  overrides,
  rules,
  teams,
  firstDealer,
  startTotals,
  crew = null, // {id, seats}: a crew game (crews.js), its ops in crewOps
  crewOps = [],
}) {
  const game = {
    id: uuid(),
    edit_token: randomToken(),
    ruleset,
    overrides,
    rules,
    teams,
    first_dealer: firstDealer,
    start_totals: startTotals,
    hands: [],
    created: false,
    etag: null,
    conflict: null,
    created_at: Date.now(),
  };
  if (crew) game.crew = crew;
  const body = { id: game.id, ruleset, edit_token: game.edit_token, first_dealer: firstDealer };
  if (overrides && Object.keys(overrides).length) body.rules = overrides;
  if (teams) body.teams = teams;
  if (startTotals) body.start_totals = startTotals;
  await store.saveAndQueue(game, [{ kind: 'create', body }, ...crewOps]);
  syncNow();
  return game;
}

/** Check a changed log with rules.js; throws the RulesError of the first bad hand. */
function check(game, hands) {
  const { error } = score(game, hands);
  if (error) throw error;
}

/** Apply a change to the stored game and queue its ops, then kick the outbox. */
async function change(id, mutate) {
  const game = await store.updateGame(id, mutate);
  syncNow();
  return game;
}

/** Append a hand (input without hand_no); resolves with the updated game. */
export function addHand(id, input) {
  return change(id, (game) => {
    const hand = { hand_no: game.hands.length + 1, ...handInput(input), sync: 'local', pending: 1 };
    const hands = [...game.hands, hand];
    check(game, hands);
    game.hands = hands;
    game.set_aside = null; // as on the server: any other write means they can't be put back
    return [{ kind: 'add', hand_no: hand.hand_no, body: handInput(hand), key: uuid() }];
  });
}

/**
 * Replace hand n; everything after it is re-scored. A refused hand is re-sent as new. With
 * `setAside`, an edit that now ends the game at hand k keeps hands k+1.. aside on the game
 * (`set_aside`, the server's shape) instead of refusing, and the server is told to do the same.
 */
export function editHand(id, handNo, input, { setAside = false } = {}) {
  return change(id, (game) => {
    const old = game.hands[handNo - 1];
    const hand = {
      hand_no: handNo,
      ...handInput(input),
      sync: 'local',
      pending: (old.pending || 0) + 1,
    };
    let hands = game.hands.map((x) => (x.hand_no === handNo ? hand : x));
    game.set_aside = null;
    const { error } = score(game, hands);
    if (setAside && error && error.code === 'GAME_OVER' && error.hand_index >= handNo) {
      const removed = hands.slice(error.hand_index);
      hands = hands.slice(0, error.hand_index);
      game.set_aside = {
        hand_no: handNo,
        previous: handInput(old),
        first_hand_no: error.hand_index + 1,
        hands: removed.map(handInput),
      };
    }
    check(game, hands);
    game.hands = hands;
    if (game.set_aside) return [{ kind: 'put_set_aside', hand_no: handNo, body: handInput(hand) }];
    return [
      old.sync === 'rejected'
        ? { kind: 'add', hand_no: handNo, body: handInput(hand), key: uuid() }
        : { kind: 'put', hand_no: handNo, body: handInput(hand) },
    ];
  });
}

/** Undo a set-aside: hand n gets its old body back and the set-aside hands return, re-scored. */
export function restoreSetAside(id) {
  return change(id, (game) => {
    const aside = game.set_aside;
    if (!aside) return [];
    const hands = game.hands.map((x) =>
      x.hand_no === aside.hand_no
        ? { hand_no: x.hand_no, ...aside.previous, sync: 'local', pending: (x.pending || 0) + 1 }
        : x,
    );
    const back = aside.hands.map((body, i) => ({
      hand_no: aside.first_hand_no + i,
      ...body,
      sync: 'local',
      pending: 1,
    }));
    const all = [...hands, ...back];
    check(game, all);
    game.hands = all;
    game.set_aside = null;
    const handNos = [aside.hand_no, ...back.map((x) => x.hand_no)];
    return [{ kind: 'restore', hand_no: aside.hand_no, hand_nos: handNos }];
  });
}

/** Remove the last hand; resolves with the updated game. */
export function undoLast(id) {
  return change(id, (game) => {
    const last = game.hands[game.hands.length - 1];
    if (!last) return [];
    game.hands = game.hands.slice(0, -1);
    game.set_aside = null;
    return last.sync === 'rejected' ? [] : [{ kind: 'delete', hand_no: last.hand_no }];
  });
}

/**
 * Set who shakes first, before the game's first hand (the table set it or drew for it);
 * resolves with the updated game. Nothing changes once a hand is in.
 */
export function setFirstDealer(id, seat) {
  return change(id, (game) => {
    if (game.hands.length || game.first_dealer === seat) return [];
    game.first_dealer = seat;
    return [{ kind: 'first_dealer', body: { first_dealer: seat } }];
  });
}

/** The presets: from the API when online (then cached), else the cached copy; [] if neither. */
export async function loadRulesets() {
  try {
    const res = await getRulesets();
    if (res.status === 200) {
      const list = Array.isArray(res.body) ? res.body : res.body.rulesets || res.body.items || [];
      await store.putMeta('rulesets', list);
      return list;
    }
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
  return (await store.getMeta('rulesets')) || [];
}
