// The hand screen's state and every change a tap makes to it, as pure functions (no DOM, so
// node tests them: tests/pwa/hand-state.test.mjs). views/hand-entry.js only draws a state and
// wires each tap to one change here (`state = change(state, ...)`, then draw), as 2048 keeps
// its game apart from its drawing. Each change returns a new state and leaves the old alone.
import {
  bidOffer,
  forcedOffer,
  handsText,
  possibleCounts,
  previewLine,
  score,
  sideCount,
} from './game.js';
import { handFromPick, isNello, passMode, reneged, same, startPick, tapSide } from './hand-pick.js';

/** What every change reads and none changes: the ruleset, the hand's dealer, its counts. */
export const handTable = (rules, dealer) => ({ rules, dealer, counts: possibleCounts(rules) });

/**
 * The first state: the hand as startPick reads it (`old` when editing), the bids open when no
 * bid is picked yet or a hand is edited (an edit shows every bid to change to), no question
 * asked about hands set aside.
 */
export function startHand(table, old, firstBidder, allPass = null) {
  const pick = startPick(table.rules, old, firstBidder, table.dealer, allPass);
  return settle(table, { ...pick, bidOpen: pick.bid === null || Boolean(old), confirming: false });
}

/** The bids the bidder may make (a forced dealer's own offer); none before a bidder. */
export function offer(table, s) {
  if (s.mode === 'forced') return forcedOffer(table.rules, table.dealer);
  return s.bidder === null
    ? { points: [], marks: [], contracts: [], nelloModes: [] }
    : bidOffer(table.rules, table.dealer, s.bidder);
}

/** Whether `bid` is among offer `o` (a nel-o in any of its doubles modes counts). */
export const inOffer = (o, bid) =>
  [...o.points, ...o.marks, ...o.contracts].some(
    (b) => same(b, bid) || (isNello(b) && isNello(bid) && o.nelloModes.includes(bid.doubles)),
  );

/** Whether the count is tapped side by side: more than two sides, and no nel-o. */
export const bySide = (table, s) =>
  s.mode !== 'pass' && sideCount(table.rules) > 2 && !isNello(s.bid);

/**
 * Counting side by side starts from the hand's result (an edit) or from nothing, the bidders'
 * side first; once started, its taps stay through later changes.
 */
function settle(table, s) {
  if (!bySide(table, s) || s.sides) return s;
  const n = sideCount(table.rules);
  return {
    ...s,
    sides: s.result?.by_side ? [...s.result.by_side] : new Array(n).fill(null),
    filled: null, // the side whose count was worked out, not tapped
    active: s.bidder !== null ? table.rules.sides[s.bidder] : 0,
  };
}

/** A change to the hand itself: any question about setting hands aside is asked again. */
const changed = (table, s, fields) => settle(table, { ...s, ...fields, confirming: false });

/** A new bidder (or all pass) drops a bid they cannot make, with its result. */
function bidderChanged(table, s) {
  const keep = s.bid === null || inOffer(offer(table, s), s.bid);
  const next = keep ? s : { ...s, bid: null, result: null };
  return changed(table, next, { bidOpen: next.bid === null });
}

/** The seat that won the bid. */
export const pickBidder = (table, s, seat) =>
  bidderChanged(table, { ...s, mode: 'bid', bidder: seat });

/** Everyone passed: the ruleset's reshuffle, or the dealer forced to bid (docs/rules.md). */
export function pickAllPass(table, s) {
  const mode = passMode(table.rules);
  const next = { ...s, mode, bidder: mode === 'forced' ? table.dealer : null };
  if (mode === 'pass') next.bid = null;
  return bidderChanged(table, next);
}

/** A bid: another bid forgets the trump, and with two sides the count (it was for the old bid). */
export function pickBid(table, s, bid) {
  const next = { ...s, bid, bidOpen: false };
  if (!same(s.bid, bid)) next.trump = null;
  if (!same(s.bid, bid) && sideCount(table.rules) <= 2) {
    next.result = null;
    next.tens = null;
  }
  return changed(table, next, {});
}

/** "change" on the picked bid: every bid shown again (the hand itself is unchanged). */
export const openBids = (s) => ({ ...s, bidOpen: true });

/** The hand's result: a count, made / set, or nel-o's tricks. */
export const setResult = (table, s, result) => changed(table, s, { result });

/** What the count helper added up (null: its taps cleared): nel-o's tricks, else the count. */
export function fromHelper(table, s, res) {
  if (!res) return changed(table, s, { result: null });
  return setResult(
    table,
    s,
    res.tricks !== undefined ? { tricks: res.tricks } : { captured: res.points },
  );
}

/** Large hands, tens then units: a tens tap keeps the units already tapped when the count can be. */
export function pickTens(table, s, tens) {
  const captured = s.result?.captured;
  const units = captured !== undefined && captured !== null ? captured % 10 : null;
  const fits = units !== null && table.counts.includes(tens + units);
  return changed(table, s, { tens, result: fits ? { captured: tens + units } : null });
}

/** The side whose count the next tap gives (the hand itself is unchanged). */
export const pickSide = (s, side) => ({ ...s, active: side });

/** A count put on the active side (hand-pick.js's tapSide, on a copy). */
export function putOnSide(table, s, count) {
  const next = { ...s, sides: [...s.sides] };
  tapSide(table.rules, table.counts, next, count);
  return changed(table, next, {});
}

/** Nel-o's doubles: high, low or their own suit. */
export const pickDoubles = (table, s, doubles) => changed(table, s, { bid: { ...s.bid, doubles } });

/** Trump is one optional tap: tapped again, it is cleared. */
export const toggleTrump = (table, s, value) =>
  changed(table, s, { trump: s.trump === value ? null : value });

/** A penalty called on a side (renege, table talk, exposed domino), or taken back. */
export function togglePenalty(table, s, kind, side) {
  const on = s.penalties.some((p) => p.kind === kind && p.side === side);
  const penalties = on
    ? s.penalties.filter((p) => !(p.kind === kind && p.side === side))
    : [...s.penalties, { kind, side }];
  return changed(table, s, { penalties });
}

/** Save tapped while the edit sets later hands aside: ask first (the next Save does it). */
export const askSetAside = (s) => ({ ...s, confirming: true });

/**
 * What the bar says of state `s` in `game` (`editing`: the hand number edited, else null):
 * {words, ready (Save can be tapped), later ({first, last, endsAt}: the hands that no longer
 * fit once the edited game ends earlier, set aside on save), hand (as stored)}.
 */
export function preview(game, editing, table, s) {
  const ask = { later: null, ready: false, hand: null };
  if (s.mode !== 'pass' && (s.bidder === null || s.bid === null || (!s.result && !reneged(s)))) {
    const words =
      s.bidder === null
        ? 'Who won the bid?'
        : s.bid === null
          ? 'What was the bid?'
          : 'How did it go?';
    return { ...ask, words };
  }
  const hand = handFromPick(table.rules, s, table.dealer);
  const hands = [...game.hands];
  const index = editing ? editing - 1 : hands.length;
  hands[index] = { hand_no: index + 1, ...hand };
  let { state, error } = score(game, editing ? hands : hands.slice(0, index + 1));
  if (error && error.hand_index === index) return { ...ask, words: error.message };
  if (error && error.code !== 'GAME_OVER') {
    const then = handsText(error.hand_index + 1, error.hand_index + 1);
    return { ...ask, words: `Then ${then} no longer scores: ${error.message}` };
  }
  let later = null;
  if (error) {
    later = { first: error.hand_index + 1, last: hands.length, endsAt: error.hand_index };
    state = score(game, hands.slice(0, error.hand_index)).state;
  }
  const line = previewLine(game, hand, state.hands[index]);
  const them = later && handsText(later.first, later.last);
  const fits = later && `${them} no longer fit${later.first === later.last ? 's' : ''}.`;
  const words =
    later && s.confirming
      ? `Set ${them} aside? They are kept, and "Put them back" on the sheet undoes this.`
      : !later
        ? line
        : later.endsAt > index + 1
          ? `${line}. The game now ends at hand ${later.endsAt}, so ${fits}`
          : `${line} ${fits.replace(/^h/, 'H')}`;
  return { words, later, ready: true, hand };
}
