"""Bids: parse a bid against a ruleset, check the trump, and name its canonical encoding."""

from dataclasses import dataclass

from .errors import BadInputError, ContractError, InvalidBidError, check_int
from .rulesets import CONTRACTS, NELLO_MODES

MARKS_CEILING = 99  # no table bids more marks than this, whatever max_marks says
JUMP_CONTRACTS = ("plunge", "splash", "dip", "dive")
BID_KEYS = frozenset(("marks", "contract", "doubles", "doubles_held"))
TRUMP_NAMES = ("doubles", "follow_me", "sevens", "none")  # the named trumps; suits are ints
CONTRACT_NAMES = {"nello": "nel-o", "plunge": "plunge", "splash": "splash",
                  "sevens": "sevens", "dip": "dip", "dive": "dive"}


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
    """The marks a contract is worth when bid without a raise (1 for sevens and marks)."""
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
        raise InvalidBidError(f"bid {value} is below the minimum bid of {rs.min_bid} "
                              "(RULES.md 5)", "BID_OUT_OF_RANGE", field)
    if value >= rs.mark_value:
        if value % rs.mark_value:
            raise InvalidBidError(
                f"bid {value} is not a multiple of the one-mark bid {rs.mark_value} "
                "(RULES.md 5)", "BID_NOT_MULTIPLE_OF_MARK", field)
        return _mark_bid(rs, "marks", value // rs.mark_value, field)
    if (value - rs.min_bid) % rs.bid_step:
        raise InvalidBidError(f"bid {value} is not in steps of {rs.bid_step} from "
                              f"{rs.min_bid} (RULES.md 5, 17)", "BID_STEP", field)
    if value > rs.highest_point_bid:
        raise InvalidBidError(f"bid {value} is above the highest point bid "
                              f"{rs.highest_point_bid} (RULES.md 5, 20)", "BID_OUT_OF_RANGE",
                              field)
    return Bid("points", 0, value)


def _mark_bid(rs, kind, marks, field, doubles=None):
    ceiling = min(rs.max_marks or MARKS_CEILING, MARKS_CEILING)
    if marks > ceiling:
        raise InvalidBidError(f"a bid of {marks} marks is above the most allowed, {ceiling} "
                              "(RULES.md 6)", "MARK_BID_TOO_HIGH", field)
    return Bid(kind, marks, marks * rs.mark_value, doubles)


def _parse_object(rs, raw, field):
    unknown = sorted(str(k) for k in raw if k not in BID_KEYS)
    if unknown:
        raise BadInputError(f"{field} has unknown keys {unknown!r}", field=field)
    kind = raw.get("contract")
    if kind is None:
        if set(raw) != {"marks"}:
            raise BadInputError(f"{field} {raw!r} needs 'marks' or a 'contract'", field=field)
        return _mark_bid(rs, "marks", _marks(raw["marks"], field), field)
    if not isinstance(kind, str) or kind not in CONTRACTS:
        raise ContractError(f"contract {kind!r} is not one of {', '.join(CONTRACTS)}",
                            "CONTRACT_NOT_ALLOWED", f"{field}.contract")
    if not getattr(rs, kind):
        raise ContractError(f"{CONTRACT_NAMES[kind]} is not allowed in {rs.name} "
                            "(RULES.md 13-16)", "CONTRACT_NOT_ALLOWED", f"{field}.contract")
    marks = _marks(raw.get("marks", base_marks(rs, kind)), field)
    if kind == "nello":
        return _nello(rs, raw, marks, field)
    if "doubles" in raw:
        raise BadInputError(f"{field}: only nel-o takes a doubles mode", field=field)
    if kind in JUMP_CONTRACTS:
        _check_jump(rs, kind, raw, marks, field)
    elif "doubles_held" in raw:
        raise BadInputError(f"{field}: {kind} does not take doubles_held", field=field)
    return _mark_bid(rs, kind, marks, field)


def _marks(value, field):
    marks = check_int(value, f"{field}.marks", InvalidBidError, "BID_NOT_INTEGER",
                      "a whole number of marks")
    if marks < 1:
        raise InvalidBidError(f"a bid of {marks} marks is below 1 mark (RULES.md 5)",
                              "BID_OUT_OF_RANGE", f"{field}.marks")
    return marks


def _nello(rs, raw, marks, field):
    if "doubles_held" in raw:
        raise BadInputError(f"{field}: nel-o does not take doubles_held", field=field)
    if marks != rs.nello_marks:
        raise ContractError(f"nel-o is worth {rs.nello_marks} mark(s), not {marks} "
                            "(RULES.md 13)", "NELLO_MARKS", f"{field}.marks")
    doubles = raw.get("doubles", rs.nello_doubles[0])
    if not isinstance(doubles, str) or doubles not in NELLO_MODES:
        raise ContractError(f"nel-o doubles mode {doubles!r} is not one of "
                            f"{', '.join(NELLO_MODES)} (RULES.md 13)", "NELLO_DOUBLES_MODE",
                            f"{field}.doubles")
    if doubles not in rs.nello_doubles:
        raise ContractError(f"nel-o with doubles {doubles!r} is not allowed in {rs.name} "
                            "(RULES.md 13)", "NELLO_DOUBLES_MODE", f"{field}.doubles")
    return _mark_bid(rs, "nello", marks, field, doubles)


def _check_jump(rs, kind, raw, marks, field):
    base = base_marks(rs, kind)
    if marks < base:
        raise ContractError(f"a {kind} is at least {base} marks, not {marks} "
                            "(RULES.md 14, 15, 24)", f"{kind.upper()}_MARKS", f"{field}.marks")
    if "doubles_held" in raw:
        held = check_int(raw["doubles_held"], f"{field}.doubles_held")
        need = getattr(rs, f"{kind}_doubles")
        if held < need:
            raise ContractError(f"a {kind} needs {need} doubles, not {held} "
                                "(RULES.md 14, 15, 24)", "NOT_ENOUGH_DOUBLES",
                                f"{field}.doubles_held")


def check_trump(rs, trump, bid, field="trump"):
    """Check the trump named for `bid` (None = not recorded); return it unchanged.

    Raises ContractError TRUMP_NOT_ALLOWED when the ruleset or the bid rules it out
    (RULES.md 12, 13, 16).
    """
    if trump is None:
        return None
    if bid.kind == "nello":
        if trump not in ("none", "follow_me"):
            _no_trump(trump, "nel-o is played without trump (RULES.md 13)", field)
        return trump
    if bid.kind == "sevens" and trump != "sevens":
        _no_trump(trump, "a sevens bid has sevens as trump (RULES.md 16)", field)
    if isinstance(trump, int) and not isinstance(trump, bool):
        if not 0 <= trump <= rs.top_suit:
            _no_trump(trump, f"suits run 0..{rs.top_suit} (RULES.md 12)", field)
    elif trump == "doubles":
        if not rs.doubles_trump:
            _no_trump(trump, f"doubles are not trump in {rs.name} (RULES.md 12)", field)
    elif trump in ("follow_me", "none"):
        if not rs.follow_me:
            _no_trump(trump, f"follow-me is not allowed in {rs.name} (RULES.md 12)", field)
    elif trump == "sevens":
        _check_sevens(rs, bid, field)
    else:
        _no_trump(trump, "it is not a suit 0..6, doubles, follow_me, sevens or none", field)
    return trump


def _check_sevens(rs, bid, field):
    if not rs.sevens:
        _no_trump("sevens", f"sevens is not allowed in {rs.name} (RULES.md 16)", field)
    if bid.marks < 1:
        _no_trump("sevens", "sevens needs a bid of at least 1 mark (RULES.md 16)", field)


def _no_trump(trump, why, field):
    raise ContractError(f"trump {trump!r} is not allowed: {why}", "TRUMP_NOT_ALLOWED", field)
