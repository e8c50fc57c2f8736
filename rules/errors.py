"""RulesError and its subclasses: every rejection made by `rules` carries a stable code."""


class RulesError(Exception):
    """Base of every error `rules` raises.

    `code` is a stable string (e.g. "BID_OUT_OF_RANGE"), `message` a sentence that quotes the
    bad value and the rule, `field` the input field at fault (or None) and `hand_index` the
    index of the rejected hand in a log (set by `replay`, else None).
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
        raise error(f"{field} {value!r} is not {what}", code=code, field=field)
    return value

