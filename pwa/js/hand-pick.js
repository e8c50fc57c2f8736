// The hand being entered, as plain state (no DOM, so node tests it): where the hand screen's
// taps start from, what a tap on a side's count does when there are more than two sides, and
// the hand as stored. views/hand-entry.js draws it and keeps the taps.

/** Whether two bids (or results) are the same value. */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a bid is nel-o. */
export const isNello = (bid) => Boolean(bid && typeof bid === 'object' && bid.contract === 'nello');

/** The all-pass choice a ruleset offers: 'forced' (the dealer must bid) or 'pass' (reshuffle). */
export const passMode = (rules) => (rules.all_pass === 'forced' ? 'forced' : 'pass');

/** Whether a renege was called: it decides the hand, so the hand keeps no result. */
export const reneged = (pick) => pick.penalties.some((p) => p.kind === 'renege');

/**
 * The hand being entered: from the stored hand `old` when editing; else an all pass when the
 * sheet's all-pass choice was tapped (`allPass`: 'pass' or 'forced'), else `firstBidder` when
 * the sheet's seat was tapped. mode is 'bid', 'pass' or 'forced'.
 */
export function startPick(rules, old, firstBidder, dealer, allPass = null) {
  const pick = {
    mode: 'bid',
    bidder: null,
    bid: null,
    result: null,
    penalties: [],
    trump: null,
    tens: null,
  };
  if (old) {
    const passed = Boolean(old.bids && (old.bid === undefined || old.bid === null));
    pick.mode = passed ? 'pass' : old.bids ? 'forced' : 'bid';
    pick.bidder = passed ? null : (old.bidder ?? dealer);
    pick.bid = passed ? null : (old.bid ?? old.bids[old.bids.length - 1]);
    pick.result = old.result || null;
    pick.penalties = old.penalties ? [...old.penalties] : [];
    pick.trump = old.trump ?? null;
    if (pick.bid && typeof pick.bid === 'object' && pick.bid.contract === 'sevens') {
      pick.bid = pick.bid.marks * rules.mark_value; // sevens reads as a trump called on a mark bid
      pick.trump = 'sevens';
    }
  } else if (allPass) {
    pick.mode = allPass;
    if (pick.mode === 'forced') pick.bidder = dealer;
  } else if (firstBidder !== undefined) {
    pick.bidder = Number(firstBidder);
  }
  return pick;
}

/**
 * More than two sides: put `count` on the active side of `pick.sides`. When one side is left
 * and the rest of the hand's points is a count it can take (`counts`), it gets them
 * (`pick.filled`, taken back if another side is tapped); then the next open side is active.
 */
export function tapSide(rules, counts, pick, count) {
  const n = pick.sides.length;
  if (pick.filled !== null && pick.filled !== pick.active) pick.sides[pick.filled] = null;
  pick.filled = null;
  pick.sides[pick.active] = count;
  const open = pick.sides.map((v, i) => (v === null ? i : -1)).filter((i) => i >= 0);
  const rest = rules.points_per_hand - pick.sides.reduce((sum, v) => sum + (v || 0), 0);
  if (open.length === 1 && counts.includes(rest)) {
    pick.sides[open[0]] = rest;
    pick.filled = open[0];
  }
  const next = pick.sides.findIndex((v, i) => v === null && i !== pick.active);
  pick.active = next >= 0 ? next : (pick.active + 1) % n;
  pick.result = pick.sides.every((v) => v !== null) ? { by_side: [...pick.sides] } : null;
  return pick;
}

/** The hand as stored: a forced bid keeps its auction (everyone passed, then the dealer). */
export function handFromPick(rules, pick, dealer) {
  const passes = new Array(rules.players - 1).fill('pass');
  if (pick.mode === 'pass') return { dealer, bids: [...passes, 'pass'] };
  const forced = pick.mode === 'forced' || (isNello(pick.bid) && rules.nello_dealer_only);
  const hand = forced
    ? { dealer, bids: [...passes, pick.bid], bidder: dealer, bid: pick.bid }
    : { dealer, bidder: pick.bidder, bid: pick.bid };
  if (pick.trump !== null) hand.trump = pick.trump;
  if (pick.result && !reneged(pick)) hand.result = pick.result;
  if (pick.penalties.length) hand.penalties = pick.penalties;
  return hand;
}
