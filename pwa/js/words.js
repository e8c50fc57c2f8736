// Words a player reads that are built from the rules: why a game ended, and the Rules screen
// (every sentence generated from the ruleset's knobs, so it can never disagree with the score).
import { sideName, seatsOf, sideCount, unit } from './names.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const list = (items) =>
  items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const say = (n) => NUMBER_WORDS[n] || String(n);

// Why a game ended (the engine's end_reason), said two ways: 'past' on the game-over screen,
// 'now' in the hand that ends it ("Ends the game: Us reach 7 marks"). rules/words.py has the
// same table, string for string, for the share page (tests/rules/test_end_words.py).
// {winner}, {goal} ("7 marks"), {hands} (the hand limit) and {all} ("both sides") are filled
// in; {reach|reaches} is the verb for a team (several players) or for one player.
export const END_WORDS = {
  target: {
    past: '{winner} reached {goal} first.',
    now: '{winner} {reach|reaches} {goal}',
  },
  bidder_out: {
    past:
      'More than one side reached {goal} in the last hand; {winner} made the bid, ' +
      'and the bidders go out first.',
    now: '{all} pass {goal}: the bidders made it, so {winner} {go|goes} out',
  },
  higher_total: {
    past:
      'More than one side reached {goal} in the last hand; {winner} {have|has} the ' +
      'higher score.',
    now: '{all} pass {goal}: the higher total wins',
  },
  hand_limit: {
    past: 'All {hands} hands are played; {winner} {were|was} ahead.',
    now: 'that was the last of {hands} hands',
  },
  time: {
    past: 'Time was called; {winner} {were|was} ahead after the last hand.',
    now: 'time is called: {winner} {win|wins} on time',
  },
  paper_score: {
    past: 'The score carried over from paper had already decided it: {winner} {win|wins}.',
    now: 'the score carried over already decides it',
  },
  other: { past: '{winner} {win|wins}.', now: '{winner} {win|wins}' },
};

/**
 * Why a game ended, from END_WORDS (as rules/words.py end_words): `tense` 'past' or 'now';
 * `winner` the winning side's name (null: nobody, then '' for a sentence that needs it).
 */
export function endWords(reason, tense, { winner, many, goal, hands, sides }) {
  const template = (Object.hasOwn(END_WORDS, reason) ? END_WORDS[reason] : END_WORDS.other)[tense];
  if ((winner === null || winner === undefined) && template.includes('{winner}')) return '';
  const values = {
    winner,
    goal,
    hands: String(hands),
    all: sides === 2 ? 'both sides' : 'more than one side',
  };
  // one pass: a name holding "{goal}" is not filled in again
  return template.replace(/\{(\w+)(?:\|(\w+))?\}/g, (_, plural, singular) =>
    singular === undefined ? values[plural] : many ? plural : singular,
  );
}

/** The words endWords needs about a game's winning side `side` (null: none). */
export function endFacts(game, side) {
  const r = game.rules;
  const known = side !== null && side !== undefined;
  return {
    winner: known ? sideName(game, side) : null,
    many: known && seatsOf(r, side).length > 1,
    goal: `${r.target} ${unit(r)}`,
    hands: r.max_hands,
    sides: sideCount(r),
  };
}

/**
 * Why a finished game ended, in a player's words; null while it goes on.
 * `state.end_reason` is the engine's: target, bidder_out, higher_total, hand_limit, time,
 * paper_score.
 */
export function endSentence(game, state) {
  if (!state?.game_over) return null;
  const won = state.winner;
  if (won === null || won === undefined) return 'The game is over.';
  return endWords(state.end_reason, 'past', endFacts(game, won));
}

/** "You need 42 to go" lines for a points game: how far each side is from the target. */
export function toGo(rules, totals) {
  return totals.map((t) => Math.max(0, rules.target - t));
}

// --- the Rules screen -----------------------------------------------------------------------

function highestPointBid(r) {
  if (r.max_point_bid !== null && r.max_point_bid !== undefined) return r.max_point_bid;
  return r.min_bid + Math.floor((r.mark_value - 1 - r.min_bid) / r.bid_step) * r.bid_step;
}

function seating(r) {
  const n = sideCount(r);
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  if (n === r.players) return `${cap(say(r.players))} players, each playing alone.`;
  const size = r.players / n;
  const alternate = r.sides.every((s, i) => s === i % n);
  const where =
    n === 2 && r.players === 4
      ? 'partners sit across from each other'
      : alternate
        ? `team-mates sit in every ${n === 2 ? 'other' : 'third'} seat`
        : '';
  return `${cap(say(r.players))} players in ${say(n)} teams of ${size}${where ? `; ${where}` : ''}.`;
}

function handWorth(r) {
  const byValue = new Map();
  for (const [a, b, v] of r.count_tiles || []) {
    if (!byValue.has(v)) byValue.set(v, []);
    if (!byValue.get(v).includes(`${a}-${b}`)) byValue.get(v).push(`${a}-${b}`); // two sets
  }
  const tricks = `${plural(r.tricks, 'trick')} worth ${r.trick_value} each`;
  if (!byValue.size) return `A hand has ${tricks}: ${r.points_per_hand} in all.`;
  const count = [...byValue.entries()]
    .sort((x, y) => y[0] - x[0])
    .map(([v, tiles]) => `${list(tiles)} ${tiles.length > 1 ? 'are' : 'is'} worth ${v}`);
  return `A hand has ${tricks}, plus the count (${list(count)}): ${r.points_per_hand} in all.`;
}

function bidding(r) {
  const out = [];
  const top = highestPointBid(r);
  const step = r.bid_step === 1 ? '' : ` in steps of ${r.bid_step}`;
  out.push(
    r.bid_rounds === 'until_pass'
      ? 'Bidding goes round and round, starting left of the shaker, until all but one have passed.'
      : 'Each player bids once or passes, starting left of the shaker; the shaker bids last.',
  );
  if (r.points_per_hand < r.mark_value) {
    out.push(
      `Bids run from ${r.min_bid} to ${top}${step}. A bid of ${r.mark_value} shoots the ` +
        `moon: take every trick, worth ${r.mark_value}.`,
    );
    if (r.shoot_over) out.push(`Over a moon, a player may shoot it over for ${2 * r.mark_value}.`);
  } else {
    out.push(
      `Bids run from ${r.min_bid} to ${top}${step}; a bid of ${r.mark_value} is one mark, ` +
        `and bigger bids are whole marks (${2 * r.mark_value} is two). A mark bid must take every trick.`,
    );
    const more =
      r.mark_escalation === 'double'
        ? 'at most twice the mark bid before it'
        : 'only one mark more than the bid before it';
    out.push(
      `Anyone may open at up to ${plural(r.opening_limit_marks, 'mark')}; after that, ` +
        `each bid may be ${more}.`,
    );
  }
  if (r.max_marks && r.points_per_hand >= r.mark_value) {
    out.push(`No bid goes above ${plural(r.max_marks, 'mark')}.`);
  }
  out.push(
    r.all_pass === 'forced'
      ? 'If everyone else passes, the shaker must bid.'
      : 'If everyone passes, nobody scores and the next player shakes.',
  );
  return out;
}

function scoringWords(r) {
  const out = [];
  const many = sideCount(r) > 2;
  const others = many ? 'each other side' : 'the other side';
  if (r.scoring === 'marks') {
    out.push('A made bid wins one mark, or the marks it was worth.');
    out.push(
      r.set_rule === 'bidder_loses_bid'
        ? 'A set bid costs the bidders those marks.'
        : `When the bid is set, ${others} gets those marks instead.`,
    );
  } else {
    out.push(
      r.set_rule === 'bidder_loses_bid'
        ? 'Everyone scores the points they took; a set bidder loses the bid instead.'
        : 'A made bid: every side scores the points it took (a mark bid scores its full value). ' +
            `A set bid: the bidders score nothing and ${others} scores the bid plus what it took.`,
    );
  }
  out.push(`First to ${r.target} ${unit(r)} wins.`);
  if (r.scoring === 'points') {
    out.push(
      'If more than one side gets there in the same hand, bidders who made their bid go out.',
    );
  }
  if (r.max_hands) out.push(`At most ${r.max_hands} hands are played; then the side ahead wins.`);
  return out;
}

const DOUBLES = {
  high: 'high (the top of their suit)',
  low: 'low (the bottom of their suit)',
  own_suit: 'as a suit of their own',
};

function contracts(r) {
  const out = [];
  if (r.nello) {
    const modes = (r.nello_doubles || []).map((m) => DOUBLES[m] || m);
    const levels = r.nello_levels || [1]; // the mark levels nel-o may be bid at
    const marks = levels.length === 1 ? plural(levels[0], 'mark') : `${levels.join(' or ')} marks`;
    out.push(
      `Nel-o: the bidder plays to take no tricks at all, for ${marks}; ` +
        `doubles may be played ${modes.join(', or ')}.`,
    );
    if (r.nello_dealer_only) out.push('Only the shaker may call nel-o, when forced to bid.');
  } else out.push('No nel-o.');
  for (const [key, name] of [
    ['plunge', 'Plunge'],
    ['splash', 'Splash'],
    ['dip', 'Dip'],
    ['dive', 'Dive'],
  ]) {
    if (!r[key]) continue;
    out.push(
      `${name}: a player holding ${say(r[`${key}_doubles`])} doubles may bid ` +
        `${plural(r[`${key}_marks`], 'mark')} and must take every trick.`,
    );
  }
  const off = [
    ['plunge', 'plunge'],
    ['splash', 'splash'],
  ]
    .filter(([k]) => !r[k])
    .map(([, w]) => w);
  if (off.length) out.push(`No ${off.join(' or ')}.`);
  out.push(
    r.sevens
      ? 'Sevens: a bidder of one mark or more may call sevens; the tile nearest seven pips wins ' +
          'each trick, and one lost trick sets it.'
      : 'No sevens.',
  );
  out.push(
    r.follow_me
      ? 'Follow-me (no trump) may be called: the first tile led sets the suit.'
      : 'Every hand has a trump: no follow-me.',
  );
  out.push(
    r.doubles_trump ? 'Doubles may be called as trump.' : 'Doubles cannot be called as trump.',
  );
  return out;
}

function penalties(r) {
  const prize = r.scoring === 'marks' ? 'marks' : 'points';
  return [
    `A renege, once called, loses the hand: the other side gets the ${prize} of the bid.`,
    r.table_talk_warning_first
      ? 'Table talk: the first time is a warning; after that, one mark to the other side.'
      : 'Table talk: one mark to the other side.',
    'A domino shown and not played: one point to the other side.',
  ];
}

/** The Rules screen's sections, [title, [sentences]], generated from a ruleset's knobs. */
export function explainRules(r) {
  return [
    ['Players and teams', [seating(r), handWorth(r)]],
    ['Bidding', bidding(r)],
    [r.scoring === 'marks' ? 'Marks' : 'Points', scoringWords(r)],
    ['Special bids and trumps', contracts(r)],
    ['Penalties', penalties(r)],
  ];
}
