// A game on the phone: the local score (rules.js), bid and hand wording; seat and side names
// (names.js) are read through here too.
import {
  replay,
  legalBids,
  feasibleTotals,
  winnableBids as offerFor,
  RulesError,
} from './rules.js';
import { endFacts, endWords } from './words.js';
import { sideCount, seatsOf, sideName, seatName, unit } from './names.js';

const HAND_KEYS = ['dealer', 'bids', 'bidder', 'bid', 'trump', 'result', 'penalties'];

// the names live in names.js (words.js needs them too); the screens keep reading them here
export { sideCount, seatsOf, sideName, seatName, unit };

/** The input fields of a hand (what the API takes), dropping anything else. */
export function handInput(hand) {
  const out = {};
  for (const key of HAND_KEYS)
    if (hand[key] !== undefined && hand[key] !== null) out[key] = hand[key];
  return out;
}

/** Score the game's log locally; returns {state} or {error} (a RulesError), never throws it. */
export function score(game, hands = game.hands) {
  try {
    const state = replay(
      game.rules,
      hands.map(handInput),
      game.first_dealer || 0,
      game.start_totals || null,
      game.time_called || null, // the director's call of time (docs/rules.md 36-38)
    );
    return { state };
  } catch (err) {
    if (err instanceof RulesError) return { error: err };
    throw err;
  }
}

/**
 * The bids `seat` could win the hand with when `dealer` shakes, grouped: points, marks,
 * contracts (rules.js winnableBids, itself the twin of rules.winnable_bids). Without a seat,
 * every seat's offer together.
 */
export function winnableBids(rules, dealer, seat) {
  const seats = seat === undefined || seat === null ? [...Array(rules.players).keys()] : [seat];
  const seen = new Map();
  for (const s of seats)
    for (const bid of offerFor(rules, dealer, s)) seen.set(JSON.stringify(bid), bid);
  const all = [...seen.values()];
  const isPoint = (b) => typeof b === 'number' && b < rules.mark_value;
  const isMark = (b) => typeof b === 'number' && b >= rules.mark_value;
  return {
    points: all.filter(isPoint).sort((a, b) => a - b),
    marks: all.filter(isMark).sort((a, b) => a - b),
    contracts: all.filter((b) => typeof b === 'object'),
  };
}

/** Whether a bid needs every trick (mark bids and contracts) rather than a count. */
export const isAllTricks = (rules, bid) => typeof bid !== 'number' || bid >= rules.mark_value;

/** Whether a bid is Moon's "shoot the moon" (one mark) or "shoot it over" (two). */
const isMoonBid = (rules, bid) =>
  rules.shoot_over && typeof bid === 'number' && bid >= rules.mark_value;

/** A bid in words: "30", "2 marks", "Plunge (4 marks)", "Nel-o, doubles high", "Shoot it over". */
export function bidLabel(rules, bid) {
  if (bid === null || bid === undefined) return '—';
  if (typeof bid === 'number') {
    if (bid < rules.mark_value) return String(bid);
    const k = bid / rules.mark_value;
    if (isMoonBid(rules, bid)) return `${k === 1 ? 'Shoot the moon' : 'Shoot it over'} (${bid})`;
    const marks = `${k} mark${k === 1 ? '' : 's'}`;
    return rules.scoring === 'points' ? `${bid} (${marks})` : marks;
  }
  if (bid.marks && !bid.contract) return bidLabel(rules, bid.marks * rules.mark_value);
  const names = {
    nello: 'Nel-o',
    plunge: 'Plunge',
    splash: 'Splash',
    sevens: 'Sevens',
    dip: 'Dip',
    dive: 'Dive',
  };
  const name = names[bid.contract] || bid.contract;
  if (bid.contract === 'nello')
    return `${name}, doubles ${bid.doubles === 'own_suit' ? 'own suit' : bid.doubles}`;
  return `${name} (${bid.marks} mark${bid.marks === 1 ? '' : 's'})`;
}

const CONTRACT_ORDER = ['nello', 'sevens', 'splash', 'plunge', 'dip', 'dive'];

/**
 * The bids `seat` may win with, ready to show: points ascending, then marks ascending, then
 * contracts by kind (nel-o once, with its doubles modes apart; sevens, splash, plunge ...) and
 * marks. Sevens is a trump called on a mark bid here, so its contract bids are left out when a
 * mark bid of the same marks is on offer.
 */
export function bidOffer(rules, dealer, seat) {
  const { points, marks, contracts } = winnableBids(rules, dealer, seat);
  return groupOffer(rules, [...points, ...marks, ...contracts]);
}

/** The bids the dealer may make when every other player passed (a forced bid), grouped. */
export function forcedOffer(rules, dealer) {
  const passes = new Array(rules.players - 1).fill('pass');
  return groupOffer(
    rules,
    legalBids(rules, passes, dealer).filter((b) => b !== 'pass'),
  );
}

/** Group and order canonical bids for the bid buttons (see bidOffer). */
function groupOffer(rules, bids) {
  const isMarks = (b) => typeof b === 'number' && b >= rules.mark_value;
  const points = bids.filter((b) => typeof b === 'number' && !isMarks(b)).sort((a, b) => a - b);
  const marks = bids.filter(isMarks).sort((a, b) => a - b);
  const markValues = new Set(marks);
  const contracts = bids.filter(
    (b) =>
      typeof b === 'object' &&
      b &&
      !(b.contract === 'sevens' && markValues.has(b.marks * rules.mark_value)),
  );
  const nello = contracts.filter((c) => c.contract === 'nello');
  const byKind = (a, b) =>
    CONTRACT_ORDER.indexOf(a.contract) - CONTRACT_ORDER.indexOf(b.contract) || a.marks - b.marks;
  return {
    points,
    marks,
    contracts: [...nello.slice(0, 1), ...contracts.filter((c) => c.contract !== 'nello')].sort(
      byKind,
    ),
    nelloModes: nello.map((c) => c.doubles),
  };
}

/**
 * Every count one side can take in a hand of `rules`, ascending (e.g. Texas 88 has no 1, 3, 5,
 * 83, 85 or 87): the twin's feasible totals, or every count when the ruleset does not check.
 */
export function possibleCounts(rules) {
  const all = Array.from({ length: rules.points_per_hand + 1 }, (_, n) => n);
  if (!rules.check_totals) return all;
  const feasible = feasibleTotals(rules);
  return all.filter((n) => feasible.has(n));
}

/** Why a hand ended the game (the engine's end_reason), as said at the table; '' if unknown. */
export function endReasonText(game, result) {
  return endWords(result.end_reason, 'now', endFacts(game, result.winner));
}

/** "You bid first" / "Left bids first": one player's verb agrees with the name. */
export function bidsFirst(game, seat) {
  const name = seatName(game, seat);
  return `${name} ${name === 'You' ? 'bid' : 'bids'} first`;
}

/**
 * The seats as they sit round the table, seen from seat 0 (you, at the bottom): the near row
 * is [left of you, you, right of you], the far row the rest from left to right. Two rows of
 * seat numbers, whatever the player count; places never move with the dealer.
 */
export function tableRows(rules) {
  const n = rules.players;
  if (n <= 3) return [[], n === 2 ? [0, 1] : [1, 0, 2]];
  const far = Array.from({ length: n - 3 }, (_, i) => i + 2);
  return [far, [1, 0, n - 1]];
}

/** What the bidders took, in words: "took 30", "all tricks", "no tricks", "1 trick". */
export function countLabel(rules, hand, bid = hand.bid) {
  const r = hand.result || {};
  if (!hand.result && (hand.penalties || []).some((p) => p.kind === 'renege')) return 'renege';
  if (r.tricks !== undefined)
    return r.tricks === 0 ? 'no tricks' : `${r.tricks} trick${r.tricks === 1 ? '' : 's'}`;
  if (r.declared === 'set' && isAllTricks(rules, bid)) return 'lost a trick';
  if (r.captured !== undefined)
    return r.captured === rules.points_per_hand && isAllTricks(rules, bid)
      ? 'all tricks'
      : `took ${r.captured}`;
  if (r.declared) return `${r.declared}, stopped early`;
  if (r.by_side) return r.by_side.join('–');
  return '';
}

/** The award of a scored hand in words: "Them +1", "Us +30, Them +12", "reshuffle". */
export function awardLabel(game, result) {
  if (result.outcome === 'reshuffle') return 'reshuffle, no score';
  const parts = result.awarded
    .map((n, side) => (n ? `${sideName(game, side)} ${n > 0 ? '+' : ''}${n}` : null))
    .filter(Boolean);
  return parts.length ? parts.join(', ') : 'no score';
}

/** The preview of a hand before saving: "needed 34, took 30: set, Them +1". */
export function previewLine(game, hand, result) {
  if (result.outcome === 'reshuffle') return 'All passed: reshuffle, no score';
  const head = [];
  const r = hand.result || {};
  if (hand.bids) head.push('forced bid');
  if (r.tricks !== undefined) head.push(`nel-o, ${countLabel(game.rules, hand)}`);
  else if (result.need !== null && result.need !== undefined) head.push(`needed ${result.need}`);
  if (r.captured !== undefined && !(r.declared && isAllTricks(game.rules, hand.bid)))
    head.push(`took ${r.captured}`);
  else if (r.declared && r.tricks === undefined && !isAllTricks(game.rules, hand.bid)) {
    head.push('stopped early');
  }
  const called = (hand.penalties || []).map(
    (p) => `${p.kind.replace('_', ' ')} by ${sideName(game, p.side)}`,
  );
  if (called.length) head.push(called.join(', '));
  const award = `${result.outcome}, ${awardLabel(game, result)}`;
  const line = `${head.join(', ')}${head.length ? ': ' : ''}${award}`;
  if (!result.game_over) return line;
  const why = endReasonText(game, result);
  return `${line}. Ends the game${why ? `: ${why}` : ''}.`;
}

const SUITS = [
  'blanks',
  'aces',
  'deuces',
  'treys',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'elevens',
  'twelves',
  'thirteens',
  'fourteens',
  'fifteens',
  'sixteens',
  'seventeens',
  'eighteens',
  'nineteens',
  'twenties',
];

/** "hand 9" / "hands 9–10". */
export const handsText = (first, last) =>
  first === last ? `hand ${first}` : `hands ${first}–${last}`;

/** A trump in words: "fives", "doubles", "follow-me", "sevens", "no trump". */
export function trumpLabel(trump) {
  if (typeof trump === 'number') return SUITS[trump] || `${trump}s`;
  const words = { doubles: 'doubles', follow_me: 'follow-me', sevens: 'sevens', none: 'no trump' };
  return words[trump] || '';
}

/**
 * The trumps the bidder may call with `bid`, as [value, label] pairs: the suits, doubles,
 * follow-me, and sevens on a mark bid; none for nel-o (its doubles mode is part of the bid).
 */
export function trumpChoices(rules, bid) {
  if (bid === null || bid === undefined) return [];
  if (typeof bid === 'object' && bid.contract === 'nello') return [];
  const suits = Array.from({ length: rules.top_suit + 1 }, (_, i) => [i, trumpLabel(i)]);
  const out = [...suits];
  if (rules.doubles_trump) out.push(['doubles', 'doubles']);
  if (rules.follow_me) out.push(['follow_me', 'follow-me']);
  const marks = typeof bid === 'number' ? bid >= rules.mark_value : Boolean(bid.marks);
  if (rules.sevens && marks) out.push(['sevens', 'sevens']);
  if (typeof bid === 'object' && bid.contract === 'sevens') return [['sevens', 'sevens']];
  return out;
}

/** A hand's bid column: "Left, 31 in fives", "Right, 2 marks (forced)", "all pass". */
export function handBidLabel(game, hand, result) {
  if (result.outcome === 'reshuffle') return 'all pass';
  const called = hand.trump !== undefined && hand.trump !== null;
  const trump = called ? ` in ${trumpLabel(hand.trump)}` : '';
  const forced = hand.bids ? ' (forced)' : '';
  return `${seatName(game, result.bidder)}, ${bidLabel(game.rules, result.bid)}${trump}${forced}`;
}

/** The side leading (or the winner); null on a tie. */
export function leader(state) {
  if (state.winner !== null && state.winner !== undefined) return state.winner;
  const top = Math.max(...state.totals);
  const at = state.totals.filter((t) => t === top).length;
  return at === 1 ? state.totals.indexOf(top) : null;
}

/** "Left shakes" / "You shake". */
export function shakes(game, seat) {
  const name = seatName(game, seat);
  return `${name} ${name === 'You' ? 'shake' : 'shakes'}`;
}

/** "Us lead" / "Ann leads": a team reads as plural, one player as singular. */
export function leads(game, side) {
  const verb = seatsOf(game.rules, side).length > 1 ? 'lead' : 'leads';
  return `${sideName(game, side)} ${verb}`;
}

/** JSON with object keys sorted, so two copies of a hand compare equal whatever their key order. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two hands carry the same input. */
export const sameHand = (a, b) => canonical(handInput(a)) === canonical(handInput(b));
