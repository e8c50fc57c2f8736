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
  get hand_index() {
    return this.handIndex;
  }

  /** The JSON shape of Python's RulesError.to_dict(). */
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      field: this.field,
      hand_index: this.handIndex,
    };
  }
}

const fail = (code, message, field = null) => {
  throw new RulesError(message, code, field);
};
const isInt = (value) => typeof value === 'number' && Number.isInteger(value);
const isDict = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
// Inputs are read as the server reads their JSON: a key whose value is undefined is absent.
const has = (obj, key) => Object.hasOwn(obj, key) && obj[key] !== undefined;
const keysOf = (obj) => Object.keys(obj).filter((key) => obj[key] !== undefined);
// Python's dict.get: the value, or `fallback` when the key is missing (null stays null).
const get = (obj, key, fallback = null) => (has(obj, key) ? obj[key] : fallback);
// Python's `x is None` for a dict.get result: missing and null are the same.
const isNone = (value) => value === null || value === undefined;
const range = (start, stop, step = 1) => {
  const out = [];
  for (let i = start; i < stop; i += step) out.push(i);
  return out;
};

/** Return `value` if it is a whole number (never a boolean), else throw `code`. */
function checkInt(value, field, code = 'BAD_INPUT', what = 'a whole number') {
  if (!isInt(value)) fail(code, `${fieldWords(field)} must be ${what}, not ${said(value)}.`, field);
  return value;
}

// --- words.py: values in a table's words for messages (no paths, knob names or reprs) ---------

const CONTRACT_WORDS = {
  nello: 'nel-o',
  plunge: 'plunge',
  splash: 'splash',
  sevens: 'sevens',
  dip: 'dip',
  dive: 'dive',
};
const DOUBLES_WORDS = {
  high: 'doubles high',
  low: 'doubles low',
  own_suit: 'doubles their own suit',
};
const TRUMP_WORDS = {
  doubles: 'doubles',
  follow_me: 'follow-me',
  none: 'no trump',
  sevens: 'sevens',
};
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;
const seatWords = (seat) => `seat ${seat + 1}`;
const thousands = (n) => n.toLocaleString('en-US');
// Python's str.capitalize: the first letter up, the rest down.
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
/** A bad input value quoted for a person: text in quotes, a number as it is, else "that". */
function said(value) {
  if (typeof value === 'boolean') return value ? '\u201ctrue\u201d' : '\u201cfalse\u201d';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `\u201c${value.slice(0, 40)}\u201d`;
  return 'that';
}
/** A checked Bid in words: "30", "2 marks (84)", "a 4-mark plunge", "nel-o for 1 mark, doubles high". */
function bidWords(_rs, bid) {
  if (bid.kind === 'points') return String(bid.value);
  if (bid.kind === 'marks') return `${plural(bid.marks, 'mark')} (${bid.value})`;
  if (bid.kind === 'nello')
    return `nel-o for ${plural(bid.marks, 'mark')}, ${DOUBLES_WORDS[bid.doubles]}`;
  return `a ${bid.marks}-mark ${CONTRACT_WORDS[bid.kind]}`;
}
/** A trump in words: "5s", "doubles", "follow-me", else the value quoted. */
function trumpWords(trump) {
  if (isInt(trump)) return `${trump}s`;
  if (typeof trump === 'string' && has(TRUMP_WORDS, trump)) return TRUMP_WORDS[trump];
  return said(trump);
}
/** "a, b or c". */
function choices(words) {
  const list = [...words];
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}
const KNOB_WORDS = {
  id: "the ruleset's id",
  name: "the ruleset's name",
  description: "the ruleset's description",
  players: 'the number of players',
  sides: 'the seating of the teams',
  tricks: 'the number of tricks',
  trick_value: 'the value of a trick',
  count_tiles: 'the count dominoes',
  points_per_hand: 'the points in a hand',
  min_bid: 'the lowest bid',
  bid_step: 'the step between point bids',
  mark_value: 'the one-mark bid',
  max_point_bid: 'the highest point bid',
  scoring: 'the scoring',
  target: 'the target',
  max_hands: 'the most hands in a game',
  all_pass: 'what happens when everyone passes',
  opening_limit_marks: 'the most marks an opening bid may have',
  mark_escalation: 'how far a mark bid may raise',
  max_marks: 'the most marks anyone may bid',
  set_rule: 'what a set costs',
  bid_rounds: 'how many times each player may bid',
  nello: 'nel-o',
  nello_levels: 'the marks nel-o is played for',
  nello_marks: 'the marks for nel-o',
  nello_doubles: 'how the doubles play in nel-o',
  nello_dealer_only: 'nel-o only for the forced dealer',
  plunge: 'the plunge',
  plunge_marks: 'the marks for a plunge',
  plunge_doubles: 'the doubles a plunge needs',
  splash: 'the splash',
  splash_marks: 'the marks for a splash',
  splash_doubles: 'the doubles a splash needs',
  dip: 'the dip',
  dip_marks: 'the marks for a dip',
  dip_doubles: 'the doubles a dip needs',
  dive: 'the dive',
  dive_marks: 'the marks for a dive',
  dive_doubles: 'the doubles a dive needs',
  sevens: 'sevens',
  follow_me: 'follow-me',
  doubles_trump: 'doubles as trump',
  top_suit: 'the highest suit',
  check_totals: 'checking points against the tiles',
  shoot_over: 'shoot it over',
  table_talk_warning_first: 'a warning for first table talk',
  both_past_target: 'who wins when both sides pass the target',
};
const OPTION_WORDS = {
  forced: 'the dealer must bid',
  reshuffle: 'reshuffle',
  plus_one: 'one more mark each time',
  double: 'double the marks',
  opponents_score: 'the opponents score',
  bidder_loses_bid: 'the bidder loses the bid',
  once: 'once each',
  until_pass: 'round until all but one pass',
  bidder_out: 'the bidder who made it goes out',
  higher_total: 'the higher total wins',
  high: 'high',
  low: 'low',
  own_suit: 'their own suit',
  marks: 'marks',
  points: 'points',
};
const FIELD_WORDS = {
  dealer: "The dealer's seat",
  first_dealer: "The first dealer's seat",
  bidder: "The bidder's seat",
  seat: 'The seat',
  scored_hands: 'The hands played',
  totals: 'Each score',
  start_totals: 'Each starting score',
  captured: 'The points taken',
  by_side: "Each side's points",
  tricks: 'The tricks taken',
  bid: 'The bid',
  marks: 'The marks of a bid',
  doubles_held: 'The doubles held',
  side: 'The side',
  points_by_side: "Each side's points",
};
/** What an input field is, for a person: "result.captured" -> "The points taken". */
function fieldWords(field) {
  const last = String(field).split('.').at(-1).split('[')[0];
  if (last.startsWith('bids')) return 'A bid in the auction';
  return has(FIELD_WORDS, last) ? FIELD_WORDS[last] : 'That value';
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

/** BAD_OVERRIDE naming the setting in words; the knob id stays in `field`. */
function badKnob(knob, _value, why) {
  const words = has(KNOB_WORDS, knob) ? KNOB_WORDS[knob] : 'that setting';
  fail(
    'BAD_OVERRIDE',
    `${words.charAt(0).toUpperCase()}${words.slice(1)} ${why}.`,
    `rules.${knob}`,
  );
}

function intKnob(low, high = MAX_INT, allowNone = false) {
  return (knob, value) => {
    if (value === null && allowNone) return null;
    if (!isInt(value)) badKnob(knob, value, `must be a whole number, not ${said(value)}`);
    if (!(low <= value && value <= high)) {
      const top = high === MAX_INT ? 'up' : `to ${thousands(high)}`;
      badKnob(knob, value, `must be a whole number from ${low} ${top}, not ${value}`);
    }
    return value;
  };
}

function boolKnob(knob, value) {
  if (typeof value !== 'boolean')
    badKnob(knob, value, `is on or off (true or false), not ${said(value)}`);
  return value;
}

function strKnob(knob, value) {
  if (typeof value !== 'string' || value.length > 2000) {
    badKnob(knob, value, 'must be text of at most 2,000 characters');
  }
  return value;
}

function choiceKnob(options) {
  return (knob, value) => {
    if (!options.includes(value)) {
      badKnob(
        knob,
        value,
        `must be ${choices(options.map((o) => OPTION_WORDS[o] ?? o))}, not ${said(value)}`,
      );
    }
    return value;
  };
}

function sidesKnob(knob, value) {
  if (!Array.isArray(value) || !(value.length >= 2 && value.length <= 16)) {
    badKnob(knob, value, 'must give each of 2 to 16 seats its side');
  }
  const sides = Array.from(value, (s) => intKnob(0)(knob, s));
  const distinct = new Set(sides);
  if (distinct.size < 2 || ![...distinct].every((s) => s < distinct.size)) {
    badKnob(knob, value, 'must seat at least two sides, numbered from the first with none skipped');
  }
  return sides;
}

function countTilesKnob(knob, value) {
  const why = 'must list each count domino with its two ends and its value';
  if (!Array.isArray(value) || value.length > MAX_COUNT_TILES) badKnob(knob, value, why);
  return Array.from(value, (tile) => {
    if (!Array.isArray(tile) || tile.length !== 3) badKnob(knob, value, why);
    return Array.from(tile, (x) => intKnob(0, MAX_TILE_VALUE)(knob, x));
  });
}

function nelloLevelsKnob(knob, value) {
  if (!Array.isArray(value) || !(value.length >= 1 && value.length <= 99)) {
    badKnob(knob, value, 'must list at least one number of marks');
  }
  const levels = Array.from(value, (v) => intKnob(1, 99)(knob, v)).sort((a, b) => a - b);
  if (new Set(levels).size !== levels.length)
    badKnob(knob, value, 'lists the same number of marks twice');
  return levels;
}

function nelloModesKnob(knob, value) {
  if (!Array.isArray(value) || value.length === 0) {
    badKnob(knob, value, 'must list at least one of high, low or their own suit');
  }
  const modes = Array.from(value, (v) => choiceKnob(NELLO_MODES)(knob, v));
  if (new Set(modes).size !== modes.length) badKnob(knob, value, 'lists the same way twice');
  return modes;
}

const KNOB_CHECKS = {
  id: strKnob,
  name: strKnob,
  description: strKnob,
  players: intKnob(2, 16),
  sides: sidesKnob,
  tricks: intKnob(1, 50),
  trick_value: intKnob(0, 100),
  count_tiles: countTilesKnob,
  points_per_hand: intKnob(1, MAX_POINTS),
  min_bid: intKnob(1, MAX_POINTS),
  bid_step: intKnob(1, MAX_POINTS),
  mark_value: intKnob(1, MAX_POINTS),
  max_point_bid: intKnob(1, MAX_POINTS, true),
  scoring: choiceKnob(['marks', 'points']),
  target: intKnob(1),
  max_hands: intKnob(1, MAX_INT, true),
  all_pass: choiceKnob(['forced', 'reshuffle']),
  opening_limit_marks: intKnob(1, 99),
  mark_escalation: choiceKnob(['plus_one', 'double']),
  max_marks: intKnob(1, 99, true),
  set_rule: choiceKnob(['opponents_score', 'bidder_loses_bid']),
  bid_rounds: choiceKnob(['once', 'until_pass']),
  nello_doubles: nelloModesKnob,
  top_suit: intKnob(0, 20),
  both_past_target: choiceKnob(['bidder_out', 'higher_total']),
  nello_levels: nelloLevelsKnob,
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
for (const knob of [
  'nello',
  'nello_dealer_only',
  'plunge',
  'splash',
  'dip',
  'dive',
  'sevens',
  'follow_me',
  'doubles_trump',
  'check_totals',
  'shoot_over',
  'table_talk_warning_first',
]) {
  KNOB_CHECKS[knob] = boolKnob;
}
for (const knob of [
  'plunge_marks',
  'plunge_doubles',
  'splash_marks',
  'splash_doubles',
  'dip_marks',
  'dip_doubles',
  'dive_marks',
  'dive_doubles',
]) {
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
  if (!isDict(overrides))
    fail('BAD_OVERRIDE', 'The rule changes must list each setting with its value.', 'rules');
  const changes = {};
  const given = renamed(overrides);
  for (const knob of keysOf(given)) {
    const value = given[knob];
    if (['id', 'name', 'description'].includes(knob)) continue;
    if (!has(KNOB_CHECKS, knob))
      fail('BAD_OVERRIDE', `There is no rule setting called ${said(knob)}.`, `rules.${knob}`);
    changes[knob] = KNOB_CHECKS[knob](knob, value);
  }
  const result = { ...ruleset, ...modeDefaults(ruleset, changes), ...changes };
  checkConsistent(result);
  return result;
}

/** The usual points target for a hand of `pointsPerHand`: 250 scaled, to the nearest 50. */
const pointsTarget = (pointsPerHand) =>
  Math.max(50, Math.floor((5 * pointsPerHand + 21) / 42) * 50);

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
    badKnob('sides', rs.sides, `must give a side for each of the ${rs.players} players`);
  }
  if (rs.min_bid > rs.mark_value)
    badKnob('min_bid', rs.min_bid, `(${rs.min_bid}) is above the one-mark bid (${rs.mark_value})`);
  if (
    !isNone(rs.max_point_bid) &&
    !(rs.min_bid <= rs.max_point_bid && rs.max_point_bid < rs.mark_value)
  ) {
    badKnob(
      'max_point_bid',
      rs.max_point_bid,
      `must lie from the lowest bid (${rs.min_bid}) to just below the one-mark bid (${rs.mark_value - 1})`,
    );
  }
  if (highestPointBid(rs) > rs.points_per_hand) {
    badKnob(
      'min_bid',
      rs.min_bid,
      `and its steps allow point bids of ${highestPointBid(rs)}, above the ` +
        `${rs.points_per_hand} points a hand holds`,
    );
  }
  const total = rs.count_tiles.reduce((sum, t) => sum + t[2], 0) + rs.tricks * rs.trick_value;
  if (rs.check_totals && total !== rs.points_per_hand) {
    badKnob(
      'points_per_hand',
      rs.points_per_hand,
      `(${rs.points_per_hand}) differs from the count plus the tricks ` +
        `(${total}); turn off checking points against the tiles to allow it`,
    );
  }
  if (rs.scoring === 'points' && rs.target <= rs.points_per_hand) {
    badKnob(
      'target',
      rs.target,
      `of ${rs.target} would end a points game after one hand, which holds ` +
        `${rs.points_per_hand} points: play to ${pointsTarget(rs.points_per_hand)}, say`,
    );
  }
  if (!isNone(rs.max_marks) && rs.max_marks < rs.opening_limit_marks) {
    badKnob(
      'max_marks',
      rs.max_marks,
      `(${rs.max_marks}) is below the marks an opening bid may have ` +
        `(${rs.opening_limit_marks})`,
    );
  }
}

/**
 * Throw unless `ruleset` is a whole, valid Ruleset.to_dict() dict (Python: check_ruleset; a
 * Python Ruleset is valid by construction, a dict from storage or the network is not):
 * BAD_INPUT for a missing knob, BAD_OVERRIDE naming the knob for a bad value.
 */
function checkRuleset(ruleset) {
  if (!isDict(ruleset))
    fail('BAD_INPUT', 'That is not one of the rulesets: pick a ruleset first.', 'ruleset');
  for (const [knob, check] of Object.entries(KNOB_CHECKS)) {
    if (['id', 'name', 'description'].includes(knob)) continue;
    if (!has(ruleset, knob) && has(LATER_KNOBS, knob)) {
      if (knob === 'nello_levels' && has(ruleset, 'nello_marks'))
        intKnob(1, 99)('nello_marks', ruleset.nello_marks);
      continue;
    }
    if (!has(ruleset, knob)) {
      fail(
        'BAD_INPUT',
        `That ruleset is missing ${KNOB_WORDS[knob]}: load the rulesets again.`,
        'ruleset',
      );
    }
    check(knob, ruleset[knob]);
  }
  checkConsistent(ruleset);
}

// --- bids.py ---------------------------------------------------------------------------------

const MARKS_CEILING = 99; // no table bids more marks than this, whatever max_marks says
const JUMP_CONTRACTS = ['plunge', 'splash', 'dip', 'dive'];
const BID_KEYS = ['marks', 'contract', 'doubles', 'doubles_held'];
const CONTRACT_NAMES = {
  nello: 'nel-o',
  plunge: 'plunge',
  splash: 'splash',
  sevens: 'sevens',
  dip: 'dip',
  dive: 'dive',
};

/** A checked bid: kind "points", "marks" or a contract; `value` ranks it in an auction. */
class Bid {
  constructor(kind, marks, value, doubles = null) {
    Object.assign(this, { kind, marks, value, doubles });
  }

  /** True when the bid is made only with every trick (mark bids and contracts). */
  get allTricks() {
    return !['points', 'nello'].includes(this.kind);
  }

  /** The marks the hand is worth: 1 for a point bid, else the bid's marks. */
  get awardMarks() {
    return this.marks || 1;
  }

  /** The JSON encoding: a number for point and mark bids, else an object. */
  canonical() {
    if (this.kind === 'points' || this.kind === 'marks') return this.value;
    const encoding = { contract: this.kind, marks: this.marks };
    if (this.kind === 'nello') encoding.doubles = this.doubles;
    return encoding;
  }

  equals(other) {
    return (
      other instanceof Bid &&
      this.kind === other.kind &&
      this.marks === other.marks &&
      this.value === other.value &&
      this.doubles === other.doubles
    );
  }
}

/** The marks a contract is worth when bid without a raise (1 for sevens and marks). */
const baseMarks = (rs, kind) =>
  kind === 'nello' ? knob(rs, 'nello_levels')[0] : get(rs, `${kind}_marks`, 1);

/** Check one bid (number or object) against ruleset `rs` and return a Bid. */
function parseBid(rs, raw, field = 'bid') {
  if (isDict(raw)) return parseObject(rs, raw, field);
  const value = checkInt(raw, field, 'BID_NOT_INTEGER', 'a whole-number bid');
  if (value < rs.min_bid) {
    fail(
      'BID_OUT_OF_RANGE',
      `${value} is too low: bids in ${rs.name} start at ${rs.min_bid}.`,
      field,
    );
  }
  if (value >= rs.mark_value) {
    if (value % rs.mark_value) {
      fail(
        'BID_NOT_MULTIPLE_OF_MARK',
        `${value} is no bid: above the point bids, bids go by whole marks of ` +
          `${rs.mark_value} (${rs.mark_value}, ${2 * rs.mark_value}, ${3 * rs.mark_value} \u2026).`,
        field,
      );
    }
    return markBid(rs, 'marks', value / rs.mark_value, field);
  }
  if ((value - rs.min_bid) % rs.bid_step) {
    fail(
      'BID_STEP',
      `${value} is no bid in ${rs.name}: bids go up by ${rs.bid_step} from ${rs.min_bid} ` +
        `(${rs.min_bid}, ${rs.min_bid + rs.bid_step}, ${rs.min_bid + 2 * rs.bid_step} \u2026).`,
      field,
    );
  }
  if (value > highestPointBid(rs)) {
    fail(
      'BID_OUT_OF_RANGE',
      `${value} is too high: the point bids in ${rs.name} stop at ${highestPointBid(rs)}, ` +
        `then ${rs.mark_value} is one mark.`,
      field,
    );
  }
  return new Bid('points', 0, value);
}

function markBid(rs, kind, marks, field, doubles = null) {
  const ceiling = Math.min(rs.max_marks || MARKS_CEILING, MARKS_CEILING);
  if (marks > ceiling) {
    fail(
      'MARK_BID_TOO_HIGH',
      `${plural(marks, 'mark')} is more than anyone may bid in ${rs.name}: the most is ` +
        `${plural(ceiling, 'mark')}.`,
      field,
    );
  }
  return new Bid(kind, marks, marks * rs.mark_value, doubles);
}

function parseObject(rs, raw, field) {
  const unknown = keysOf(raw)
    .filter((k) => !BID_KEYS.includes(k))
    .sort();
  if (unknown.length) {
    fail(
      'BAD_INPUT',
      "A bid names its marks, a contract, nel-o's doubles or the doubles held, nothing else " +
        `(not ${choices(unknown.map(said))}).`,
      field,
    );
  }
  const kind = get(raw, 'contract');
  if (isNone(kind)) {
    if (keysOf(raw).length !== 1 || !has(raw, 'marks')) {
      fail('BAD_INPUT', 'A bid needs its marks or a contract.', field);
    }
    return markBid(rs, 'marks', checkMarks(raw.marks, field), field);
  }
  if (!CONTRACTS.includes(kind)) {
    fail(
      'CONTRACT_NOT_ALLOWED',
      `${said(kind)} is not a contract: the contracts are ` +
        `${choices(CONTRACTS.map((c) => CONTRACT_WORDS[c]))}.`,
      `${field}.contract`,
    );
  }
  if (!rs[kind]) {
    fail(
      'CONTRACT_NOT_ALLOWED',
      `${rs.name} is played without ${CONTRACT_NAMES[kind]}.`,
      `${field}.contract`,
    );
  }
  const marks = checkMarks(get(raw, 'marks', baseMarks(rs, kind)), field);
  if (kind === 'nello') return parseNello(rs, raw, marks, field);
  if (has(raw, 'doubles')) {
    fail(
      'BAD_INPUT',
      `Only nel-o says how the doubles play (high, low or their own suit), not a ${CONTRACT_NAMES[kind]}.`,
      field,
    );
  }
  if (JUMP_CONTRACTS.includes(kind)) {
    checkJump(rs, kind, raw, marks, field);
  } else if (has(raw, 'doubles_held')) {
    fail(
      'BAD_INPUT',
      'The doubles held only count for a plunge, splash, dip or dive, ' +
        `not for ${CONTRACT_NAMES[kind]}.`,
      field,
    );
  }
  return markBid(rs, kind, marks, field);
}

function checkMarks(value, field) {
  const marks = checkInt(value, `${field}.marks`, 'BID_NOT_INTEGER', 'a whole number of marks');
  if (marks < 1)
    fail(
      'BID_OUT_OF_RANGE',
      `A bid of ${marks} marks is no bid: the least is 1 mark.`,
      `${field}.marks`,
    );
  return marks;
}

function parseNello(rs, raw, marks, field) {
  if (has(raw, 'doubles_held')) {
    fail(
      'BAD_INPUT',
      'The doubles held only count for a plunge, splash, dip or dive, not for nel-o.',
      field,
    );
  }
  const levels = knob(rs, 'nello_levels');
  if (!levels.includes(marks)) {
    const allowed = levels.join(' or ');
    fail(
      'NELLO_MARKS',
      `Nel-o is played for ${allowed} mark${allowed === '1' ? '' : 's'} at this table, not ${marks}.`,
      `${field}.marks`,
    );
  }
  const doubles = get(raw, 'doubles', rs.nello_doubles[0]);
  if (!NELLO_MODES.includes(doubles)) {
    fail(
      'NELLO_DOUBLES_MODE',
      `In nel-o the doubles play high, low or as their own suit, not ${said(doubles)}.`,
      `${field}.doubles`,
    );
  }
  if (!rs.nello_doubles.includes(doubles)) {
    const allowed = choices(rs.nello_doubles.map((m) => DOUBLES_WORDS[m]));
    fail(
      'NELLO_DOUBLES_MODE',
      `Nel-o with ${DOUBLES_WORDS[doubles]} isn't played in ${rs.name}: only ${allowed}.`,
      `${field}.doubles`,
    );
  }
  return markBid(rs, 'nello', marks, field, doubles);
}

function checkJump(rs, kind, raw, marks, field) {
  const base = baseMarks(rs, kind);
  if (marks < base) {
    fail(
      `${kind.toUpperCase()}_MARKS`,
      `A ${kind} is bid for at least ${plural(base, 'mark')} in ${rs.name}, not ${marks}.`,
      `${field}.marks`,
    );
  }
  if (has(raw, 'doubles_held')) {
    const held = checkInt(raw.doubles_held, `${field}.doubles_held`);
    const need = rs[`${kind}_doubles`];
    if (held < need) {
      fail(
        'NOT_ENOUGH_DOUBLES',
        `A ${kind} needs ${need} doubles in hand; with ${held} it can't be called.`,
        `${field}.doubles_held`,
      );
    }
  }
}

/** Check the trump named for `bid` (null = not recorded); return it unchanged. */
function checkTrump(rs, trump, bid, field = 'trump') {
  if (isNone(trump)) return null;
  if (bid.kind === 'nello') {
    if (trump !== 'none' && trump !== 'follow_me')
      noTrump(trump, 'nel-o is played without trump', field);
    return trump;
  }
  if (bid.kind === 'sevens' && trump !== 'sevens')
    noTrump(trump, 'a sevens bid plays sevens', field);
  if (isInt(trump)) {
    if (!(trump >= 0 && trump <= rs.top_suit))
      noTrump(trump, `the suits run from blanks to ${rs.top_suit}s`, field);
  } else if (trump === 'doubles') {
    if (!rs.doubles_trump) noTrump(trump, `${rs.name} is played without doubles as trump`, field);
  } else if (trump === 'follow_me' || trump === 'none') {
    if (!rs.follow_me) noTrump(trump, `${rs.name} is played without follow-me`, field);
  } else if (trump === 'sevens') {
    checkSevens(rs, bid, field);
  } else {
    noTrump(trump, 'trump is a suit, doubles, follow-me, sevens or no trump', field);
  }
  return trump;
}

function checkSevens(rs, bid, field) {
  if (!rs.sevens) noTrump('sevens', `${rs.name} is played without sevens`, field);
  if (bid.marks < 1) noTrump('sevens', 'sevens needs a bid of at least 1 mark', field);
}

function noTrump(trump, why, field) {
  fail('TRUMP_NOT_ALLOWED', `${capitalize(trumpWords(trump))} can't be trump here: ${why}.`, field);
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
    fail(
      'SEAT_OUT_OF_RANGE',
      `${rs.name} has ${rs.players} seats, numbered 1 to ${rs.players}: there is no ` +
        `seat ${seat + 1}.`,
      field,
    );
  }
  return seat;
}

/** The seat to bid next, or null when the auction is over. */
function nextSeat(rs, state) {
  if (rs.bid_rounds === 'once') {
    return state.entries >= rs.players ? null : (state.dealer + 1 + state.entries) % rs.players;
  }
  const active = range(0, rs.players).filter((s) => !state.passed.has(s));
  if (
    !active.length ||
    (state.high !== null && active.length === 1 && active[0] === state.highSeat)
  ) {
    return null;
  }
  let seat = state.lastSeat === null ? state.dealer : state.lastSeat;
  for (let i = 0; i < rs.players; i += 1) {
    seat = (seat + 1) % rs.players;
    if (!state.passed.has(seat)) return seat;
  }
  return null;
}

/** The most marks a plain mark bid may have now (docs/rules.md 6). */
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
  if (
    bid.kind === 'nello' &&
    rs.nello_dealer_only &&
    (seat !== state.dealer || state.high !== null)
  ) {
    return 'NELLO_DEALER_ONLY';
  }
  return null;
}

/** Throw if `bid` by `seat` is not allowed after the auction `state`. */
function checkBidInAuction(rs, bid, state, seat, field = 'bid') {
  const code = refusal(rs, bid, state, seat);
  if (code === 'BID_NOT_HIGHER') {
    fail(
      code,
      `${capitalize(bidWords(rs, bid))} doesn't beat the bid of ${bidWords(rs, state.high)}: each bid ` +
        'must be higher.',
      field,
    );
  }
  if (code === 'SHOOT_OVER_WITHOUT_MOON' || code === 'MARK_BID_TOO_HIGH') {
    const limit = markLimit(rs, state);
    let why;
    if (code === 'SHOOT_OVER_WITHOUT_MOON') {
      why = `${bid.value} (shoot it over) may only be bid over a ${rs.opening_limit_marks * rs.mark_value} (shoot the moon).`;
    } else if (state.high === null || state.high.marks < rs.opening_limit_marks) {
      why = `an opening bid may have at most ${plural(limit, 'mark')}; after that each bid may add one more mark.`;
    } else {
      why = `over ${bidWords(rs, state.high)} the next bid may have at most ${plural(limit, 'mark')}.`;
    }
    fail(code, `${capitalize(bidWords(rs, bid))} is too many marks here: ${why}`, field);
  }
  if (code === 'NELLO_DEALER_ONLY')
    checkNelloSeat(rs, seat, state.dealer, state.high === null, field);
}

/** Throw NELLO_DEALER_ONLY when nel-o is only for the forced dealer (docs/rules.md 13). */
function checkNelloSeat(rs, seat, dealer, allPassed, field = 'bid') {
  if (rs.nello_dealer_only && (seat !== dealer || !allPassed)) {
    const why =
      seat !== dealer
        ? `${seatWords(seat)} isn't the dealer (${seatWords(dealer)} shakes this hand).`
        : "this time someone had bid, so the dealer wasn't forced.";
    fail(
      'NELLO_DEALER_ONLY',
      `Only the dealer may call nel-o, and only after everyone passed: ${why}`,
      field,
    );
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
    fail(
      'BID_COUNT',
      `The bidding was over after ${plural(index, 'call')}, so there can't be another bid or pass.`,
      field,
    );
  }
  if (entry === PASS) {
    if (isForced(rs, state, seat)) {
      fail(
        'DEALER_MUST_BID',
        `Everyone else passed, so the dealer (${seatWords(seat)}) must bid.`,
        field,
      );
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
    fail(
      'BAD_INPUT',
      "The bidding must be a list of bids and passes, in turn from the dealer's left.",
      'bids',
    );
  }
  const state = newAuction(dealer);
  for (let index = 0; index < bids.length; index += 1) applyEntry(rs, state, bids[index], index);
  if (complete && nextSeat(rs, state) !== null) {
    fail(
      'BID_COUNT',
      `The bidding isn't over after ${plural(bids.length, 'call')}: ` +
        `${seatWords(nextSeat(rs, state))} still has to bid or pass.`,
      'bids',
    );
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
// Offers by ruleset (its JSON, so a copy of the same rules hits too) and dealer; a few only.
const offersCache = new Map();

/**
 * The bids `seat` could win the auction with, in some legal auction dealt by `dealer`, as
 * canonical encodings: point bids ascending, then mark bids ascending, then contracts (Python:
 * rules.winnable_bids). A bid is winnable when some legal auction brings `seat` a turn at which
 * the ladder (legalBids's own test) allows it; everyone after may then pass. Each (ruleset,
 * dealer) is explored once and kept, even when the rules come as a fresh copy.
 */
export function winnableBids(ruleset, dealer, seat) {
  checkRuleset(ruleset);
  checkSeat(ruleset, dealer, 'dealer');
  checkSeat(ruleset, seat, 'seat');
  const rulesKey = JSON.stringify(ruleset);
  if (!offersCache.has(rulesKey)) {
    if (offersCache.size >= 16) offersCache.delete(offersCache.keys().next().value);
    offersCache.set(rulesKey, new Map());
  }
  const byDealer = offersCache.get(rulesKey);
  if (!byDealer.has(dealer)) byDealer.set(dealer, exploreOffers(ruleset, dealer));
  return [...byDealer.get(dealer)[seat].values()].sort(compareOffers).map((bid) => bid.canonical());
}

function offerOrder(bid) {
  if (bid.kind === 'points' || bid.kind === 'marks')
    return [bid.kind === 'marks' ? 1 : 0, bid.value, 0, ''];
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

const bidKey = (bid) =>
  bid === null ? 'null' : JSON.stringify([bid.kind, bid.marks, bid.value, bid.doubles]);

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
      const after = {
        ...state,
        passed: new Set(state.passed),
        lastSeat: seat,
        entries: state.entries + 1,
      };
      if (bid === null) after.passed.add(seat);
      else Object.assign(after, { high: bid, highSeat: seat });
      const key =
        rs.bid_rounds === 'once'
          ? `${bidKey(after.high)}|${after.entries}`
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
 * Every point total one side can take in a hand of `rs` (docs/rules.md 2, 17, 21). A side with t
 * tricks holds the count tiles in them: none with no trick, all of them with every trick, and
 * never more tiles than its tricks hold (t x players) nor fewer than the other tricks leave
 * ((tricks - t) x players). The total is count + t x trick_value.
 */
export function feasibleTotals(rs) {
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

// --- count.py: the count helper's arithmetic ------------------------------------------------

const NUMBERS = { 1: 'one', 2: 'two' };
const tileName = ([high, low]) => `${high}-${low}`;

/** A domino given as its two ends (either order), as [high, low]. */
function readTile(tile, field) {
  if (!Array.isArray(tile) || tile.length !== 2)
    fail('BAD_INPUT', 'A count domino is given by its two ends, like 5-5.', field);
  const ends = tile.map((end) => checkInt(end, field));
  return [Math.max(...ends), Math.min(...ends)];
}

/** The values of `tiles` from the ruleset's count dominoes, each used once at most. */
function takeTiles(rs, tiles) {
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const ends = ([a, b]) => [Math.max(a, b), Math.min(a, b)];
  const left = rs.count_tiles.map((t) => [ends(t), t[2]]);
  return tiles.map((tile, i) => {
    const want = readTile(tile, `tiles[${i}]`);
    const found = left.findIndex(([have]) => same(have, want));
    if (found < 0) {
      const held = rs.count_tiles.filter((t) => same(ends(t), want)).length;
      const why = held
        ? `${rs.name} has only ${NUMBERS[held] ?? held} ${tileName(want)}`
        : `the ${tileName(want)} is not a count domino in ${rs.name}`;
      fail('RESULT_INFEASIBLE', `${why[0].toUpperCase()}${why.slice(1)}.`, `tiles[${i}]`);
    }
    return left.splice(found, 1)[0][1];
  });
}

/** Refuse count that `tricks` tricks cannot hold, or that the other tricks cannot. */
function checkHeld(rs, tricks, taken) {
  if (tricks === 0 && taken)
    fail('RESULT_INFEASIBLE', 'A side with no trick has no count.', 'tiles');
  if (taken > tricks * rs.players) {
    const plural = tricks !== 1 ? 's' : '';
    fail(
      'RESULT_INFEASIBLE',
      `${tricks} trick${plural} hold only ${tricks * rs.players} dominoes, not ${taken} count dominoes.`,
      'tiles',
    );
  }
  const other = (rs.tricks - tricks) * rs.players;
  if (rs.count_tiles.length - taken > other) {
    const least = rs.count_tiles.length - other;
    fail(
      'RESULT_INFEASIBLE',
      other
        ? `With ${tricks} of the ${rs.tricks} tricks the side has at least ${least} of the count dominoes.`
        : 'With every trick the side took all the count.',
      'tiles',
    );
  }
}

/**
 * The points a side took with `tricks` tricks holding the count dominoes `tiles` (each its two
 * ends, either order: [[5, 5], [6, 4]]): tricks x trick_value + the tiles' pips (Python:
 * count_points; the same refusals and codes).
 */
export function countPoints(rs, tricks, tiles = []) {
  checkInt(tricks, 'tricks', 'RESULT_NOT_INTEGER', 'a whole number of tricks');
  if (tricks < 0 || tricks > rs.tricks) {
    fail(
      'RESULT_OUT_OF_RANGE',
      `${tricks} tricks can't be taken: a hand of ${rs.name} has ${rs.tricks}.`,
      'tricks',
    );
  }
  if (!Array.isArray(tiles))
    fail('BAD_INPUT', 'The count dominoes are a list, like [[5, 5], [6, 4]].', 'tiles');
  const values = takeTiles(rs, tiles);
  if (rs.check_totals) checkHeld(rs, tricks, values.length);
  return tricks * rs.trick_value + values.reduce((a, b) => a + b, 0);
}

/** The possible totals either side of an impossible one, in words (Python: _nearest_words). */
function nearestWords(rs, value) {
  const possible = [...feasibleTotals(rs)].sort((x, y) => x - y);
  const below = possible.filter((t) => t < value).at(-1);
  const above = possible.find((t) => t > value);
  const near = [below, above].filter((t) => t !== undefined).join(' and ');
  return `the counts go ${possible.slice(0, 4).join(', ')} \u2026 and the nearest possible are ${near}`;
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
    fail(
      'RESULT_OUT_OF_RANGE',
      `${value} points can't be taken: a hand of ${rs.name} holds ${rs.points_per_hand}, ` +
        `so a side takes 0 to ${rs.points_per_hand}.`,
      field,
    );
  }
  if (rs.check_totals && !feasibleTotals(rs).has(value)) {
    fail(
      'RESULT_INFEASIBLE',
      `${value} can't be taken with the tiles of ${rs.name}: ${nearestWords(rs, value)}.`,
      field,
    );
  }
  return value;
}

/** Check a list of every side's points; with `complete` it must add up to the hand. */
function checkBySide(rs, value, field, complete) {
  const n = sideCount(rs);
  if (!Array.isArray(value) || value.length !== n) {
    fail('BAD_RESULT', `Give the points of all ${n} sides, one number each.`, field);
  }
  const points = Array.from(value, (v, i) => checkPoints(rs, v, `${field}[${i}]`));
  const total = points.reduce((a, b) => a + b, 0);
  if (total > rs.points_per_hand || (complete && total !== rs.points_per_hand)) {
    fail(
      'RESULT_SUM',
      `The sides' points add up to ${points.join(' + ')} = ${total}, but a hand of ${rs.name} holds ` +
        `${rs.points_per_hand}.`,
      field,
    );
  }
  return points;
}

/** Check a hand's result and return [made, pointsBySide or null]; `side` is the bidding side. */
function readResult(rs, bid, side, result, docked = 0) {
  if (!isDict(result)) {
    fail(
      'BAD_RESULT',
      'The result gives the points taken (or the tricks in nel-o, or made or set).',
      'result',
    );
  }
  const unknown = keysOf(result)
    .filter((k) => !RESULT_KEYS.includes(k))
    .sort();
  if (unknown.length) {
    fail(
      'BAD_RESULT',
      "A result gives the points taken, each side's points, the tricks in nel-o and made or set, " +
        'nothing else.',
      'result',
    );
  }
  let [made, points] =
    bid.kind === 'nello'
      ? nelloResult(rs, side, result)
      : pointsResult(rs, bid, side, result, docked);
  const declared = get(result, 'declared');
  if (!isNone(declared)) checkDeclared(rs, bid, made, declared);
  if (made === null) made = declared === 'made';
  return [made, points];
}

function checkDeclared(rs, bid, made, declared) {
  if (declared !== 'made' && declared !== 'set') {
    fail('BAD_RESULT', `A bid is made or set, not ${said(declared)}.`, 'result.declared');
  }
  if (made !== null && made !== (declared === 'made')) {
    fail(
      'OUTCOME_MISMATCH',
      `${capitalize(bidWords(rs, bid))} is called ${declared}, but the points taken say ` +
        `${made ? 'made' : 'set'}.`,
      'result.declared',
    );
  }
}

function pointsResult(rs, bid, side, result, docked) {
  if (has(result, 'tricks')) {
    fail(
      'BAD_RESULT',
      'Tricks are counted only for nel-o: give the points the bidders took.',
      'result.tricks',
    );
  }
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
      fail(
        'RESULT_NEEDS_BY_SIDE',
        `In ${rs.name} every side scores what it took: give each side's points, ` +
          "not only the bidder's.",
        'result.by_side',
      );
    }
    return null;
  }
  const points = checkBySide(rs, result.by_side, 'result.by_side', rs.scoring === 'points');
  const captured = get(result, 'captured', points[side]);
  if (checkPoints(rs, captured, 'result.captured') !== points[side]) {
    fail(
      'BAD_RESULT',
      `The bidders took ${captured} or ${points[side]}? The points taken and the bidding side's ` +
        'points differ.',
      'result.captured',
    );
  }
  return points;
}

function declaredOnly(rs, result) {
  if (rs.scoring === 'points' || !['made', 'set'].includes(get(result, 'declared'))) {
    fail(
      'BAD_RESULT',
      'Give the points the bidders took (in a marks game, made or set is enough).',
      'result',
    );
  }
  return [null, null];
}

function nelloResult(rs, side, result) {
  if (has(result, 'tricks')) {
    const tricks = checkInt(
      result.tricks,
      'result.tricks',
      'RESULT_NOT_INTEGER',
      'a whole number of tricks',
    );
    if (!(tricks >= 0 && tricks <= rs.tricks)) {
      fail(
        'RESULT_OUT_OF_RANGE',
        `${tricks} tricks can't be taken: a hand of ${rs.name} has ${rs.tricks}.`,
        'result.tricks',
      );
    }
    return [tricks === 0, null];
  }
  if (has(result, 'by_side') || has(result, 'captured')) {
    const points = sidePoints(rs, side, result);
    const captured = points ? points[side] : checkPoints(rs, result.captured, 'result.captured');
    return [captured === 0, null];
  }
  if (['made', 'set'].includes(get(result, 'declared'))) return [null, null];
  return fail(
    'BAD_RESULT',
    'In nel-o, give the tricks the bidder took (none makes it).',
    'result.tricks',
  );
}

// --- scoring.py ------------------------------------------------------------------------------

/** Each side's award for a hand (docs/rules.md 9, 10, 13, 20, 21). */
function awardFor(rs, bid, side, made, points) {
  let awards = new Array(sideCount(rs)).fill(0);
  const marks = bid.awardMarks;
  if (rs.scoring === 'marks' || bid.kind === 'nello') {
    // nel-o in points mode: marks x mark_value to whoever wins it (a choice, docs/rules.md)
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

/** A renege decides the hand against the offending side (docs/rules.md 25): [made, awards]. */
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
    if (bidderOut && last?.[1] && there.includes(last[0])) return [true, last[0], 'bidder_out'];
    if (leaders.length === 1) return [true, leaders[0], 'higher_total'];
  }
  const outOfHands = !isNone(rs.max_hands) && scoredHands >= rs.max_hands;
  if (rs.scoring === 'marks' && outOfHands)
    return [true, leaders.length === 1 ? leaders[0] : null, 'hand_limit'];
  return [false, null, null];
}

/**
 * Has the bid been made or set by the points each side holds so far? (docs/rules.md 11)
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
  if (!Array.isArray(raw) || raw.length > 64) {
    fail(
      'BAD_PENALTY',
      'The penalties must be a list, each a renege, table talk or an exposed domino against a side.',
      'penalties',
    );
  }
  const read = Array.from(raw, (entry, i) => readPenalty(rs, entry, `penalties[${i}]`));
  if (read.filter(([kind]) => kind === 'renege').length > 1) {
    fail(
      'BAD_PENALTY',
      'A hand can have only one renege: the first one called decides the hand.',
      'penalties',
    );
  }
  return read;
}

function readPenalty(rs, entry, field) {
  const keys = isDict(entry) ? keysOf(entry).sort() : [];
  if (keys.length !== 2 || keys[0] !== 'kind' || keys[1] !== 'side') {
    fail(
      'BAD_PENALTY',
      'A penalty names what it was (renege, table talk or exposed domino) and the side it is ' +
        'against, nothing else.',
      field,
    );
  }
  if (!PENALTY_KINDS.includes(entry.kind)) {
    fail(
      'BAD_PENALTY',
      `${capitalize(said(entry.kind))} is not a penalty: a penalty is a renege, table talk or an ` +
        'exposed domino.',
      `${field}.kind`,
    );
  }
  const side = checkInt(entry.side, `${field}.side`, 'BAD_PENALTY');
  if (!(side >= 0 && side < sideCount(rs))) {
    fail(
      'BAD_PENALTY',
      `${rs.name} has ${sideCount(rs)} sides, numbered 1 to ${sideCount(rs)}: there is no side ` +
        `${side + 1}.`,
      `${field}.side`,
    );
  }
  return [entry.kind, side];
}

/** The side that reneged in this hand, or null. */
const renegeSide = (penalties) =>
  (penalties.find(([kind]) => kind === 'renege') ?? [null, null])[1];

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
 * side's table-talk infractions so far in the game and is updated (docs/rules.md 26, 27).
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
      const amount = warning ? 0 : rs.scoring === 'marks' ? 1 : rs.mark_value;
      entry.warning = warning;
      entry.awarded = range(0, n).map((s) => (s === side ? 0 : amount));
    } else if (kind === 'exposed_domino') {
      const amount = rs.scoring === 'points' ? -1 : 0;
      entry.awarded = range(0, n).map((s) => (s === side ? amount : 0));
    }
    (entry.awarded || []).forEach((value, s) => {
      changes[s] += value;
    });
    shown.push(entry);
  }
  return [changes, shown];
}

// --- hand.py ---------------------------------------------------------------------------------

const TOTAL_LIMIT = 10 ** 9; // totals stay far inside JavaScript's safe integers

/** Return `totals` as a list of whole numbers, one per side, else throw BAD_INPUT. */
function checkTotalsList(rs, totals, field = 'totals') {
  const n = sideCount(rs);
  if (!Array.isArray(totals) || totals.length !== n) {
    fail('BAD_INPUT', `The scores must be a list of ${n} numbers, one for each side.`, field);
  }
  return Array.from(totals, (total, i) => {
    checkInt(total, `${field}[${i}]`);
    if (Math.abs(total) > TOTAL_LIMIT) {
      fail(
        'BAD_INPUT',
        `A score of ${total} is beyond any game (at most ${thousands(TOTAL_LIMIT)} either way).`,
        field,
      );
    }
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
    if (renegeSide(penalties) !== null) {
      fail(
        'BAD_PENALTY',
        'A renege needs a hand that was played: everyone passed, so nothing was played.',
        'penalties',
      );
    }
    return finish(ruleset, tally, [
      'reshuffle',
      null,
      null,
      null,
      new Array(sideCount(ruleset)).fill(0),
    ]);
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
  if (checkInt(scoredHands, 'scored_hands') < 0) {
    fail(
      'BAD_INPUT',
      `The hands played can't be ${scoredHands}: it counts from 0.`,
      'scored_hands',
    );
  }
  if (warnings !== null && !isCounts(warnings)) {
    fail('BAD_INPUT', 'The table-talk warnings must be a count for each side.', 'warnings');
  }
  if (gameStatus(rs, totals, scoredHands)[0]) {
    fail('GAME_OVER', `The game is already over at ${scoreWords(totals)}: no more hands.`, 'hand');
  }
  if (!isDict(hand))
    fail('BAD_INPUT', 'A hand must give its bidding (or bidder and bid) and its result.', 'hand');
  checkDealer(rs, hand, dealer);
  return totals;
}

/** A score for a person: "7 to 3", or "250, 120 and 80" for three sides. */
function scoreWords(totals) {
  return totals.length === 2
    ? totals.join(' to ')
    : `${totals.slice(0, -1).join(', ')} and ${totals.at(-1)}`;
}

/** True for a Map of side -> table-talk count (whole numbers). */
function isCounts(warnings) {
  return warnings instanceof Map && [...warnings].every(([k, v]) => isInt(k) && isInt(v));
}

function checkDealer(rs, hand, dealer) {
  if (has(hand, 'dealer') && checkSeat(rs, hand.dealer, 'dealer') !== dealer) {
    fail(
      'DEALER_OUT_OF_TURN',
      `It's ${seatWords(dealer)}'s turn to shake, not ${seatWords(hand.dealer)}'s: the shake ` +
        'passes to the left every hand.',
      'dealer',
    );
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
      fail(
        'NO_BID',
        'Who bid and what? Give the winning bid and its bidder, or the whole bidding.',
        'bid',
      );
    }
    if (bid.kind === 'nello') checkNelloSeat(rs, givenBidder, dealer, true);
    return [givenBidder, bid];
  }
  const state = runAuction(rs, hand.bids, dealer, true);
  if (state.high === null) {
    if (!isNone(givenBidder) || bid !== null) {
      fail('BID_MISMATCH', 'Everyone passed, so there is no bidder or bid to give.', 'bids');
    }
    return [null, null];
  }
  if (
    (!isNone(givenBidder) && givenBidder !== state.highSeat) ||
    (bid !== null && !bid.equals(state.high))
  ) {
    fail(
      'BID_MISMATCH',
      `The bidding was won by ${seatWords(state.highSeat)} with ${bidWords(rs, state.high)}, not by ` +
        'the bidder and bid given.',
      'bids',
    );
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
  if (!has(hand, 'result')) {
    fail(
      'BAD_RESULT',
      'How did the hand go? Give the points the bidders took (or made or set).',
      'result',
    );
  }
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
    outcome: result,
    dealer: tally.dealer,
    bidder,
    bidding_side: side,
    bid: bid !== null ? bid.canonical() : null,
    trump,
    need: bid !== null ? needFor(rs, bid) : null,
    awarded: awards,
    totals,
    game_over: gameOver,
    winner,
    next_dealer: (tally.dealer + 1) % rs.players,
    penalties: shown,
    end_reason: endReason,
  };
}

// --- game.py ---------------------------------------------------------------------------------

const MAX_HANDS_IN_LOG = 10000;

// Time called (docs/rules.md 36-38), the twin of rules/clock.py: the phase the table is in.
const FINISH_HAND = 'finish_hand';
const ONE_MORE_HAND = 'one_more_hand';
const DECIDED = 'decided';

/** A time call {hands, in_play} checked (the twin of rules.time_call); BAD_INPUT if unfit. */
function timeCall(value) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value).every((k) => k === 'hands' || k === 'in_play');
    const inPlay = value.in_play ?? true;
    if (keys && Number.isInteger(value.hands) && value.hands >= 0 && typeof inPlay === 'boolean')
      return { hands: value.hands, in_play: inPlay };
  }
  return fail(
    'BAD_INPUT',
    'Time is called after a whole number of hands, with a hand in play or not.',
    'time_call',
  );
}

/** [game_over, winner, phase] after `handsPlayed` hands once time was called (rules.md 37). */
export function timeStatus(totals, handsPlayed, call) {
  if (handsPlayed < call.hands + (call.in_play ? 1 : 0)) return [false, null, FINISH_HAND];
  const top = Math.max(...totals);
  const leaders = totals.flatMap((total, side) => (total === top ? [side] : []));
  return leaders.length === 1 ? [true, leaders[0], DECIDED] : [false, null, ONE_MORE_HAND];
}

/** End `state` on time when `call` says so; record the call and its phase (rules.md 36-38). */
function applyTime(state, call) {
  if (state.game_over) {
    state.time = { ...call, phase: DECIDED };
    return;
  }
  const [over, winner, phase] = timeStatus(state.totals, state.hands.length, call);
  state.time = { ...call, phase };
  if (!over) return;
  Object.assign(state, { game_over: true, winner, end_reason: 'time' });
  const last = state.hands.at(-1);
  if (last) Object.assign(last, { game_over: true, winner, end_reason: 'time' });
}

/**
 * Score a log of hands in order and return the GameState dict (Python's GameState.to_dict():
 * totals, game_over, winner, next_dealer, next_hand_no, hands, sides, end_reason, scored_hands,
 * warnings: table-talk counts per side). The dealer passes
 * clockwise every hand, reshuffles included (docs/rules.md 3, 7). Throws RulesError with
 * `handIndex` set to the rejected hand; a hand after the game is over is GAME_OVER.
 * `timeCalled` ({hands, in_play}, for a log from hand 1) ends it on time (docs/rules.md 36-38);
 * the state's `time` then says the phase the table is in.
 */
export function replay(ruleset, hands, firstDealer = 0, startTotals = null, timeCalled = null) {
  checkRuleset(ruleset);
  if (!Array.isArray(hands) || hands.length > MAX_HANDS_IN_LOG) {
    fail(
      'BAD_INPUT',
      `The hands must be a list of at most ${thousands(MAX_HANDS_IN_LOG)} hands.`,
      'hands',
    );
  }
  const dealer = checkSeat(ruleset, firstDealer, 'first_dealer');
  const totals = checkTotalsList(
    ruleset,
    startTotals ?? new Array(sideCount(ruleset)).fill(0),
    'start_totals',
  );
  const [over, winner] = gameStatus(ruleset, totals, 0); // paper totals may already end the game
  const state = {
    totals,
    game_over: over,
    winner,
    next_dealer: dealer,
    hands: [],
    end_reason: over ? 'paper_score' : null,
    time: null,
  };
  const call = timeCalled === null || timeCalled === undefined ? null : timeCall(timeCalled);
  if (call) applyTime(state, call);
  const warnings = new Map();
  let scoredHands = 0;
  for (let index = 0; index < hands.length; index += 1) {
    const hand = hands[index];
    let result;
    try {
      if (state.game_over) {
        fail(
          'GAME_OVER',
          `Hand ${index + 1} comes after the game was over: no more hands.`,
          'hand',
        );
      }
      result = scoreHand(ruleset, hand, state.next_dealer, state.totals, { scoredHands, warnings });
    } catch (error) {
      if (error instanceof RulesError) error.handIndex = index;
      throw error;
    }
    scoredHands += result.outcome !== 'reshuffle' ? 1 : 0;
    state.hands.push(result);
    Object.assign(state, {
      totals: result.totals,
      next_dealer: result.next_dealer,
      game_over: result.game_over,
      winner: result.winner,
      end_reason: result.end_reason,
    });
    if (call) applyTime(state, call);
  }
  return {
    totals: [...state.totals],
    game_over: state.game_over,
    winner: state.winner,
    next_dealer: state.next_dealer,
    next_hand_no: state.hands.length + 1,
    hands: state.hands,
    sides: sideCount(ruleset),
    end_reason: state.end_reason,
    scored_hands: scoredHands,
    warnings: Array.from({ length: sideCount(ruleset) }, (_, side) => warnings.get(side) ?? 0),
    ...(state.time ? { time: state.time } : {}),
  };
}
