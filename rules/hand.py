"""One hand: from the auction (or bidder and bid) and the result to a HandResult."""

from dataclasses import dataclass, field

from .auction import check_nello_seat, check_seat, run_auction
from .bids import check_trump, parse_bid
from .errors import AuctionError, BadInputError, GameFlowError, PenaltyError, check_int
from .penalties import apply_penalties, docked, read_penalties, renege_side
from .results import need_for, read_result
from .scoring import award_for, check_ruleset, game_status, renege_award
from .words import bid_words, seat_words

TOTAL_LIMIT = 10**9  # totals stay far inside JavaScript's safe integers


@dataclass
class HandResult:
    """The scored hand: outcome, bid, awards, the totals after it, and what comes next."""

    outcome: str
    dealer: int
    bidder: int | None
    bidding_side: int | None
    bid: object
    trump: object
    need: int | None
    awarded: list
    totals: list
    game_over: bool
    winner: int | None
    next_dealer: int
    penalties: list = field(default_factory=list)
    end_reason: str | None = None

    @property
    def scored(self):
        """True for a made or set hand (a reshuffle is not a scored hand)."""
        return self.outcome != "reshuffle"

    def to_dict(self):
        """Return the hand result as the API sends it (docs/rules.md; with dealer and trump)."""
        return {
            "outcome": self.outcome,
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bidding_side": self.bidding_side,
            "bid": self.bid.canonical() if self.bid is not None else None,
            "trump": self.trump,
            "need": self.need,
            "awarded": list(self.awarded),
            "totals": list(self.totals),
            "game_over": self.game_over,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "penalties": [dict(p) for p in self.penalties],
            "end_reason": self.end_reason,
        }


def check_totals_list(rs, totals, field_name="totals"):
    """Return `totals` as a list of ints, one per side, else raise BAD_INPUT."""
    if not isinstance(totals, list) or len(totals) != rs.side_count:
        raise BadInputError(
            f"The scores must be a list of {rs.side_count} numbers, one for each side.",
            field=field_name,
        )
    for i, total in enumerate(totals):
        check_int(total, f"{field_name}[{i}]")
        if abs(total) > TOTAL_LIMIT:
            raise BadInputError(
                f"A score of {total} is beyond any game (at most {TOTAL_LIMIT:,} either way).",
                field=field_name,
            )
    return list(totals)


def score_hand(ruleset, hand, dealer, totals, *, scored_hands=0, warnings=None):
    """Score one hand dealt by `dealer` onto `totals` and return a HandResult.

    `scored_hands` counts the made-or-set hands before this one (for max_hands) and
    `warnings` each side's table-talk count so far (updated). Raises RulesError: GAME_OVER
    when `totals` already end the game, DEALER_OUT_OF_TURN, NO_BID, BID_MISMATCH and every
    bid, result and penalty error.
    """
    totals = _check_arguments(ruleset, hand, dealer, totals, scored_hands, warnings)
    bidder, bid = _winning_bid(ruleset, hand, dealer)
    penalties = read_penalties(ruleset, hand.get("penalties"))
    if bid is None:
        if renege_side(penalties) is not None:
            raise PenaltyError(
                "A renege needs a hand that was played: everyone passed, so nothing was played.",
                field="penalties",
            )
        return _finish(
            ruleset,
            dealer,
            totals,
            scored_hands,
            warnings,
            penalties,
            ("reshuffle", None, None, None, [0] * ruleset.side_count),
        )
    trump = check_trump(ruleset, hand.get("trump"), bid)
    side = ruleset.sides[bidder]
    made, awards = _outcome(ruleset, hand, bid, side, penalties)
    return _finish(
        ruleset,
        dealer,
        totals,
        scored_hands,
        warnings,
        penalties,
        ("made" if made else "set", bidder, bid, trump, awards),
    )


def _check_arguments(rs, hand, dealer, totals, scored_hands, warnings):
    """Check score_hand's arguments (BAD_INPUT, SEAT_OUT_OF_RANGE, GAME_OVER ...)."""
    check_ruleset(rs)
    check_seat(rs, dealer, "dealer")
    totals = check_totals_list(rs, totals)
    if check_int(scored_hands, "scored_hands") < 0:
        raise BadInputError(
            f"The hands played can't be {scored_hands}: it counts from 0.", field="scored_hands"
        )
    if warnings is not None and not _is_counts(warnings):
        raise BadInputError(
            "The table-talk warnings must be a count for each side.", field="warnings"
        )
    if game_status(rs, totals, scored_hands)[0]:
        raise GameFlowError(
            f"The game is already over at {_score_words(totals)}: no more hands.",
            "GAME_OVER",
            "hand",
        )
    if not isinstance(hand, dict):
        raise BadInputError(
            "A hand must give its bidding (or bidder and bid) and its result.", field="hand"
        )
    _check_dealer(rs, hand, dealer)
    return totals


def _score_words(totals):
    """A score for a person: '7 to 3', or '250, 120 and 80' for three sides."""
    shown = [str(t) for t in totals]
    return " to ".join(shown) if len(shown) == 2 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _is_counts(warnings):
    """True for a dict of side -> table-talk count (ints, never bools)."""
    return isinstance(warnings, dict) and all(
        type(k) is int and type(v) is int for k, v in warnings.items()
    )


def _check_dealer(rs, hand, dealer):
    if "dealer" in hand and check_seat(rs, hand["dealer"], "dealer") != dealer:
        raise GameFlowError(
            f"It's {seat_words(dealer)}'s turn to shake, not "
            f"{seat_words(hand['dealer'])}'s: the shake passes to the left "
            "every hand.",
            "DEALER_OUT_OF_TURN",
            "dealer",
        )


def _winning_bid(rs, hand, dealer):
    """Return (bidder, Bid) from the auction or the bidder and bid; (None, None) = all pass."""
    given_bidder = hand.get("bidder")
    given_bid = hand.get("bid")
    if given_bidder is not None:
        check_seat(rs, given_bidder, "bidder")
    bid = parse_bid(rs, given_bid) if given_bid is not None else None
    if hand.get("bids") is None:
        if given_bidder is None or bid is None:
            raise GameFlowError(
                "Who bid and what? Give the winning bid and its bidder, or the whole bidding.",
                "NO_BID",
                "bid",
            )
        if bid.kind == "nello":
            check_nello_seat(rs, given_bidder, dealer, True)
        return given_bidder, bid
    state = run_auction(rs, hand["bids"], dealer, complete=True)
    if state.high is None:
        if given_bidder is not None or bid is not None:
            raise AuctionError(
                "Everyone passed, so there is no bidder or bid to give.", "BID_MISMATCH", "bids"
            )
        return None, None
    if given_bidder not in (None, state.high_seat) or bid not in (None, state.high):
        raise AuctionError(
            f"The bidding was won by {seat_words(state.high_seat)} with "
            f"{bid_words(rs, state.high)}, not by the bidder and bid given.",
            "BID_MISMATCH",
            "bids",
        )
    return state.high_seat, state.high


def _outcome(rs, hand, bid, side, penalties):
    """Return (made, awards) from the result, or from a renege that decides the hand."""
    offender = renege_side(penalties)
    if offender is not None:
        if hand.get("result") is not None:
            read_result(rs, bid, side, hand["result"])
        return renege_award(rs, bid, side, offender)
    if "result" not in hand:
        raise BadInputError(
            "How did the hand go? Give the points the bidders took (or made or set).",
            "BAD_RESULT",
            "result",
        )
    made, points = read_result(rs, bid, side, hand["result"], docked(rs, penalties, side))
    return made, award_for(rs, bid, side, made, points)


def _finish(rs, dealer, totals, scored_hands, warnings, penalties, decided):
    outcome, bidder, bid, trump, awards = decided
    changes, shown = apply_penalties(rs, penalties, {} if warnings is None else warnings)
    awards = [a + c for a, c in zip(awards, changes, strict=True)]
    new_totals = [t + a for t, a in zip(totals, awards, strict=True)]
    side = rs.sides[bidder] if bidder is not None else None
    scored = scored_hands + (outcome != "reshuffle")
    last = (side, outcome == "made") if side is not None else None
    over, winner, reason = game_status(rs, new_totals, scored, last)
    return HandResult(
        outcome=outcome,
        dealer=dealer,
        bidder=bidder,
        bidding_side=side,
        bid=bid,
        trump=trump,
        need=need_for(rs, bid) if bid is not None else None,
        awarded=awards,
        totals=new_totals,
        game_over=over,
        winner=winner,
        next_dealer=(dealer + 1) % rs.players,
        penalties=shown,
        end_reason=reason,
    )
