"""The auction: check a recorded auction bid by bid, and list the legal next bids."""

from dataclasses import dataclass, field
from functools import lru_cache

from .bids import JUMP_CONTRACTS, MARKS_CEILING, base_marks, parse_bid
from .errors import AuctionError, BadInputError, RulesError, check_int
from .words import bid_words, plural, seat_words

PASS = "pass"


@dataclass
class Auction:
    """The state of an auction: the high bid and its seat, who passed, whose turn it is."""

    dealer: int
    high: object = None
    high_seat: int | None = None
    passed: set = field(default_factory=set)
    last_seat: int | None = None
    entries: int = 0


def check_seat(rs, seat, field_name):
    """Return `seat` if it is a seat number of `rs`, else raise SEAT_OUT_OF_RANGE."""
    check_int(seat, field_name)
    if not 0 <= seat < rs.players:
        raise BadInputError(
            f"{rs.name} has {rs.players} seats, numbered 1 to {rs.players}: "
            f"there is no seat {seat + 1}.",
            "SEAT_OUT_OF_RANGE",
            field_name,
        )
    return seat


def next_seat(rs, state):
    """Return the seat to bid next, or None when the auction is over."""
    if rs.bid_rounds == "once":
        if state.entries >= rs.players:
            return None
        return (state.dealer + 1 + state.entries) % rs.players
    active = [s for s in range(rs.players) if s not in state.passed]
    if not active or (state.high is not None and active == [state.high_seat]):
        return None
    seat = state.dealer if state.last_seat is None else state.last_seat
    for _ in range(rs.players):
        seat = (seat + 1) % rs.players
        if seat not in state.passed:
            return seat
    return None  # pragma: no cover - active is non-empty, so the loop returns


def mark_limit(rs, state):
    """The most marks a plain mark bid may have now (docs/rules.md 6)."""
    top = state.high.marks if state.high is not None else 0
    if top < rs.opening_limit_marks:
        limit = rs.opening_limit_marks
    elif rs.mark_escalation == "plus_one":
        limit = top + 1
    else:
        limit = max(rs.opening_limit_marks, 2 * top)
    return min(limit, rs.max_marks or MARKS_CEILING, MARKS_CEILING)


def refusal(rs, bid, state, seat):
    """The code that refuses `bid` by `seat` after the auction `state`, or None if allowed.

    The one test of a bid against the auction: `check_bid_in_auction` (recorded auctions),
    `legal_bids` (the ladder) and `winnable_bids` (the offer) all ask it, so they agree.
    """
    if state.high is not None and bid.value <= state.high.value:
        return "BID_NOT_HIGHER"
    jump = bid.kind in JUMP_CONTRACTS and bid.marks == base_marks(rs, bid.kind)
    if bid.marks and not jump and bid.marks > mark_limit(rs, state):
        return "SHOOT_OVER_WITHOUT_MOON" if rs.shoot_over else "MARK_BID_TOO_HIGH"
    if (
        bid.kind == "nello"
        and rs.nello_dealer_only
        and (seat != state.dealer or state.high is not None)
    ):
        return "NELLO_DEALER_ONLY"
    return None


def check_bid_in_auction(rs, bid, state, seat, field_name="bid"):
    """Raise AuctionError if `bid` by `seat` is not allowed after the auction `state`."""
    code = refusal(rs, bid, state, seat)
    if code == "BID_NOT_HIGHER":
        raise AuctionError(
            f"{bid_words(rs, bid).capitalize()} doesn't beat the bid of "
            f"{bid_words(rs, state.high)}: each bid must be higher.",
            code,
            field_name,
        )
    if code in ("SHOOT_OVER_WITHOUT_MOON", "MARK_BID_TOO_HIGH"):
        limit = mark_limit(rs, state)
        if code == "SHOOT_OVER_WITHOUT_MOON":
            why = (
                f"{bid.value} (shoot it over) may only be bid over a "
                f"{rs.opening_limit_marks * rs.mark_value} (shoot the moon)."
            )
        elif state.high is None or state.high.marks < rs.opening_limit_marks:
            why = (
                f"an opening bid may have at most {plural(limit, 'mark')}; after that "
                "each bid may add one more mark."
            )
        else:
            why = (
                f"over {bid_words(rs, state.high)} the next bid may have at most "
                f"{plural(limit, 'mark')}."
            )
        raise AuctionError(
            f"{bid_words(rs, bid).capitalize()} is too many marks here: {why}", code, field_name
        )
    if code == "NELLO_DEALER_ONLY":
        check_nello_seat(rs, seat, state.dealer, state.high is None, field_name)


def check_nello_seat(rs, seat, dealer, all_passed, field_name="bid"):
    """Raise NELLO_DEALER_ONLY when nel-o is only for the forced dealer (docs/rules.md 13)."""
    if rs.nello_dealer_only and (seat != dealer or not all_passed):
        if seat != dealer:
            why = f"{seat_words(seat)} isn't the dealer ({seat_words(dealer)} shakes this hand)."
        else:
            why = "this time someone had bid, so the dealer wasn't forced."
        raise AuctionError(
            "Only the dealer may call nel-o, and only after everyone passed: " + why,
            "NELLO_DEALER_ONLY",
            field_name,
        )


def _forced(rs, state, seat):
    """True when `seat` may not pass: everyone else passed and the dealer must bid."""
    if rs.all_pass != "forced" or state.high is not None:
        return False
    return len(state.passed | {seat}) == rs.players


def apply_entry(rs, state, entry, index):
    """Check one auction entry ("pass" or a bid) and apply it to `state`."""
    field_name = f"bids[{index}]"
    seat = next_seat(rs, state)
    if seat is None:
        raise AuctionError(
            f"The bidding was over after {plural(index, 'call')}, so there "
            "can't be another bid or pass.",
            "BID_COUNT",
            field_name,
        )
    if entry == PASS:
        if _forced(rs, state, seat):
            raise AuctionError(
                f"Everyone else passed, so the dealer ({seat_words(seat)}) must bid.",
                "DEALER_MUST_BID",
                field_name,
            )
        state.passed.add(seat)
    else:
        bid = parse_bid(rs, entry, field_name)
        check_bid_in_auction(rs, bid, state, seat, field_name)
        state.high, state.high_seat = bid, seat
    state.last_seat = seat
    state.entries += 1


def run_auction(rs, bids, dealer, complete=False):
    """Check a recorded auction (first entry = left of the dealer) and return its state.

    With `complete`, the auction must be finished (else BID_COUNT).
    """
    if not isinstance(bids, list) or len(bids) > 64 * rs.players:
        raise BadInputError(
            "The bidding must be a list of bids and passes, in turn from the dealer's left.",
            field="bids",
        )
    state = Auction(dealer)
    for index, entry in enumerate(bids):
        apply_entry(rs, state, entry, index)
    if complete and next_seat(rs, state) is not None:
        raise AuctionError(
            f"The bidding isn't over after {plural(len(bids), 'call')}: "
            f"{seat_words(next_seat(rs, state))} still has to bid or pass.",
            "BID_COUNT",
            "bids",
        )
    return state


def legal_bids(rs, auction, dealer):
    """The bids the next player may make after `auction` ("pass" first when allowed).

    Returns [] when the auction is over. Raises RulesError if the auction so far is illegal.
    """
    check_seat(rs, dealer, "dealer")
    state = run_auction(rs, auction, dealer)
    seat = next_seat(rs, state)
    if seat is None:
        return []
    ladder = [] if _forced(rs, state, seat) else [PASS]
    ladder.extend(bid.canonical() for bid in _ladder(rs, state, seat))
    return ladder


def _ladder(rs, state, seat):
    """The Bids `seat` may make after the auction `state` (no pass), in ladder order."""
    return [bid for bid in _candidate_bids(rs, state) if refusal(rs, bid, state, seat) is None]


def _candidate_bids(rs, state):
    """The candidates that parse under `rs` (each parsed once per ruleset and encoding)."""
    parsed = _parsed_bids(rs)
    out = []
    for raw in _candidates(rs, state):
        key = raw if isinstance(raw, int) else tuple(sorted(raw.items()))
        if key not in parsed:
            try:
                parsed[key] = parse_bid(rs, raw)
            except RulesError:
                parsed[key] = None
        if parsed[key] is not None:
            out.append(parsed[key])
    return out


@lru_cache(maxsize=64)
def _parsed_bids(rs):
    return {}


def nello_levels(rs):
    """The mark levels nel-o may be bid at (docs/rules.md 13)."""
    return rs.nello_levels


def _candidates(rs, state):
    low = state.high.value if state.high is not None else 0
    points = range(rs.min_bid, rs.highest_point_bid + 1, rs.bid_step)
    yield from (p for p in points if p > low)
    top = min(max(mark_limit(rs, state), *_contract_marks(rs)), MARKS_CEILING)
    top = min(top, rs.max_marks or MARKS_CEILING)
    first = max(1, low // rs.mark_value)
    marks = range(first, top + 1)
    yield from ({"marks": k} for k in marks)
    if rs.nello:
        yield from (
            {"contract": "nello", "marks": level, "doubles": d}
            for level in nello_levels(rs)
            for d in rs.nello_doubles
        )
    for kind in (*JUMP_CONTRACTS, "sevens"):
        if getattr(rs, kind):
            yield from ({"contract": kind, "marks": k} for k in marks)


def _contract_marks(rs):
    return [base_marks(rs, k) for k in JUMP_CONTRACTS if getattr(rs, k)] or [0]


CONTRACT_ORDER = ("nello", *JUMP_CONTRACTS, "sevens")


def winnable_bids(rs, dealer, seat):
    """The bids `seat` could win the auction with, in some legal auction dealt by `dealer`.

    A bid is winnable when some legal auction brings `seat` a turn at which the ladder
    (`legal_bids`'s own test) allows it; everyone after may then pass. Points ascending,
    then marks ascending, then contracts. Each (ruleset, dealer) is explored once.
    """
    check_seat(rs, dealer, "dealer")
    check_seat(rs, seat, "seat")
    return [bid.canonical() for bid in sorted(_offers(rs, dealer)[seat], key=_offer_order)]


def _offer_order(bid):
    if bid.kind in ("points", "marks"):
        return (bid.kind == "marks", bid.value, 0, 0)
    return (2, CONTRACT_ORDER.index(bid.kind), bid.marks, bid.doubles or "")


@lru_cache(maxsize=256)
def _offers(rs, dealer):
    """For every seat, its winnable Bids, each with one auction that lets `seat` bid it.

    Walks every reachable auction state, keyed by what decides the rest of the auction (the
    high bid and, in rounds until all pass, who holds it, who passed and who spoke last), so
    each is expanded once. The auction kept is the entries before `seat`'s bid.
    """
    offers = [{} for _ in range(rs.players)]
    seen = set()
    stack = [(Auction(dealer), ())]
    while stack:
        state, path = stack.pop()
        seat = next_seat(rs, state)
        if seat is None:
            continue
        moves = _ladder(rs, state, seat)
        for bid in moves:
            offers[seat].setdefault(bid, path)
        if not _forced(rs, state, seat):
            moves = [None, *moves]
        for bid in moves:
            after = Auction(
                dealer, state.high, state.high_seat, set(state.passed), seat, state.entries + 1
            )
            if bid is None:
                after.passed.add(seat)
            else:
                after.high, after.high_seat = bid, seat
            key = _state_key(rs, after)
            if key not in seen:
                seen.add(key)
                stack.append((after, (*path, PASS if bid is None else bid.canonical())))
    return tuple(offers)


def _state_key(rs, state):
    if rs.bid_rounds == "once":
        return state.high, state.entries
    return state.high, state.high_seat, frozenset(state.passed), state.last_seat
