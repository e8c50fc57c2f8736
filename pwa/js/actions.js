// Local writes: each changes the game in IndexedDB and queues the matching API call in one
// strict transaction, then kicks the outbox. The score on screen never waits for the network.
import * as store from './store.js';
import { score, handInput } from './game.js';
import { syncNow } from './sync.js';
import { uuid, randomToken } from './ui.js';
import { getRulesets } from './api.js';

/** Create a game on this phone (works offline); resolves with the stored game. */
export async function createGame({ ruleset, overrides, rules, teams, firstDealer, startTotals }) {
  const game = {
    id: uuid(), edit_token: randomToken(), ruleset, overrides, rules, teams,
    first_dealer: firstDealer, start_totals: startTotals, hands: [], created: false,
    etag: null, conflict: null, created_at: Date.now(),
  };
  const body = { id: game.id, ruleset, edit_token: game.edit_token, first_dealer: firstDealer };
  if (overrides && Object.keys(overrides).length) body.rules = overrides;
  if (teams) body.teams = teams;
  if (startTotals) body.start_totals = startTotals;
  await store.saveAndQueue(game, [{ kind: 'create', body }]);
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
    return [{ kind: 'add', hand_no: hand.hand_no, body: handInput(hand), key: uuid() }];
  });
}

/** Replace hand n; everything after it is re-scored. A refused hand is re-sent as new. */
export function editHand(id, handNo, input) {
  return change(id, (game) => {
    const old = game.hands[handNo - 1];
    const hand = { hand_no: handNo, ...handInput(input), sync: 'local', pending: (old.pending || 0) + 1 };
    const hands = game.hands.map((x) => (x.hand_no === handNo ? hand : x));
    check(game, hands);
    game.hands = hands;
    return [old.sync === 'rejected'
      ? { kind: 'add', hand_no: handNo, body: handInput(hand), key: uuid() }
      : { kind: 'put', hand_no: handNo, body: handInput(hand) }];
  });
}

/** Remove the last hand; resolves with the updated game. */
export function undoLast(id) {
  return change(id, (game) => {
    const last = game.hands[game.hands.length - 1];
    if (!last) return [];
    game.hands = game.hands.slice(0, -1);
    return last.sync === 'rejected' ? [] : [{ kind: 'delete', hand_no: last.hand_no }];
  });
}

/** The presets: from the API when online (then cached), else the cached copy; [] if neither. */
export async function loadRulesets() {
  try {
    const res = await getRulesets();
    if (res.status === 200) {
      const list = Array.isArray(res.body) ? res.body : (res.body.rulesets || res.body.items || []);
      await store.putMeta('rulesets', list);
      return list;
    }
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
  return (await store.getMeta('rulesets')) || [];
}
