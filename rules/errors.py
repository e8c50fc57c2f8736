"""RulesError and its subclasses: every rejection made by `rules` carries a stable code.

CODES lists every code with its meaning for developers (docs/rules.md); the messages
themselves are in players' words. Codes never change once published.
"""

CODES = {
    "RESULT_OUT_OF_RANGE": "points or tricks outside 0..points_per_hand (or 0..tricks)",
    "RESULT_NOT_INTEGER": "points or tricks that are not whole numbers",
    "RESULT_INFEASIBLE": "a point total the tiles cannot make (1, 3, 5 ... in Texas 88)",
    "RESULT_SUM": "every side's points do not add up to the hand",
    "RESULT_NEEDS_BY_SIDE": "a game of more than two sides needs every side's points",
    "BAD_RESULT": "a result of the wrong shape, or missing",
    "OUTCOME_MISMATCH": "a declared made/set that contradicts the points",
    "BID_OUT_OF_RANGE": "a bid below the minimum or above the highest point bid",
    "BID_STEP": "a point bid off the bid step (61 in Texas 88)",
    "BID_NOT_MULTIPLE_OF_MARK": "a bid above the point bids that is not a whole mark (43)",
    "BID_NOT_INTEGER": "a bid that is not a whole number or a bid object",
    "BID_NOT_HIGHER": "a bid not higher than the current high bid",
    "MARK_BID_TOO_HIGH": "more marks than the opening limit, the raise or max_marks allow",
    "DEALER_MUST_BID": "the forced dealer passed after everyone else passed",
    "BID_COUNT": "an auction with too few or too many entries",
    "BID_MISMATCH": "the bidder or bid given differ from the auction's winner",
    "SHOOT_OVER_WITHOUT_MOON": "Moon: 42 (shoot it over) bid without a 21 before it",
    "NELLO_DEALER_ONLY": "nel-o called by anyone but the forced dealer",
    "CONTRACT_NOT_ALLOWED": "a contract the ruleset does not allow or know",
    "PLUNGE_MARKS": "a plunge for fewer marks than plunge_marks",
    "SPLASH_MARKS": "a splash for fewer marks than splash_marks",
    "NOT_ENOUGH_DOUBLES": "a plunge, splash, dip or dive with too few doubles_held",
    "NELLO_DOUBLES_MODE": "a nel-o doubles mode that is unknown or not allowed",
    "TRUMP_NOT_ALLOWED": "a trump the ruleset or the bid rules out",
    "GAME_OVER": "a hand after the game is over",
    "DEALER_OUT_OF_TURN": "a hand whose dealer is not the expected one",
    "SEAT_OUT_OF_RANGE": "a seat number outside 0..players-1",
    "NO_BID": "a hand with neither an auction nor a bidder and bid",
    "BAD_INPUT": "an input of the wrong shape or type",
    "UNKNOWN_RULESET": "a preset id that does not exist",
    "BAD_OVERRIDE": "a ruleset knob that is unknown, of the wrong type, or inconsistent",
    "NELLO_MARKS": "a nel-o bid at a mark level the ruleset does not allow (nello_levels)",
    "DIP_MARKS": "Geezer: a dip for fewer marks than dip_marks",
    "DIVE_MARKS": "Geezer: a dive for fewer marks than dive_marks",
    "BAD_PENALTY": "a penalty of unknown kind, a bad side, or a second renege",
}


class RulesError(Exception):
    """Base of every error `rules` raises.

    `code` is a stable string (e.g. "BID_OUT_OF_RANGE"), `message` a sentence for the table
    that names the value and the rule in words, `field` the input field at fault (or None,
    for developers) and `hand_index` the index of the rejected hand in a log (set by
    `replay`, else None).
    """

    default_code = "BAD_INPUT"

    def __init__(self, message, code=None, field=None, hand_index=None):
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message
        self.field = field
        self.hand_index = hand_index

    def __str__(self):
        return f"{self.code}: {self.message}"

    def __repr__(self):
        return f"{type(self).__name__}({self.message!r}, code={self.code!r}, field={self.field!r})"

    def to_dict(self):
        """Return the error as a JSON-able dict (code, message, field, hand_index)."""
        return {
            "code": self.code,
            "message": self.message,
            "field": self.field,
            "hand_index": self.hand_index,
        }


class BadInputError(RulesError):
    """The input has the wrong shape or type (BAD_INPUT)."""

    default_code = "BAD_INPUT"


class RulesetError(RulesError):
    """An unknown preset or a bad ruleset override (UNKNOWN_RULESET, BAD_OVERRIDE)."""

    default_code = "BAD_OVERRIDE"


class InvalidBidError(RulesError):
    """A bid the ruleset does not allow (BID_OUT_OF_RANGE, BID_STEP, BID_NOT_INTEGER ...)."""

    default_code = "BID_OUT_OF_RANGE"


class AuctionError(RulesError):
    """A bid the recorded auction does not allow (BID_NOT_HIGHER, DEALER_MUST_BID ...)."""

    default_code = "BID_NOT_HIGHER"


class ContractError(RulesError):
    """A contract or trump the ruleset does not allow (CONTRACT_NOT_ALLOWED ...)."""

    default_code = "CONTRACT_NOT_ALLOWED"


class ResultError(RulesError):
    """A hand result that cannot happen (RESULT_OUT_OF_RANGE, OUTCOME_MISMATCH ...)."""

    default_code = "BAD_RESULT"


class GameFlowError(RulesError):
    """A hand that does not fit the game (GAME_OVER, DEALER_OUT_OF_TURN, NO_BID ...)."""

    default_code = "BAD_INPUT"


class PenaltyError(RulesError):
    """A penalty entry the rules do not know (BAD_PENALTY)."""

    default_code = "BAD_PENALTY"


def check_int(value, field, error=BadInputError, code=None, what="a whole number"):
    """Return `value` if it is a plain int (never a bool), else raise `error`."""
    if isinstance(value, bool) or not isinstance(value, int):
        from .words import field_words, said

        raise error(
            f"{field_words(field)} must be {what}, not {said(value)}.", code=code, field=field
        )
    return value
