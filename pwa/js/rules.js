// Tally 42's scoring twin: the JavaScript mirror of the Python package rules/.
//
// An ES module with no dependencies and no build step (Chromium and Node 20 alike). It scores
// hands exactly as rules/ does, so the phone shows the right total with no network; both
// engines run the same golden cases in tests/vectors/*.json. Rulesets are the JSON dicts of
// Python's Ruleset.to_dict() (GET /api/rulesets): presets are never defined here.
// The sections below follow rules/*.py module by module and function by function, with the
// same names in camelCase, so the two stay easy to compare. Every rejection is a RulesError
// with the Python's stable code; no input, however malformed, ends in a TypeError.

// --- errors.py -------------------------------------------------------------------------------

/** Every rejection: `code` (stable, e.g. "BID_OUT_OF_RANGE"), `message`, `field`, `handIndex`. */
export class RulesError extends Error {
  constructor(message, code = 'BAD_INPUT', field = null, handIndex = null) {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    this.field = field;
    this.handIndex = handIndex;
  }

  /** Python's spelling, for code written against the API's JSON. */
  get hand_index() { return this.handIndex; }

  /** The JSON shape of Python's RulesError.to_dict(). */
  toJSON() {
    return { code: this.code, message: this.message, field: this.field, hand_index: this.handIndex };
  }
}

const fail = (code, message, field = null) => { throw new RulesError(message, code, field); };
const isInt = (value) => typeof value === 'number' && Number.isInteger(value);
const isDict = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
// Inputs are read as the server reads their JSON: a key whose value is undefined is absent.
const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key) && obj[key] !== undefined;
const keysOf = (obj) => Object.keys(obj).filter((key) => obj[key] !== undefined);
// Python's dict.get: the value, or `fallback` when the key is missing (null stays null).
const get = (obj, key, fallback = null) => (has(obj, key) ? obj[key] : fallback);
// Python's `x is None` for a dict.get result: missing and null are the same.
const isNone = (value) => value === null || value === undefined;
// Quote a bad value in a message (Python's !r); never throws, whatever the value.
const show = (value) => {
  try { return JSON.stringify(value) ?? String(value); } catch { /* circular, BigInt ... */ }
  try { return String(value); } catch { return Object.prototype.toString.call(value); }
};
const range = (start, stop, step = 1) => {
  const out = [];
  for (let i = start; i < stop; i += step) out.push(i);
  return out;
};

/** Return `value` if it is a whole number (never a boolean), else throw `code`. */
function checkInt(value, field, code = 'BAD_INPUT', what = 'a whole number') {
  if (!isInt(value)) fail(code, `${field} ${show(value)} is not ${what}`, field);
  return value;
}

// --- rulesets.py -----------------------------------------------------------------------------

const NELLO_MODES = ['high', 'low', 'own_suit'];
const CONTRACTS = ['nello', 'plunge', 'splash', 'sevens', 'dip', 'dive'];
const MAX_INT = 10 ** 6; // a sanity ceiling on every numeric knob
const MAX_POINTS = 10000; // points a hand, bids: keeps the ladder and the tile check small
const MAX_COUNT_TILES = 40;
const MAX_TILE_VALUE = 50;

const sideCount = (rs) => new Set(rs.sides).size;

/** The highest point bid: max_point_bid, else the last step below one mark. */
function highestPointBid(rs) {
  if (!isNone(rs.max_point_bid)) return rs.max_point_bid;
  const steps = Math.floor((rs.mark_value - 1 - rs.min_bid) / rs.bid_step);
  return rs.min_bid + steps * rs.bid_step;
}

const badKnob = (knob, value, why) => fail('BAD_OVERRIDE', `rules.${knob} ${show(value)} ${why}`,
  `rules.${knob}`);

function intKnob(low, high = MAX_INT, allowNone = false) {
  return (knob, value) => {
    if (value === null && allowNone) return null;
    if (!isInt(value)) badKnob(knob, value, 'is not a whole number');
    if (!(low <= value && value <= high)) badKnob(knob, value, `is outside ${low}..${high}`);
    return value;
  };
}

function boolKnob(knob, value) {
  if (typeof value !== 'boolean') badKnob(knob, value, 'is not true or false');
  return value;
}

function strKnob(knob, value) {
  if (typeof value !== 'string' || value.length > 2000) {
    badKnob(knob, value, 'is not a string of at most 2000 characters');
  }
  return value;
}

function choiceKnob(options) {
  return (knob, value) => {
    if (!options.includes(value)) badKnob(knob, value, `is not one of ${options.join(', ')}`);
    return value;
  };
}

function sidesKnob(knob, value) {
  if (!Array.isArray(value) || !(value.length >= 2 && value.length <= 16)) {
    badKnob(knob, value, 'is not a list of 2 to 16 side numbers');
  }
  const sides = Array.from(value, (s) => intKnob(0)(knob, s));
  const distinct = new Set(sides);
  if (distinct.size < 2 || ![...distinct].every((s) => s < distinct.size)) {
    badKnob(knob, value, 'must number at least two sides 0, 1, 2 ... with none skipped');
  }
  return sides;
}

function countTilesKnob(knob, value) {
  if (!Array.isArray(value) || value.length > MAX_COUNT_TILES) badKnob(knob, value, 'is not a list of [a, b, value] tiles');
  return Array.from(value, (tile) => {
    if (!Array.isArray(tile) || tile.length !== 3) badKnob(knob, value, 'is not a list of [a, b, value] tiles');
    return Array.from(tile, (x) => intKnob(0, MAX_TILE_VALUE)(knob, x));
  });
}

function nelloLevelsKnob(knob, value) {
  if (!Array.isArray(value) || !(value.length >= 1 && value.length <= 99)) {
    badKnob(knob, value, 'is not a non-empty list of mark levels');
  }
  const levels = Array.from(value, (v) => intKnob(1, 99)(knob, v)).sort((a, b) => a - b);
  if (new Set(levels).size !== levels.length) badKnob(knob, value, 'lists a mark level twice');
  return levels;
}

function nelloModesKnob(knob, value) {
  if (!Array.isArray(value) || value.length === 0) {
    badKnob(knob, value, 'is not a non-empty list of nel-o doubles modes');
  }
  const modes = Array.from(value, (v) => choiceKnob(NELLO_MODES)(knob, v));
  if (new Set(modes).size !== modes.length) badKnob(knob, value, 'lists a doubles mode twice');
  return modes;
}

const KNOB_CHECKS = {
  id: strKnob, name: strKnob, description: strKnob,
  players: intKnob(2, 16), sides: sidesKnob, tricks: intKnob(1, 50), trick_value: intKnob(0, 100),
  count_tiles: countTilesKnob, points_per_hand: intKnob(1, MAX_POINTS), min_bid: intKnob(1, MAX_POINTS),
  bid_step: intKnob(1, MAX_POINTS), mark_value: intKnob(1, MAX_POINTS),
  max_point_bid: intKnob(1, MAX_POINTS, true), scoring: choiceKnob(['marks', 'points']),
  target: intKnob(1), max_hands: intKnob(1, MAX_INT, true), all_pass: choiceKnob(['forced', 'reshuffle']),
  opening_limit_marks: intKnob(1, 99), mark_escalation: choiceKnob(['plus_one', 'double']),
  max_marks: intKnob(1, 99, true), set_rule: choiceKnob(['opponents_score', 'bidder_loses_bid']),
  bid_rounds: choiceKnob(['once', 'until_pass']), nello_doubles: nelloModesKnob, top_suit: intKnob(0, 20),
  both_past_target: choiceKnob(['bidder_out', 'higher_total']), nello_levels: nelloLevelsKnob,
};
// Knobs added after rulesets were first stored (on the phone too): a dict without one loads
// with this default, as Python's Ruleset.from_dict fills it in.
const LATER_KNOBS = { both_past_target: 'bidder_out', nello_levels: [1] };
// Knobs replaced by another, still read from older dicts: old name -> [new name, convert].
const OLD_KNOBS = { nello_marks: ['nello_levels', (marks) => [marks]] };
/** A knob's value: from an older dict, its replaced knob or else its default. */
function knob(rs, name) {
  if (has(rs, name)) return rs[name];
  for (const [old, [now, convert]] of Object.entries(OLD_KNOBS)) {
    if (now === name && has(rs, old)) return convert(rs[old]);
  }
  return LATER_KNOBS[name];
}

/** `overrides` with replaced knobs under their new names (nello_marks: k -> nello_levels: [k]). */
function renamed(overrides) {
  const out = { ...overrides };
  for (const [old, [now, convert]] of Object.entries(OLD_KNOBS)) {
    if (!has(out, old)) continue;
    const value = intKnob(1, 99)(old, out[old]);
    delete out[old];
    if (!has(out, now)) out[now] = convert(value);
  }
  return out;
}
for (const knob of ['nello', 'nello_dealer_only', 'plunge', 'splash', 'dip', 'dive', 'sevens',
  'follow_me', 'doubles_trump', 'check_totals', 'shoot_over', 'table_talk_warning_first']) {
  KNOB_CHECKS[knob] = boolKnob;
}
for (const knob of ['plunge_marks', 'plunge_doubles', 'splash_marks',
  'splash_doubles', 'dip_marks', 'dip_doubles', 'dive_marks', 'dive_doubles']) {
  KNOB_CHECKS[knob] = intKnob(1, 99);
}

/**
 * Return a copy of `ruleset` (a Ruleset.to_dict() dict) with `overrides` applied and checked,
 * as Python's get_ruleset(preset_id, overrides) does: id, name and description in the
 * overrides are ignored. Throws BAD_OVERRIDE naming the knob for an unknown knob, a bad
 * value, or knobs that do not fit together.
 */
export function applyOverrides(ruleset, overrides) {
  checkRuleset(ruleset);
  if (isNone(overrides)) return { ...ruleset };
  if (!isDict(overrides)) fail('BAD_OVERRIDE', `overrides ${show(overrides)} is not an object`, 'rules');
  const changes = {};
  const given = renamed(overrides);
  for (const knob of keysOf(given)) {
    const value = given[knob];
    if (['id', 'name', 'description'].includes(knob)) continue;
    if (!has(KNOB_CHECKS, knob)) fail('BAD_OVERRIDE', `rules.${knob} is not a ruleset knob`, `rules.${knob}`);
    changes[knob] = KNOB_CHECKS[knob](knob, value);
  }
  const result = { ...ruleset, ...modeDefaults(ruleset, changes), ...changes };
  checkConsistent(result);
  return result;
}

/** The usual points target for a hand of `pointsPerHand`: 250 scaled, to the nearest 50. */
const pointsTarget = (pointsPerHand) => Math.max(50, Math.floor((5 * pointsPerHand + 21) / 42) * 50);

/**
 * The knobs that follow `scoring` when `changes` switch it (Python: mode_defaults): marks,
 * a target of 7 and 13 hands; points, the usual points target and no hand limit.
 */
function modeDefaults(ruleset, changes) {
  const scoring = has(changes, 'scoring') ? changes.scoring : ruleset.scoring;
  if (scoring === ruleset.scoring) return {};
  if (scoring === 'marks') return { target: 7, max_hands: 13 };
  const size = has(changes, 'points_per_hand') ? changes.points_per_hand : ruleset.points_per_hand;
  return { target: pointsTarget(size), max_hands: null };
}

/** Throw BAD_OVERRIDE when the knobs of `rs` contradict each other. */
function checkConsistent(rs) {
  if (rs.sides.length !== rs.players) {
    badKnob('sides', rs.sides, `must give a side for each of ${rs.players} players`);
  }
  if (rs.min_bid > rs.mark_value) badKnob('min_bid', rs.min_bid, `is above the one-mark bid ${rs.mark_value}`);
  if (!isNone(rs.max_point_bid) && !(rs.min_bid <= rs.max_point_bid && rs.max_point_bid < rs.mark_value)) {
    badKnob('max_point_bid', rs.max_point_bid, `must lie in ${rs.min_bid}..${rs.mark_value - 1}`);
  }
  if (highestPointBid(rs) > rs.points_per_hand) {
    badKnob('min_bid', rs.min_bid, `allows bids above ${rs.points_per_hand} points`);
  }
  const total = rs.count_tiles.reduce((sum, t) => sum + t[2], 0) + rs.tricks * rs.trick_value;
  if (rs.check_totals && total !== rs.points_per_hand) {
    badKnob('points_per_hand', rs.points_per_hand,
      `differs from count + tricks = ${total} (set check_totals false to allow)`);
  }
  if (rs.scoring === 'points' && rs.target <= rs.points_per_hand) {
    badKnob('target', rs.target, `would end a points game after one hand, which holds ${rs.points_per_hand} `
      + `points (play to ${pointsTarget(rs.points_per_hand)})`);
  }
  if (!isNone(rs.max_marks) && rs.max_marks < rs.opening_limit_marks) {
    badKnob('max_marks', rs.max_marks, 'is below opening_limit_marks');
  }
}

/**
 * Throw unless `ruleset` is a whole, valid Ruleset.to_dict() dict (Python: check_ruleset; a
 * Python Ruleset is valid by construction, a dict from storage or the network is not):
 * BAD_INPUT for a missing knob, BAD_OVERRIDE naming the knob for a bad value.
 */
function checkRuleset(ruleset) {
  if (!isDict(ruleset)) fail('BAD_INPUT', `ruleset ${show(ruleset)} is not a ruleset dict (GET /api/rulesets)`, 'ruleset');
  for (const [knob, check] of Object.entries(KNOB_CHECKS)) {
    if (['id', 'name', 'description'].includes(knob)) continue;
    if (!has(ruleset, knob) && has(LATER_KNOBS, knob)) {
      if (knob === 'nello_levels' && has(ruleset, 'nello_marks')) intKnob(1, 99)('nello_marks', ruleset.nello_marks);
      continue;
    }
    if (!has(ruleset, knob)) fail('BAD_INPUT', `the ruleset has no knob ${knob} (GET /api/rulesets)`, 'ruleset');
    check(knob, ruleset[knob]);
  }
  checkConsistent(ruleset);
}

// --- bids.py ---------------------------------------------------------------------------------

const MARKS_CEILING = 99; // no table bids more marks than this, whatever max_marks says
const JUMP_CONTRACTS = ['plunge', 'splash', 'dip', 'dive'];
const BID_KEYS = ['marks', 'contract', 'doubles', 'doubles_held'];
const CONTRACT_NAMES = { nello: 'nel-o', plunge: 'plunge', splash: 'splash', sevens: 'sevens', dip: 'dip', dive: 'dive' };

/** A checked bid: kind "points", "marks" or a contract; `value` ranks it in an auction. */
class Bid {
  constructor(kind, marks, value, doubles = null) {
    Object.assign(this, { kind, marks, value, doubles });
  }

  /** True when the bid is made only with every trick (mark bids and contracts). */
  get allTricks() { return !['points', 'nello'].includes(this.kind); }

  /** The marks the hand is worth: 1 for a point bid, else the bid's marks. */
  get awardMarks() { return this.marks || 1; }

  /** The JSON encoding: a number for point and mark bids, else an object. */
  canonical() {
    if (this.kind === 'points' || this.kind === 'marks') return this.value;
    const encoding = { contract: this.kind, marks: this.marks };
    if (this.kind === 'nello') encoding.doubles = this.doubles;
    return encoding;
  }

  equals(other) {
    return other instanceof Bid && this.kind === other.kind && this.marks === other.marks
      && this.value === other.value && this.doubles === other.doubles;
  }
}

/** The marks a contract is worth when bid without a raise (1 for sevens and marks). */
const baseMarks = (rs, kind) => (kind === 'nello' ? knob(rs, 'nello_levels')[0] : get(rs, `${kind}_marks`, 1));

/** Check one bid (number or object) against ruleset `rs` and return a Bid. */
function parseBid(rs, raw, field = 'bid') {
  if (isDict(raw)) return parseObject(rs, raw, field);
  const value = checkInt(raw, field, 'BID_NOT_INTEGER', 'a whole-number bid');
  if (value < rs.min_bid) {
    fail('BID_OUT_OF_RANGE', `bid ${value} is below the minimum bid of ${rs.min_bid} (RULES.md 5)`, field);
  }
  if (value >= rs.mark_value) {
    if (value % rs.mark_value) {
      fail('BID_NOT_MULTIPLE_OF_MARK',
        `bid ${value} is not a multiple of the one-mark bid ${rs.mark_value} (RULES.md 5)`, field);
    }
    return markBid(rs, 'marks', value / rs.mark_value, field);
  }
  if ((value - rs.min_bid) % rs.bid_step) {
    fail('BID_STEP', `bid ${value} is not in steps of ${rs.bid_step} from ${rs.min_bid} (RULES.md 5, 17)`, field);
  }
  if (value > highestPointBid(rs)) {
    fail('BID_OUT_OF_RANGE',
      `bid ${value} is above the highest point bid ${highestPointBid(rs)} (RULES.md 5, 20)`, field);
  }
  return new Bid('points', 0, value);
}

function markBid(rs, kind, marks, field, doubles = null) {
  const ceiling = Math.min(rs.max_marks || MARKS_CEILING, MARKS_CEILING);
  if (marks > ceiling) {
    fail('MARK_BID_TOO_HIGH', `a bid of ${marks} marks is above the most allowed, ${ceiling} (RULES.md 6)`, field);
  }
  return new Bid(kind, marks, marks * rs.mark_value, doubles);
}

function parseObject(rs, raw, field) {
  const unknown = keysOf(raw).filter((k) => !BID_KEYS.includes(k)).sort();
  if (unknown.length) fail('BAD_INPUT', `${field} has unknown keys ${show(unknown)}`, field);
  const kind = get(raw, 'contract');
  if (isNone(kind)) {
    if (keysOf(raw).length !== 1 || !has(raw, 'marks')) {
      fail('BAD_INPUT', `${field} ${show(raw)} needs 'marks' or a 'contract'`, field);
    }
    return markBid(rs, 'marks', checkMarks(raw.marks, field), field);
  }
  if (!CONTRACTS.includes(kind)) {
    fail('CONTRACT_NOT_ALLOWED', `contract ${show(kind)} is not one of ${CONTRACTS.join(', ')}`, `${field}.contract`);
  }
  if (!rs[kind]) {
    fail('CONTRACT_NOT_ALLOWED', `${CONTRACT_NAMES[kind]} is not allowed in ${rs.name} (RULES.md 13-16)`,
      `${field}.contract`);
  }
  const marks = checkMarks(get(raw, 'marks', baseMarks(rs, kind)), field);
  if (kind === 'nello') return parseNello(rs, raw, marks, field);
  if (has(raw, 'doubles')) fail('BAD_INPUT', `${field}: only nel-o takes a doubles mode`, field);
  if (JUMP_CONTRACTS.includes(kind)) {
    checkJump(rs, kind, raw, marks, field);
  } else if (has(raw, 'doubles_held')) {
    fail('BAD_INPUT', `${field}: ${kind} does not take doubles_held`, field);
  }
  return markBid(rs, kind, marks, field);
}

function checkMarks(value, field) {
  const marks = checkInt(value, `${field}.marks`, 'BID_NOT_INTEGER', 'a whole number of marks');
  if (marks < 1) fail('BID_OUT_OF_RANGE', `a bid of ${marks} marks is below 1 mark (RULES.md 5)`, `${field}.marks`);
  return marks;
}

function parseNello(rs, raw, marks, field) {
  if (has(raw, 'doubles_held')) fail('BAD_INPUT', `${field}: nel-o does not take doubles_held`, field);
  const levels = knob(rs, 'nello_levels');
  if (!levels.includes(marks)) {
    const allowed = levels.join(' or ');
    fail('NELLO_MARKS', `Nel-o is played for ${allowed} mark${allowed === '1' ? '' : 's'} at this table, not ${marks}.`,
      `${field}.marks`);
  }
  const doubles = get(raw, 'doubles', rs.nello_doubles[0]);
  if (!NELLO_MODES.includes(doubles)) {
    fail('NELLO_DOUBLES_MODE', `nel-o doubles mode ${show(doubles)} is not one of ${NELLO_MODES.join(', ')} `
      + '(RULES.md 13)', `${field}.doubles`);
  }
  if (!rs.nello_doubles.includes(doubles)) {
    fail('NELLO_DOUBLES_MODE', `nel-o with doubles ${show(doubles)} is not allowed in ${rs.name} (RULES.md 13)`,
      `${field}.doubles`);
  }
  return markBid(rs, 'nello', marks, field, doubles);
}

function checkJump(rs, kind, raw, marks, field) {
  const base = baseMarks(rs, kind);
  if (marks < base) {
    fail(`${kind.toUpperCase()}_MARKS`, `a ${kind} is at least ${base} marks, not ${marks} (RULES.md 14, 15, 24)`,
      `${field}.marks`);
  }
  if (has(raw, 'doubles_held')) {
    const held = checkInt(raw.doubles_held, `${field}.doubles_held`);
    const need = rs[`${kind}_doubles`];
    if (held < need) {
      fail('NOT_ENOUGH_DOUBLES', `a ${kind} needs ${need} doubles, not ${held} (RULES.md 14, 15, 24)`,
        `${field}.doubles_held`);
    }
  }
}

/** Check the trump named for `bid` (null = not recorded); return it unchanged. */
function checkTrump(rs, trump, bid, field = 'trump') {
  if (isNone(trump)) return null;
  if (bid.kind === 'nello') {
    if (trump !== 'none' && trump !== 'follow_me') noTrump(trump, 'nel-o is played without trump (RULES.md 13)', field);
    return trump;
  }
  if (bid.kind === 'sevens' && trump !== 'sevens') noTrump(trump, 'a sevens bid has sevens as trump (RULES.md 16)', field);
  if (isInt(trump)) {
    if (!(trump >= 0 && trump <= rs.top_suit)) noTrump(trump, `suits run 0..${rs.top_suit} (RULES.md 12)`, field);
  } else if (trump === 'doubles') {
    if (!rs.doubles_trump) noTrump(trump, `doubles are not trump in ${rs.name} (RULES.md 12)`, field);
  } else if (trump === 'follow_me' || trump === 'none') {
    if (!rs.follow_me) noTrump(trump, `follow-me is not allowed in ${rs.name} (RULES.md 12)`, field);
  } else if (trump === 'sevens') {
    checkSevens(rs, bid, field);
  } else {
    noTrump(trump, 'it is not a suit 0..6, doubles, follow_me, sevens or none', field);
  }
  return trump;
}

function checkSevens(rs, bid, field) {
  if (!rs.sevens) noTrump('sevens', `sevens is not allowed in ${rs.name} (RULES.md 16)`, field);
  if (bid.marks < 1) noTrump('sevens', 'sevens needs a bid of at least 1 mark (RULES.md 16)', field);
}

function noTrump(trump, why, field) {
  fail('TRUMP_NOT_ALLOWED', `trump ${show(trump)} is not allowed: ${why}`, field);
}

/** The canonical encoding of `bid` (e.g. {"marks": 2} -> 84 in 42); "pass" stays "pass". */
export function canonicalBid(ruleset, bid) {
  checkRuleset(ruleset);
  return bid === PASS ? PASS : parseBid(ruleset, bid).canonical();
}

// --- auction.py ------------------------------------------------------------------------------

const PASS = 'pass';

/** The state of an auction: the high bid and its seat, who passed, whose turn it is. */
function newAuction(dealer) {
  return { dealer, high: null, highSeat: null, passed: new Set(), lastSeat: null, entries: 0 };
}

/** Return `seat` if it is a seat number of `rs`, else throw SEAT_OUT_OF_RANGE. */
function checkSeat(rs, seat, field) {
  checkInt(seat, field);
  if (!(seat >= 0 && seat < rs.players)) {
    fail('SEAT_OUT_OF_RANGE', `${field} ${seat} is not a seat 0..${rs.players - 1} (RULES.md 3)`, field);
  }
  return seat;
}

/** The seat to bid next, or null when the auction is over. */
function nextSeat(rs, state) {
  if (rs.bid_rounds === 'once') {
    return state.entries >= rs.players ? null : (state.dealer + 1 + state.entries) % rs.players;
  }
  const active = range(0, rs.players).filter((s) => !state.passed.has(s));
  if (!active.length || (state.high !== null && active.length === 1 && active[0] === state.highSeat)) {
    return null;
  }
  let seat = state.lastSeat === null ? state.dealer : state.lastSeat;
  for (let i = 0; i < rs.players; i += 1) {
    seat = (seat + 1) % rs.players;
    if (!state.passed.has(seat)) return seat;
  }
  return null;
}

/** The most marks a plain mark bid may have now (RULES.md 6). */
function markLimit(rs, state) {
  const top = state.high !== null ? state.high.marks : 0;
  let limit;
  if (top < rs.opening_limit_marks) limit = rs.opening_limit_marks;
  else if (rs.mark_escalation === 'plus_one') limit = top + 1;
  else limit = Math.max(rs.opening_limit_marks, 2 * top);
  return Math.min(limit, rs.max_marks || MARKS_CEILING, MARKS_CEILING);
}

/**
 * The code that refuses `bid` by `seat` after the auction `state`, or null if allowed. The
 * one test of a bid against the auction: checkBidInAuction, legalBids and winnableBids all ask it.
 */
function refusal(rs, bid, state, seat) {
  if (state.high !== null && bid.value <= state.high.value) return 'BID_NOT_HIGHER';
  const jump = JUMP_CONTRACTS.includes(bid.kind) && bid.marks === baseMarks(rs, bid.kind);
  if (bid.marks && !jump && bid.marks > markLimit(rs, state)) {
    return rs.shoot_over ? 'SHOOT_OVER_WITHOUT_MOON' : 'MARK_BID_TOO_HIGH';
  }
  if (bid.kind === 'nello' && rs.nello_dealer_only && (seat !== state.dealer || state.high !== null)) {
    return 'NELLO_DEALER_ONLY';
  }
  return null;
}

/** Throw if `bid` by `seat` is not allowed after the auction `state`. */
function checkBidInAuction(rs, bid, state, seat, field = 'bid') {
  const code = refusal(rs, bid, state, seat);
  if (code === 'BID_NOT_HIGHER') {
    fail(code, `bid ${show(bid.canonical())} is not higher than the current bid `
      + `${show(state.high.canonical())} (RULES.md 4)`, field);
  }
  if (code === 'SHOOT_OVER_WITHOUT_MOON' || code === 'MARK_BID_TOO_HIGH') {
    fail(code, `a bid of ${bid.marks} marks is above the limit of ${markLimit(rs, state)} marks here (RULES.md 6, 20)`, field);
  }
  if (code === 'NELLO_DEALER_ONLY') checkNelloSeat(rs, seat, state.dealer, state.high === null, field);
}

/** Throw NELLO_DEALER_ONLY when nel-o is only for the forced dealer (RULES.md 13). */
function checkNelloSeat(rs, seat, dealer, allPassed, field = 'bid') {
  if (rs.nello_dealer_only && (seat !== dealer || !allPassed)) {
    fail('NELLO_DEALER_ONLY', `nel-o by seat ${seat} is not allowed: only the forced dealer `
      + `(seat ${dealer}) may call it (RULES.md 13)`, field);
  }
}

/** True when `seat` may not pass: everyone else passed and the dealer must bid. */
function isForced(rs, state, seat) {
  if (rs.all_pass !== 'forced' || state.high !== null) return false;
  return new Set([...state.passed, seat]).size === rs.players;
}

/** Check one auction entry ("pass" or a bid) and apply it to `state`. */
function applyEntry(rs, state, entry, index) {
  const field = `bids[${index}]`;
  const seat = nextSeat(rs, state);
  if (seat === null) {
    fail('BID_COUNT', `bids has ${index + 1} entries but the auction ended after ${index} (RULES.md 4)`, field);
  }
  if (entry === PASS) {
    if (isForced(rs, state, seat)) {
      fail('DEALER_MUST_BID', `seat ${seat} is the dealer and must bid when all others pass (RULES.md 7)`, field);
    }
    state.passed.add(seat);
  } else {
    const bid = parseBid(rs, entry, field);
    checkBidInAuction(rs, bid, state, seat, field);
    state.high = bid;
    state.highSeat = seat;
  }
  state.lastSeat = seat;
  state.entries += 1;
}

/** Check a recorded auction (first entry = left of the dealer) and return its state. */
function runAuction(rs, bids, dealer, complete = false) {
  if (!Array.isArray(bids) || bids.length > 64 * rs.players) {
    fail('BAD_INPUT', `bids ${show(bids)} is not a list of bids`, 'bids');
  }
  const state = newAuction(dealer);
  for (let index = 0; index < bids.length; index += 1) applyEntry(rs, state, bids[index], index);
  if (complete && nextSeat(rs, state) !== null) {
    fail('BID_COUNT', `bids has ${bids.length} entries but the auction is not over (RULES.md 4)`, 'bids');
  }
  return state;
}

/**
 * The bids the next player may make after `auction` ("pass" first when allowed), as
 * canonical encodings; [] once the auction is over. Throws RulesError when the auction so
 * far is illegal.
 */
export function legalBids(ruleset, auction, dealer) {
  checkRuleset(ruleset);
  checkSeat(ruleset, dealer, 'dealer');
  const state = runAuction(ruleset, auction, dealer);
  const seat = nextSeat(ruleset, state);
  if (seat === null) return [];
  const ladder = isForced(ruleset, state, seat) ? [] : [PASS];
  ladder.push(...bidLadder(ruleset, state, seat).map((bid) => bid.canonical()));
  return ladder;
}

/** The Bids `seat` may make after the auction `state` (no pass), in ladder order. */
function bidLadder(rs, state, seat) {
  return candidateBids(rs, state).filter((bid) => refusal(rs, bid, state, seat) === null);
}

const parsedCache = new WeakMap();

/** The candidates that parse under `rs` (each parsed once per ruleset dict and encoding). */
function candidateBids(rs, state) {
  if (!parsedCache.has(rs)) parsedCache.set(rs, new Map());
  const parsed = parsedCache.get(rs);
  const out = [];
  for (const raw of candidates(rs, state)) {
    const key = JSON.stringify(raw);
    if (!parsed.has(key)) {
      try {
        parsed.set(key, parseBid(rs, raw));
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        parsed.set(key, null);
      }
    }
    if (parsed.get(key) !== null) out.push(parsed.get(key));
  }
  return out;
}

/** The mark levels nel-o may be bid at (docs/rules.md 13). */
const nelloLevels = (rs) => knob(rs, 'nello_levels');

function candidates(rs, state) {
  const low = state.high !== null ? state.high.value : 0;
  const out = range(rs.min_bid, highestPointBid(rs) + 1, rs.bid_step).filter((p) => p > low);
  let top = Math.min(Math.max(markLimit(rs, state), ...contractMarks(rs)), MARKS_CEILING);
  top = Math.min(top, rs.max_marks || MARKS_CEILING);
  const marks = range(Math.max(1, Math.floor(low / rs.mark_value)), top + 1);
  out.push(...marks.map((k) => ({ marks: k })));
  if (rs.nello) {
    for (const level of nelloLevels(rs)) {
      out.push(...rs.nello_doubles.map((d) => ({ contract: 'nello', marks: level, doubles: d })));
    }
  }
  for (const kind of [...JUMP_CONTRACTS, 'sevens']) {
    if (rs[kind]) out.push(...marks.map((k) => ({ contract: kind, marks: k })));
  }
  return out;
}

function contractMarks(rs) {
  const marks = JUMP_CONTRACTS.filter((k) => rs[k]).map((k) => baseMarks(rs, k));
  return marks.length ? marks : [0];
}

const CONTRACT_ORDER = ['nello', ...JUMP_CONTRACTS, 'sevens'];
const offersCache = new WeakMap();

/**
 * The bids `seat` could win the auction with, in some legal auction dealt by `dealer`, as
 * canonical encodings: point bids ascending, then mark bids ascending, then contracts (Python:
 * rules.winnable_bids). A bid is winnable when some legal auction brings `seat` a turn at which
 * the ladder (legalBids's own test) allows it; everyone after may then pass. Each (ruleset
 * dict, dealer) is explored once.
 */
export function winnableBids(ruleset, dealer, seat) {
  checkRuleset(ruleset);
  checkSeat(ruleset, dealer, 'dealer');
  checkSeat(ruleset, seat, 'seat');
  if (!offersCache.has(ruleset)) offersCache.set(ruleset, new Map());
  const byDealer = offersCache.get(ruleset);
  if (!byDealer.has(dealer)) byDealer.set(dealer, exploreOffers(ruleset, dealer));
  return [...byDealer.get(dealer)[seat].values()].sort(compareOffers).map((bid) => bid.canonical());
}

function offerOrder(bid) {
  if (bid.kind === 'points' || bid.kind === 'marks') return [bid.kind === 'marks' ? 1 : 0, bid.value, 0, ''];
  return [2, CONTRACT_ORDER.indexOf(bid.kind), bid.marks, bid.doubles ?? ''];
}

function compareOffers(a, b) {
  const [x, y] = [offerOrder(a), offerOrder(b)];
  for (let i = 0; i < x.length; i += 1) {
    if (x[i] < y[i]) return -1;
    if (x[i] > y[i]) return 1;
  }
  return 0;
}

const bidKey = (bid) => (bid === null ? 'null' : JSON.stringify([bid.kind, bid.marks, bid.value, bid.doubles]));

/**
 * For every seat, a Map of the Bids it can win with: walk every reachable auction state, keyed
 * by what decides the rest of the auction, so each is expanded once.
 */
function exploreOffers(rs, dealer) {
  const offers = range(0, rs.players).map(() => new Map());
  const seen = new Set();
  const stack = [newAuction(dealer)];
  while (stack.length) {
    const state = stack.pop();
    const seat = nextSeat(rs, state);
    if (seat === null) continue;
    let moves = bidLadder(rs, state, seat);
    for (const bid of moves) offers[seat].set(bidKey(bid), bid);
    if (!isForced(rs, state, seat)) moves = [null, ...moves];
    for (const bid of moves) {
      const after = { ...state, passed: new Set(state.passed), lastSeat: seat, entries: state.entries + 1 };
      if (bid === null) after.passed.add(seat);
      else Object.assign(after, { high: bid, highSeat: seat });
      const key = rs.bid_rounds === 'once' ? `${bidKey(after.high)}|${after.entries}`
        : `${bidKey(after.high)}|${after.highSeat}|${[...after.passed].sort()}|${after.lastSeat}`;
      if (!seen.has(key)) {
        seen.add(key);
        stack.push(after);
      }
    }
  }
  return offers;
}

// --- results.py ------------------------------------------------------------------------------

const RESULT_KEYS = ['captured', 'tricks', 'by_side', 'declared'];
const feasibleCache = new Map();

/**
 * Every point total one side can take in a hand of `rs` (RULES.md 2, 17, 21). A side with t
 * tricks holds the count tiles in them: none with no trick, all of them with every trick, and
 * never more tiles than its tricks hold (t x players) nor fewer than the other tricks leave
 * ((tricks - t) x players). The total is count + t x trick_value.
 */
function feasibleTotals(rs) {
  const key = JSON.stringify([rs.players, rs.tricks, rs.trick_value, rs.count_tiles]);
  if (feasibleCache.has(key)) return feasibleCache.get(key);
  const allTiles = rs.count_tiles.length;
  const sumsByTiles = range(0, allTiles + 1).map(() => new Set()); // tiles taken -> count sums
  sumsByTiles[0].add(0);
  for (const tile of rs.count_tiles) {
    for (let n = allTiles; n > 0; n -= 1) {
      for (const c of sumsByTiles[n - 1]) sumsByTiles[n].add(c + tile[2]);
    }
  }
  const totals = new Set();
  for (let t = 0; t <= rs.tricks; t += 1) {
    const low = Math.max(0, allTiles - (rs.tricks - t) * rs.players);
    const high = Math.min(allTiles, t * rs.players);
    for (let n = low; n <= high; n += 1) {
      for (const c of sumsByTiles[n]) totals.add(c + t * rs.trick_value);
    }
  }
  if (feasibleCache.size >= 64) feasibleCache.clear();
  feasibleCache.set(key, totals);
  return totals;
}

/** The points the bidding side needs: the bid, or every point for all-tricks bids. */
function needFor(rs, bid) {
  if (bid.kind === 'nello') return null;
  return bid.allTricks ? rs.points_per_hand : bid.value;
}

/** Return `value` if one side can take that many points in a hand, else throw. */
function checkPoints(rs, value, field) {
  checkInt(value, field, 'RESULT_NOT_INTEGER', 'a whole number of points');
  if (!(value >= 0 && value <= rs.points_per_hand)) {
    fail('RESULT_OUT_OF_RANGE', `${field} ${value} is outside 0..${rs.points_per_hand} (RULES.md 2)`, field);
  }
  if (rs.check_totals && !feasibleTotals(rs).has(value)) {
    fail('RESULT_INFEASIBLE', `${field} ${value} cannot be taken with the tiles of ${rs.name} (RULES.md 2, 17)`, field);
  }
  return value;
}

/** Check a list of every side's points; with `complete` it must add up to the hand. */
function checkBySide(rs, value, field, complete) {
  const n = sideCount(rs);
  if (!Array.isArray(value) || value.length !== n) {
    fail('BAD_RESULT', `${field} ${show(value)} is not a list of ${n} side totals`, field);
  }
  const points = Array.from(value, (v, i) => checkPoints(rs, v, `${field}[${i}]`));
  const total = points.reduce((a, b) => a + b, 0);
  if (total > rs.points_per_hand || (complete && total !== rs.points_per_hand)) {
    fail('RESULT_SUM', `${field} ${show(points)} adds up to ${total}, not ${rs.points_per_hand} `
      + '(RULES.md 2, 10, 21)', field);
  }
  return points;
}

/** Check a hand's result and return [made, pointsBySide or null]; `side` is the bidding side. */
function readResult(rs, bid, side, result, docked = 0) {
  if (!isDict(result)) fail('BAD_RESULT', `result ${show(result)} is not an object`, 'result');
  const unknown = keysOf(result).filter((k) => !RESULT_KEYS.includes(k)).sort();
  if (unknown.length) fail('BAD_RESULT', `result has unknown keys ${show(unknown)}`, 'result');
  let [made, points] = bid.kind === 'nello' ? nelloResult(rs, side, result) : pointsResult(rs, bid, side, result, docked);
  const declared = get(result, 'declared');
  if (!isNone(declared)) checkDeclared(bid, made, declared);
  if (made === null) made = declared === 'made';
  return [made, points];
}

function checkDeclared(bid, made, declared) {
  if (declared !== 'made' && declared !== 'set') {
    fail('BAD_RESULT', `result.declared ${show(declared)} is not 'made' or 'set'`, 'result.declared');
  }
  if (made !== null && made !== (declared === 'made')) {
    fail('OUTCOME_MISMATCH', `bid ${show(bid.canonical())} declared ${show(declared)} but the points say `
      + `${show(made ? 'made' : 'set')} (RULES.md 8)`, 'result.declared');
  }
}

function pointsResult(rs, bid, side, result, docked) {
  if (has(result, 'tricks')) fail('BAD_RESULT', 'result.tricks is only for nel-o; give captured points', 'result.tricks');
  let points = sidePoints(rs, side, result);
  if (points === null && !has(result, 'captured')) return declaredOnly(rs, result);
  const captured = points ? points[side] : checkPoints(rs, result.captured, 'result.captured');
  if (points === null && rs.scoring === 'points') {
    points = [0, 1].map((s) => (s !== side ? rs.points_per_hand - captured : captured));
  }
  return [captured - docked >= needFor(rs, bid), points];
}

/** True when the awards depend on every side's points: a points game of 3+ sides (Moon, 140). */
const needsBySide = (rs) => sideCount(rs) > 2 && rs.scoring === 'points';

function sidePoints(rs, side, result) {
  if (!has(result, 'by_side')) {
    if (needsBySide(rs)) {
      fail('RESULT_NEEDS_BY_SIDE', `In ${rs.name} every side scores what it took: give each side's points, `
        + "not only the bidder's.", 'result.by_side');
    }
    return null;
  }
  const points = checkBySide(rs, result.by_side, 'result.by_side', rs.scoring === 'points');
  const captured = get(result, 'captured', points[side]);
  if (checkPoints(rs, captured, 'result.captured') !== points[side]) {
    fail('BAD_RESULT', `result.captured ${show(captured)} differs from result.by_side[${side}] ${points[side]}`,
      'result.captured');
  }
  return points;
}

function declaredOnly(rs, result) {
  if (rs.scoring === 'points' || !['made', 'set'].includes(get(result, 'declared'))) {
    fail('BAD_RESULT', "result needs the captured points (or, in marks, a declared 'made' or 'set') (RULES.md 8)",
      'result');
  }
  return [null, null];
}

function nelloResult(rs, side, result) {
  if (has(result, 'tricks')) {
    const tricks = checkInt(result.tricks, 'result.tricks', 'RESULT_NOT_INTEGER', 'a whole number of tricks');
    if (!(tricks >= 0 && tricks <= rs.tricks)) {
      fail('RESULT_OUT_OF_RANGE', `result.tricks ${tricks} is outside 0..${rs.tricks} (RULES.md 13)`, 'result.tricks');
    }
    return [tricks === 0, null];
  }
  if (has(result, 'by_side') || has(result, 'captured')) {
    const points = sidePoints(rs, side, result);
    const captured = points ? points[side] : checkPoints(rs, result.captured, 'result.captured');
    return [captured === 0, null];
  }
  if (['made', 'set'].includes(get(result, 'declared'))) return [null, null];
  return fail('BAD_RESULT', "a nel-o result needs the bidder's tricks: result.tricks (RULES.md 13)", 'result.tricks');
}

// --- scoring.py ------------------------------------------------------------------------------

/** Each side's award for a hand (RULES.md 9, 10, 13, 20, 21). */
function awardFor(rs, bid, side, made, points) {
  let awards = new Array(sideCount(rs)).fill(0);
  const marks = bid.awardMarks;
  if (rs.scoring === 'marks' || bid.kind === 'nello') {
    // nel-o in points mode: marks x mark_value to whoever wins it (a choice, RULES.md)
    const unit = rs.scoring === 'marks' ? 1 : rs.mark_value;
    return decided(rs, awards, side, made, marks * unit);
  }
  awards = awards.map((_, other) => points[other]);
  if (made) {
    awards[side] = Math.max(points[side], bid.value); // a made mark bid scores its value
  } else if (rs.set_rule === 'bidder_loses_bid') {
    awards[side] = -bid.value;
  } else {
    awards = awards.map((_, s) => (s === side ? 0 : bid.value + points[s]));
  }
  return awards;
}

/** Give `amount` to the bidding side, or on a set to the others (or take it away). */
function decided(rs, awards, side, made, amount) {
  if (made) {
    awards[side] = amount;
  } else if (rs.set_rule === 'bidder_loses_bid') {
    awards[side] = -amount;
  } else {
    return awards.map((_, s) => (s === side ? 0 : amount));
  }
  return awards;
}

/** A renege decides the hand against the offending side (RULES.md 25): [made, awards]. */
function renegeAward(rs, bid, side, offender) {
  const amount = rs.scoring === 'marks' ? bid.awardMarks : bid.value;
  const made = offender !== side;
  return [made, decided(rs, new Array(sideCount(rs)).fill(0), side, made, amount)];
}

/**
 * [gameOver, winner, endReason] for `totals` after `scoredHands` made-or-set hands; `last` is
 * [biddingSide, made] of the latest hand (Python: game_status). One side at the target wins
 * ("target"); more than one: a bidder who made it goes out ("bidder_out") unless
 * both_past_target is "higher_total", else the highest total ("higher_total"), a tie on top
 * plays on; marks mode ends after max_hands ("hand_limit"). endReason is null while it goes on.
 */
function gameStatus(rs, totals, scoredHands, last = null) {
  const top = Math.max(...totals);
  const leaders = totals.flatMap((total, s) => (total === top ? [s] : []));
  const there = totals.flatMap((total, s) => (total >= rs.target ? [s] : []));
  if (there.length === 1) return [true, there[0], 'target'];
  if (there.length) {
    const bidderOut = knob(rs, 'both_past_target') === 'bidder_out';
    if (bidderOut && last !== null && last[1] && there.includes(last[0])) return [true, last[0], 'bidder_out'];
    if (leaders.length === 1) return [true, leaders[0], 'higher_total'];
  }
  const outOfHands = !isNone(rs.max_hands) && scoredHands >= rs.max_hands;
  if (rs.scoring === 'marks' && outOfHands) return [true, leaders.length === 1 ? leaders[0] : null, 'hand_limit'];
  return [false, null, null];
}

/**
 * Has the bid been made or set by the points each side holds so far? (RULES.md 11)
 * Returns "made", "set" or null; throws RulesError for a bad bid, seat or points list.
 */
export function handDecided(ruleset, bid, bidder, pointsBySide) {
  checkRuleset(ruleset);
  const parsed = parseBid(ruleset, bid);
  const side = ruleset.sides[checkSeat(ruleset, bidder, 'bidder')];
  const points = checkBySide(ruleset, pointsBySide, 'points_by_side', false);
  const others = points.reduce((a, b) => a + b, 0) - points[side];
  if (parsed.kind === 'nello') {
    if (points[side] > 0) return 'set';
    return others === ruleset.points_per_hand ? 'made' : null;
  }
  const need = needFor(ruleset, parsed);
  if (points[side] >= need) return 'made';
  if (others > ruleset.points_per_hand - need) return 'set';
  return null;
}

// --- penalties.py ----------------------------------------------------------------------------

const PENALTY_KINDS = ['renege', 'table_talk', 'exposed_domino'];

/** Check a hand's penalty list and return it as [[kind, side], ...] (else BAD_PENALTY). */
function readPenalties(rs, raw) {
  if (isNone(raw)) return [];
  if (!Array.isArray(raw) || raw.length > 64) fail('BAD_PENALTY', `penalties ${show(raw)} is not a list of penalties`, 'penalties');
  const read = Array.from(raw, (entry, i) => readPenalty(rs, entry, `penalties[${i}]`));
  if (read.filter(([kind]) => kind === 'renege').length > 1) {
    fail('BAD_PENALTY', 'a hand can have only one renege: the first decides it (RULES.md 25)', 'penalties');
  }
  return read;
}

function readPenalty(rs, entry, field) {
  const keys = isDict(entry) ? keysOf(entry).sort() : [];
  if (keys.length !== 2 || keys[0] !== 'kind' || keys[1] !== 'side') {
    fail('BAD_PENALTY', `${field} ${show(entry)} is not {'kind': ..., 'side': ...}`, field);
  }
  if (!PENALTY_KINDS.includes(entry.kind)) {
    fail('BAD_PENALTY', `${field}.kind ${show(entry.kind)} is not one of ${PENALTY_KINDS.join(', ')}`, `${field}.kind`);
  }
  const side = checkInt(entry.side, `${field}.side`, 'BAD_PENALTY');
  if (!(side >= 0 && side < sideCount(rs))) {
    fail('BAD_PENALTY', `${field}.side ${side} is not a side 0..${sideCount(rs) - 1}`, `${field}.side`);
  }
  return [entry.kind, side];
}

/** The side that reneged in this hand, or null. */
const renegeSide = (penalties) => (penalties.find(([kind]) => kind === 'renege') ?? [null, null])[1];

/**
 * Points off the bidding side's count for its exposed dominoes, in marks (Python: docked): the
 * one-point penalty is taken before made or set is decided (docs/rules.md 27).
 */
function dockedPoints(rs, penalties, side) {
  if (rs.scoring !== 'marks') return 0;
  return penalties.filter(([kind, who]) => kind === 'exposed_domino' && who === side).length;
}

/**
 * [award changes, penalty dicts] for table talk and exposed dominoes. `warnings` counts each
 * side's table-talk infractions so far in the game and is updated (RULES.md 26, 27).
 */
function applyPenalties(rs, penalties, warnings) {
  const n = sideCount(rs);
  const changes = new Array(n).fill(0);
  const shown = [];
  for (const [kind, side] of penalties) {
    const entry = { kind, side };
    if (kind === 'table_talk') {
      const warning = rs.table_talk_warning_first && !warnings.get(side);
      warnings.set(side, (warnings.get(side) || 0) + 1);
      const amount = warning ? 0 : (rs.scoring === 'marks' ? 1 : rs.mark_value);
      entry.warning = warning;
      entry.awarded = range(0, n).map((s) => (s === side ? 0 : amount));
    } else if (kind === 'exposed_domino') {
      const amount = rs.scoring === 'points' ? -1 : 0;
      entry.awarded = range(0, n).map((s) => (s === side ? amount : 0));
    }
    (entry.awarded || []).forEach((value, s) => { changes[s] += value; });
    shown.push(entry);
  }
  return [changes, shown];
}

// --- hand.py ---------------------------------------------------------------------------------

const TOTAL_LIMIT = 10 ** 9; // totals stay far inside JavaScript's safe integers

/** Return `totals` as a list of whole numbers, one per side, else throw BAD_INPUT. */
function checkTotalsList(rs, totals, field = 'totals') {
  const n = sideCount(rs);
  if (!Array.isArray(totals) || totals.length !== n) fail('BAD_INPUT', `${field} ${show(totals)} is not a list of ${n} totals`, field);
  return Array.from(totals, (total, i) => {
    checkInt(total, `${field}[${i}]`);
    if (Math.abs(total) > TOTAL_LIMIT) fail('BAD_INPUT', `${field}[${i}] ${total} is beyond ±${TOTAL_LIMIT}`, field);
    return total;
  });
}

/**
 * Score one hand dealt by `dealer` onto `totals` and return the HandResult dict (Python's
 * HandResult.to_dict()). `scoredHands` counts the made-or-set hands before this one (for
 * max_hands) and `warnings` each side's table-talk count so far (a Map, updated).
 * Throws RulesError: GAME_OVER, DEALER_OUT_OF_TURN, NO_BID, BID_MISMATCH and every bid,
 * result and penalty error.
 */
export function scoreHand(ruleset, hand, dealer, totals, options = {}) {
  const { scoredHands = 0, warnings = null } = options ?? {};
  totals = checkArguments(ruleset, hand, dealer, totals, scoredHands, warnings);
  const [bidder, bid] = winningBid(ruleset, hand, dealer);
  const penalties = readPenalties(ruleset, get(hand, 'penalties'));
  const tally = { dealer, totals, scoredHands, warnings: warnings ?? new Map(), penalties };
  if (bid === null) {
    if (renegeSide(penalties) !== null) fail('BAD_PENALTY', 'a renege needs a bid: every player passed (RULES.md 25)', 'penalties');
    return finish(ruleset, tally, ['reshuffle', null, null, null, new Array(sideCount(ruleset)).fill(0)]);
  }
  const trump = checkTrump(ruleset, get(hand, 'trump'), bid);
  const side = ruleset.sides[bidder];
  const [made, awards] = outcome(ruleset, hand, bid, side, penalties);
  return finish(ruleset, tally, [made ? 'made' : 'set', bidder, bid, trump, awards]);
}

/** Check scoreHand's arguments (BAD_INPUT, SEAT_OUT_OF_RANGE, GAME_OVER ...); return the totals. */
function checkArguments(rs, hand, dealer, totals, scoredHands, warnings) {
  checkRuleset(rs);
  checkSeat(rs, dealer, 'dealer');
  totals = checkTotalsList(rs, totals);
  if (checkInt(scoredHands, 'scored_hands') < 0) fail('BAD_INPUT', `scored_hands ${scoredHands} is negative`, 'scored_hands');
  if (warnings !== null && !isCounts(warnings)) {
    fail('BAD_INPUT', `warnings ${show(warnings)} is not a Map of side -> count`, 'warnings');
  }
  if (gameStatus(rs, totals, scoredHands)[0]) {
    fail('GAME_OVER', `the game is over at ${show(totals)}: no more hands (RULES.md 9, 10)`, 'hand');
  }
  if (!isDict(hand)) fail('BAD_INPUT', `hand ${show(hand)} is not an object`, 'hand');
  checkDealer(rs, hand, dealer);
  return totals;
}

/** True for a Map of side -> table-talk count (whole numbers). */
function isCounts(warnings) {
  return warnings instanceof Map && [...warnings].every(([k, v]) => isInt(k) && isInt(v));
}

function checkDealer(rs, hand, dealer) {
  if (has(hand, 'dealer') && checkSeat(rs, hand.dealer, 'dealer') !== dealer) {
    fail('DEALER_OUT_OF_TURN', `dealer ${hand.dealer} is out of turn: seat ${dealer} shakes this hand (RULES.md 3)`, 'dealer');
  }
}

/** Return [bidder, Bid] from the auction or the bidder and bid; [null, null] = all pass. */
function winningBid(rs, hand, dealer) {
  const givenBidder = get(hand, 'bidder');
  const givenBid = get(hand, 'bid');
  if (!isNone(givenBidder)) checkSeat(rs, givenBidder, 'bidder');
  const bid = !isNone(givenBid) ? parseBid(rs, givenBid) : null;
  if (isNone(get(hand, 'bids'))) {
    if (isNone(givenBidder) || bid === null) {
      fail('NO_BID', 'the hand needs a bidder and a bid, or the auction as bids (RULES.md 4, 7)', 'bid');
    }
    if (bid.kind === 'nello') checkNelloSeat(rs, givenBidder, dealer, true);
    return [givenBidder, bid];
  }
  const state = runAuction(rs, hand.bids, dealer, true);
  if (state.high === null) {
    if (!isNone(givenBidder) || bid !== null) {
      fail('BID_MISMATCH', 'every bid is a pass, yet a bidder or bid is given (RULES.md 7)', 'bids');
    }
    return [null, null];
  }
  if ((!isNone(givenBidder) && givenBidder !== state.highSeat) || (bid !== null && !bid.equals(state.high))) {
    fail('BID_MISMATCH', `the auction's winner is seat ${state.highSeat} with ${show(state.high.canonical())}, `
      + 'not the bidder and bid given', 'bids');
  }
  return [state.highSeat, state.high];
}

/** Return [made, awards] from the result, or from a renege that decides the hand. */
function outcome(rs, hand, bid, side, penalties) {
  const offender = renegeSide(penalties);
  if (offender !== null) {
    if (!isNone(get(hand, 'result'))) readResult(rs, bid, side, hand.result);
    return renegeAward(rs, bid, side, offender);
  }
  if (!has(hand, 'result')) fail('BAD_RESULT', 'the hand needs a result (RULES.md 8)', 'result');
  const [made, points] = readResult(rs, bid, side, hand.result, dockedPoints(rs, penalties, side));
  return [made, awardFor(rs, bid, side, made, points)];
}

function finish(rs, tally, [result, bidder, bid, trump, awards]) {
  const [changes, shown] = applyPenalties(rs, tally.penalties, tally.warnings);
  awards = awards.map((a, s) => a + changes[s]);
  const totals = tally.totals.map((t, s) => t + awards[s]);
  const side = bidder !== null ? rs.sides[bidder] : null;
  const scored = tally.scoredHands + (result !== 'reshuffle' ? 1 : 0);
  const last = side !== null ? [side, result === 'made'] : null;
  const [gameOver, winner, endReason] = gameStatus(rs, totals, scored, last);
  return {
    outcome: result, dealer: tally.dealer, bidder, bidding_side: side,
    bid: bid !== null ? bid.canonical() : null, trump, need: bid !== null ? needFor(rs, bid) : null,
    awarded: awards, totals, game_over: gameOver, winner,
    next_dealer: (tally.dealer + 1) % rs.players, penalties: shown, end_reason: endReason,
  };
}

// --- game.py ---------------------------------------------------------------------------------

const MAX_HANDS_IN_LOG = 10000;

/**
 * Score a log of hands in order and return the GameState dict (Python's GameState.to_dict():
 * totals, game_over, winner, next_dealer, next_hand_no, hands, sides). The dealer passes
 * clockwise every hand, reshuffles included (RULES.md 3, 7). Throws RulesError with
 * `handIndex` set to the rejected hand; a hand after the game is over is GAME_OVER.
 */
export function replay(ruleset, hands, firstDealer = 0, startTotals = null) {
  checkRuleset(ruleset);
  if (!Array.isArray(hands) || hands.length > MAX_HANDS_IN_LOG) {
    fail('BAD_INPUT', `hands ${show(hands)} is not a list of at most ${MAX_HANDS_IN_LOG} hands`, 'hands');
  }
  const dealer = checkSeat(ruleset, firstDealer, 'first_dealer');
  const totals = checkTotalsList(ruleset, startTotals ?? new Array(sideCount(ruleset)).fill(0), 'start_totals');
  const [over, winner] = gameStatus(ruleset, totals, 0); // paper totals may already end the game
  const state = {
    totals, game_over: over, winner, next_dealer: dealer, hands: [], end_reason: over ? 'paper_score' : null,
  };
  const warnings = new Map();
  let scoredHands = 0;
  for (let index = 0; index < hands.length; index += 1) {
    const hand = hands[index];
    let result;
    try {
      if (state.game_over) {
        fail('GAME_OVER', `hand ${index + 1} comes after the game is over (RULES.md 9, 10)`, 'hand');
      }
      result = scoreHand(ruleset, hand, state.next_dealer, state.totals, { scoredHands, warnings });
    } catch (error) {
      if (error instanceof RulesError) error.handIndex = index;
      throw error;
    }
    scoredHands += result.outcome !== 'reshuffle' ? 1 : 0;
    state.hands.push(result);
    Object.assign(state, {
      totals: result.totals, next_dealer: result.next_dealer, game_over: result.game_over, winner: result.winner,
      end_reason: result.end_reason,
    });
  }
  return {
    totals: [...state.totals], game_over: state.game_over, winner: state.winner,
    next_dealer: state.next_dealer, next_hand_no: state.hands.length + 1, hands: state.hands,
    sides: sideCount(ruleset), end_reason: state.end_reason,
  };
}
