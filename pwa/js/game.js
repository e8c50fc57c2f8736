// A game on the phone: seat and side names, the local score (rules.js), bid and hand wording.
import { replay, winnableBids as offerFor, RulesError } from './rules.js';

const HAND_KEYS = ['dealer', 'bids', 'bidder', 'bid', 'trump', 'result', 'penalties'];
const DEFAULT_SEATS_4 = ['You', 'Left', 'Partner', 'Right'];

/** Number of sides (teams) in a ruleset. */
export const sideCount = (rules) => new Set(rules.sides).size;

/** The seats of one side, in seat order. */
export const seatsOf = (rules, side) => rules.sides.map((s, i) => (s === side ? i : -1)).filter((i) => i >= 0);

/** A side's name: the team's name, or for a one-seat side its player's name. */
export function sideName(game, side) {
  const team = (game.teams || [])[side];
  if (team && team.name) return team.name;
  if (sideCount(game.rules) === 2) return side === 0 ? 'Us' : 'Them';
  return seatName(game, seatsOf(game.rules, side)[0]);
}

/** A seat's name: the player's name, else a table position. */
export function seatName(game, seat) {
  const side = game.rules.sides[seat];
  const index = seatsOf(game.rules, side).indexOf(seat);
  const team = (game.teams || [])[side];
  const given = team && team.players && team.players[index];
  if (given) return given;
  if (game.rules.players === 4 && sideCount(game.rules) === 2) return DEFAULT_SEATS_4[seat];
  return `Seat ${seat + 1}`;
}

/** The input fields of a hand (what the API takes), dropping anything else. */
export function handInput(hand) {
  const out = {};
  for (const key of HAND_KEYS) if (hand[key] !== undefined && hand[key] !== null) out[key] = hand[key];
  return out;
}

/** Score the game's log locally; returns {state} or {error} (a RulesError), never throws it. */
export function score(game, hands = game.hands) {
  try {
    const state = replay(game.rules, hands.map(handInput), game.first_dealer || 0, game.start_totals || null);
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
  for (const s of seats) for (const bid of offerFor(rules, dealer, s)) seen.set(JSON.stringify(bid), bid);
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

/** A bid in words: "30", "2 marks", "Plunge (4 marks)", "Nel-o, doubles high". */
export function bidLabel(rules, bid) {
  if (bid === null || bid === undefined) return '—';
  if (typeof bid === 'number') {
    if (bid < rules.mark_value) return String(bid);
    const k = bid / rules.mark_value;
    const marks = `${k} mark${k === 1 ? '' : 's'}`;
    return rules.scoring === 'points' ? `${bid} (${marks})` : marks;
  }
  if (bid.marks && !bid.contract) return bidLabel(rules, bid.marks * rules.mark_value);
  const names = { nello: 'Nel-o', plunge: 'Plunge', splash: 'Splash', sevens: 'Sevens' };
  const name = names[bid.contract] || bid.contract;
  if (bid.contract === 'nello') return `${name}, doubles ${bid.doubles === 'own_suit' ? 'own suit' : bid.doubles}`;
  return `${name} (${bid.marks} mark${bid.marks === 1 ? '' : 's'})`;
}

/** What the bidders took, in words: "took 30", "all tricks", "no tricks", "1 trick". */
export function countLabel(rules, hand, bid = hand.bid) {
  const r = hand.result || {};
  if (!hand.result && (hand.penalties || []).some((p) => p.kind === 'renege')) return 'renege';
  if (r.tricks !== undefined) return r.tricks === 0 ? 'no tricks' : `${r.tricks} trick${r.tricks === 1 ? '' : 's'}`;
  if (r.declared === 'set' && isAllTricks(rules, bid)) return 'lost a trick';
  if (r.captured !== undefined) return r.captured === rules.points_per_hand && isAllTricks(rules, bid) ? 'all tricks' : `took ${r.captured}`;
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
  if (r.tricks !== undefined) head.push(`nel-o, ${countLabel(game.rules, hand)}`);
  else if (result.need !== null && result.need !== undefined) head.push(`needed ${result.need}`);
  if (r.captured !== undefined && !(r.declared && isAllTricks(game.rules, hand.bid))) head.push(`took ${r.captured}`);
  const called = (hand.penalties || []).map((p) => `${p.kind.replace('_', ' ')} by ${sideName(game, p.side)}`);
  if (called.length) head.push(called.join(', '));
  return `${head.join(', ')}${head.length ? ': ' : ''}${result.outcome}, ${awardLabel(game, result)}`;
}

/** The side leading (or the winner); null on a tie. */
export function leader(state) {
  if (state.winner !== null && state.winner !== undefined) return state.winner;
  const top = Math.max(...state.totals);
  const at = state.totals.filter((t) => t === top).length;
  return at === 1 ? state.totals.indexOf(top) : null;
}

/** The ruleset's unit: "marks" or "points". */
export const unit = (rules) => (rules.scoring === 'points' ? 'points' : 'marks');

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
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two hands carry the same input. */
export const sameHand = (a, b) => canonical(handInput(a)) === canonical(handInput(b));
