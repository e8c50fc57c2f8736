"""Bids: parse a bid against a ruleset, check the trump, and name its canonical encoding."""

from dataclasses import dataclass

from .errors import BadInputError, ContractError, InvalidBidError, check_int
from .rulesets import CONTRACTS, NELLO_MODES
from .words import CONTRACT_WORDS, DOUBLES_WORDS, choices, plural, said, trump_words

MARKS_CEILING = 99  # no table bids more marks than this, whatever max_marks says
JUMP_CONTRACTS = ("plunge", "splash", "dip", "dive")
BID_KEYS = frozenset(("marks", "contract", "doubles", "doubles_held"))
TRUMP_NAMES = ("doubles", "follow_me", "sevens", "none")  # the named trumps; suits are ints
CONTRACT_NAMES = {
    "nello": "nel-o",
    "plunge": "plunge",
    "splash": "splash",
    "sevens": "sevens",
    "dip": "dip",
    "dive": "dive",
}


@dataclass(frozen=True)
class Bid:
    """A checked bid: kind "points", "marks" or a contract; `value` ranks it in an auction."""

    kind: str
    marks: int
    value: int
    doubles: str | None = None

    @property
    def all_tricks(self):
        """True when the bid is made only with every trick (mark bids and contracts)."""
        return self.kind not in ("points", "nello")

    @property
    def award_marks(self):
        """The marks the hand is worth: 1 for a point bid, else the bid's marks."""
        return self.marks or 1

    def canonical(self):
        """Return the JSON encoding: an int for point and mark bids, else an object."""
        if self.kind in ("points", "marks"):
            return self.value
        encoding = {"contract": self.kind, "marks": self.marks}
        if self.kind == "nello":
            encoding["doubles"] = self.doubles
        return encoding


def base_marks(rs, kind):
    """The marks a contract is worth when bid without a raise (1 for sevens and marks).

    Nel-o bid without its marks is the lowest level the table allows.
    """
    if kind == "nello":
        return rs.nello_levels[0]
    return getattr(rs, f"{kind}_marks", 1)


def parse_bid(rs, raw, field="bid"):
    """Check one bid (int or object) against ruleset `rs` and return a Bid.

    Raises InvalidBidError (BID_NOT_INTEGER, BID_OUT_OF_RANGE, BID_STEP,
    BID_NOT_MULTIPLE_OF_MARK, MARK_BID_TOO_HIGH) or ContractError for a disallowed contract.
    """
    if isinstance(raw, dict):
        return _parse_object(rs, raw, field)
    value = check_int(raw, field, InvalidBidError, "BID_NOT_INTEGER", "a whole-number bid")
    if value < rs.min_bid:
        raise InvalidBidError(
            f"{value} is too low: bids in {rs.name} start at {rs.min_bid}.",
            "BID_OUT_OF_RANGE",
            field,
        )
    if value >= rs.mark_value:
        if value % rs.mark_value:
            raise InvalidBidError(
                f"{value} is no bid: above the point bids, bids go by whole marks of "
                f"{rs.mark_value} ({rs.mark_value}, {2 * rs.mark_value}, "
                f"{3 * rs.mark_value} …).",
                "BID_NOT_MULTIPLE_OF_MARK",
                field,
            )
        return _mark_bid(rs, "marks", value // rs.mark_value, field)
    if (value - rs.min_bid) % rs.bid_step:
        raise InvalidBidError(
            f"{value} is no bid in {rs.name}: bids go up by "
            f"{rs.bid_step} from {rs.min_bid} ({rs.min_bid}, "
            f"{rs.min_bid + rs.bid_step}, {rs.min_bid + 2 * rs.bid_step} "
            "…).",
            "BID_STEP",
            field,
        )
    if value > rs.highest_point_bid:
        raise InvalidBidError(
            f"{value} is too high: the point bids in {rs.name} stop at "
            f"{rs.highest_point_bid}, then {rs.mark_value} is one mark.",
            "BID_OUT_OF_RANGE",
            field,
        )
    return Bid("points", 0, value)


def _mark_bid(rs, kind, marks, field, doubles=None):
    ceiling = min(rs.max_marks or MARKS_CEILING, MARKS_CEILING)
    if marks > ceiling:
        raise InvalidBidError(
            f"{plural(marks, 'mark')} is more than anyone may bid in "
            f"{rs.name}: the most is {plural(ceiling, 'mark')}.",
            "MARK_BID_TOO_HIGH",
            field,
        )
    return Bid(kind, marks, marks * rs.mark_value, doubles)


def _parse_object(rs, raw, field):
    unknown = sorted(str(k) for k in raw if k not in BID_KEYS)
    if unknown:
        extra = choices(said(k) for k in unknown)
        raise BadInputError(
            "A bid names its marks, a contract, nel-o's doubles or the "
            f"doubles held, nothing else (not {extra}).",
            field=field,
        )
    kind = raw.get("contract")
    if kind is None:
        if set(raw) != {"marks"}:
            raise BadInputError("A bid needs its marks or a contract.", field=field)
        return _mark_bid(rs, "marks", _marks(raw["marks"], field), field)
    if not isinstance(kind, str) or kind not in CONTRACTS:
        raise ContractError(
            f"{said(kind)} is not a contract: the contracts are "
            f"{choices(CONTRACT_WORDS[c] for c in CONTRACTS)}.",
            "CONTRACT_NOT_ALLOWED",
            f"{field}.contract",
        )
    if not getattr(rs, kind):
        raise ContractError(
            f"{rs.name} is played without {CONTRACT_NAMES[kind]}.",
            "CONTRACT_NOT_ALLOWED",
            f"{field}.contract",
        )
    marks = _marks(raw.get("marks", base_marks(rs, kind)), field)
    if kind == "nello":
        return _nello(rs, raw, marks, field)
    if "doubles" in raw:
        raise BadInputError(
            "Only nel-o says how the doubles play (high, low or their own "
            f"suit), not a {CONTRACT_NAMES[kind]}.",
            field=field,
        )
    if kind in JUMP_CONTRACTS:
        _check_jump(rs, kind, raw, marks, field)
    elif "doubles_held" in raw:
        raise BadInputError(
            f"The doubles held only count for a plunge, splash, dip or dive, "
            f"not for {CONTRACT_NAMES[kind]}.",
            field=field,
        )
    return _mark_bid(rs, kind, marks, field)


def _marks(value, field):
    marks = check_int(
        value, f"{field}.marks", InvalidBidError, "BID_NOT_INTEGER", "a whole number of marks"
    )
    if marks < 1:
        raise InvalidBidError(
            f"A bid of {marks} marks is no bid: the least is 1 mark.",
            "BID_OUT_OF_RANGE",
            f"{field}.marks",
        )
    return marks


def _nello(rs, raw, marks, field):
    if "doubles_held" in raw:
        raise BadInputError(
            "The doubles held only count for a plunge, splash, dip or dive, not for nel-o.",
            field=field,
        )
    if marks not in rs.nello_levels:
        allowed = " or ".join(str(k) for k in rs.nello_levels)
        raise ContractError(
            f"Nel-o is played for {allowed} mark{'s' * (allowed != '1')} at "
            f"this table, not {marks}.",
            "NELLO_MARKS",
            f"{field}.marks",
        )
    doubles = raw.get("doubles", rs.nello_doubles[0])
    if not isinstance(doubles, str) or doubles not in NELLO_MODES:
        raise ContractError(
            f"In nel-o the doubles play high, low or as their own suit, not {said(doubles)}.",
            "NELLO_DOUBLES_MODE",
            f"{field}.doubles",
        )
    if doubles not in rs.nello_doubles:
        allowed = choices(DOUBLES_WORDS[m] for m in rs.nello_doubles)
        raise ContractError(
            f"Nel-o with {DOUBLES_WORDS[doubles]} isn't played in {rs.name}: only {allowed}.",
            "NELLO_DOUBLES_MODE",
            f"{field}.doubles",
        )
    return _mark_bid(rs, "nello", marks, field, doubles)


def _check_jump(rs, kind, raw, marks, field):
    base = base_marks(rs, kind)
    if marks < base:
        raise ContractError(
            f"A {kind} is bid for at least {plural(base, 'mark')} in {rs.name}, not {marks}.",
            f"{kind.upper()}_MARKS",
            f"{field}.marks",
        )
    if "doubles_held" in raw:
        held = check_int(raw["doubles_held"], f"{field}.doubles_held")
        need = getattr(rs, f"{kind}_doubles")
        if held < need:
            raise ContractError(
                f"A {kind} needs {need} doubles in hand; with {held} it can't be called.",
                "NOT_ENOUGH_DOUBLES",
                f"{field}.doubles_held",
            )


def check_trump(rs, trump, bid, field="trump"):
    """Check the trump named for `bid` (None = not recorded); return it unchanged.

    Raises ContractError TRUMP_NOT_ALLOWED when the ruleset or the bid rules it out
    (docs/rules.md 12, 13, 16).
    """
    if trump is None:
        return None
    if bid.kind == "nello":
        if trump not in ("none", "follow_me"):
            _no_trump(trump, "nel-o is played without trump", field)
        return trump
    if bid.kind == "sevens" and trump != "sevens":
        _no_trump(trump, "a sevens bid plays sevens", field)
    if isinstance(trump, int) and not isinstance(trump, bool):
        if not 0 <= trump <= rs.top_suit:
            _no_trump(trump, f"the suits run from blanks to {rs.top_suit}s", field)
    elif trump == "doubles":
        if not rs.doubles_trump:
            _no_trump(trump, f"{rs.name} is played without doubles as trump", field)
    elif trump in ("follow_me", "none"):
        if not rs.follow_me:
            _no_trump(trump, f"{rs.name} is played without follow-me", field)
    elif trump == "sevens":
        _check_sevens(rs, bid, field)
    else:
        _no_trump(trump, "trump is a suit, doubles, follow-me, sevens or no trump", field)
    return trump


def _check_sevens(rs, bid, field):
    if not rs.sevens:
        _no_trump("sevens", f"{rs.name} is played without sevens", field)
    if bid.marks < 1:
        _no_trump("sevens", "sevens needs a bid of at least 1 mark", field)


def _no_trump(trump, why, field):
    raise ContractError(
        f"{trump_words(trump).capitalize()} can't be trump here: {why}.", "TRUMP_NOT_ALLOWED", field
    )
