"""Rulesets as data: the Ruleset knobs, their checks, and from_dict/to_dict.

Knobs beyond the original table in docs/rules.md (all have 42 defaults, so older dicts load):
`max_point_bid` (highest point bid, null = just below one mark; Moon: 7), `top_suit` (highest
suit a trump may name: 6, 7 in Geezer, 8 in the Big Game, 9 in 140), `check_totals` (reject
point totals the tiles cannot make; off in 72), `shoot_over` (Moon: a mark bid over the
opening limit is "shoot it over", SHOOT_OVER_WITHOUT_MOON), and Geezer's `dip`/`dive`
contracts with their marks and doubles (`dip_marks`, `dip_doubles`, `dive_marks`,
`dive_doubles`), `nello_levels` (the mark levels nel-o may be bid at, default [1]; replaces
`nello_marks`, which older dicts may still give), and `both_past_target` (more than one
side reaches the target in one hand: "bidder_out", the bidding side that made its bid goes
out, or "higher_total", the higher total wins; docs/rules.md 33).

Readings: `max_hands` counts made-or-set hands (not reshuffles) and is read in marks scoring
only; `target` is reached at `>=`. Numeric knobs are bounded (players <= 16, tricks <= 50,
at most 40 count tiles worth <= 50 each, points and bids <= 10,000, marks <= 99) so that
the tile check and the bid ladder stay small.
"""

from dataclasses import asdict, dataclass, fields, replace

from .errors import RulesetError
from .words import KNOB_WORDS, OPTION_WORDS, choices, said

COUNT_42 = ((5, 5, 10), (6, 4, 10), (5, 0, 5), (4, 1, 5), (3, 2, 5))
NELLO_MODES = ("high", "low", "own_suit")
CONTRACTS = ("nello", "plunge", "splash", "sevens", "dip", "dive")
MAX_INT = 10**6  # a sanity ceiling on every numeric knob
MAX_POINTS = 10_000  # points a hand, bids: keeps the ladder and the tile check small
MAX_COUNT_TILES, MAX_TILE_VALUE = 40, 50


@dataclass(frozen=True)
class Ruleset:
    """Every knob the scoring reads; presets live in `rules.presets`."""

    id: str = "custom"
    name: str = "Custom"
    description: str = ""
    players: int = 4
    sides: tuple = (0, 1, 0, 1)
    tricks: int = 7
    trick_value: int = 1
    count_tiles: tuple = COUNT_42
    points_per_hand: int = 42
    min_bid: int = 30
    bid_step: int = 1
    mark_value: int = 42
    max_point_bid: int | None = None
    scoring: str = "marks"
    target: int = 7
    max_hands: int | None = 13
    all_pass: str = "forced"
    opening_limit_marks: int = 2
    mark_escalation: str = "plus_one"
    max_marks: int | None = None
    set_rule: str = "opponents_score"
    bid_rounds: str = "once"
    nello: bool = False
    nello_levels: tuple = (1,)
    nello_doubles: tuple = NELLO_MODES
    nello_dealer_only: bool = False
    plunge: bool = False
    plunge_marks: int = 4
    plunge_doubles: int = 4
    splash: bool = False
    splash_marks: int = 3
    splash_doubles: int = 3
    dip: bool = False
    dip_marks: int = 2
    dip_doubles: int = 3
    dive: bool = False
    dive_marks: int = 3
    dive_doubles: int = 4
    sevens: bool = False
    follow_me: bool = True
    doubles_trump: bool = True
    top_suit: int = 6
    check_totals: bool = True
    shoot_over: bool = False
    table_talk_warning_first: bool = False
    both_past_target: str = "bidder_out"

    @property
    def side_count(self):
        """Number of sides (teams, or seats in games without partners)."""
        return len(set(self.sides))

    @property
    def highest_point_bid(self):
        """The highest point bid: max_point_bid, else the last step below one mark."""
        if self.max_point_bid is not None:
            return self.max_point_bid
        steps = (self.mark_value - 1 - self.min_bid) // self.bid_step
        return self.min_bid + steps * self.bid_step

    def to_dict(self):
        """Return every knob as a JSON-able dict (tuples become lists)."""
        data = asdict(self)
        data["sides"] = list(self.sides)
        data["count_tiles"] = [list(t) for t in self.count_tiles]
        data["nello_doubles"] = list(self.nello_doubles)
        data["nello_levels"] = list(self.nello_levels)
        return data

    @classmethod
    def from_dict(cls, data):
        """Build a Ruleset from a dict of knobs (missing knobs take the 42 defaults).

        Raises RulesetError BAD_OVERRIDE naming the knob when a value is wrong.
        """
        if not isinstance(data, dict):
            raise RulesetError("A ruleset must list its settings.", field="rules")
        return with_overrides(cls(), data)


def _bad(knob, value, why):
    """BAD_OVERRIDE naming the setting in words; the knob id stays in `field`."""
    words = KNOB_WORDS.get(knob, "that setting")
    return RulesetError(f"{words[0].upper()}{words[1:]} {why}.", "BAD_OVERRIDE", f"rules.{knob}")


def _int(knob, value, low, allow_none=False, high=MAX_INT):
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(knob, value, f"must be a whole number, not {said(value)}")
    if not low <= value <= high:
        top = "up" if high == MAX_INT else f"to {high:,}"
        raise _bad(knob, value, f"must be a whole number from {low} {top}, not {value}")
    return value


def _ranged(low, high=MAX_INT, allow_none=False):
    return lambda knob, value: _int(knob, value, low, allow_none, high)


def _bool(knob, value):
    if not isinstance(value, bool):
        raise _bad(knob, value, f"is on or off (true or false), not {said(value)}")
    return value


def _str(knob, value):
    if not isinstance(value, str) or len(value) > 2000:
        raise _bad(knob, value, "must be text of at most 2,000 characters")
    return value


def _choice(options):
    def check(knob, value):
        """Raise BAD_OVERRIDE unless `value` is one of the options."""
        if not isinstance(value, str) or value not in options:
            shown = choices(OPTION_WORDS.get(o, o) for o in options)
            raise _bad(knob, value, f"must be {shown}, not {said(value)}")
        return value

    return check


def _sides(knob, value):
    if not isinstance(value, list | tuple) or not 2 <= len(value) <= 16:
        raise _bad(knob, value, "must give each of 2 to 16 seats its side")
    sides = tuple(_int(knob, s, 0) for s in value)
    if set(sides) != set(range(len(set(sides)))) or len(set(sides)) < 2:
        raise _bad(
            knob, value, "must seat at least two sides, numbered from the first with none skipped"
        )
    return sides


def _count_tiles(knob, value):
    if not isinstance(value, list | tuple) or len(value) > MAX_COUNT_TILES:
        raise _bad(knob, value, "must list each count domino with its two ends and its value")
    tiles = []
    for tile in value:
        if not isinstance(tile, list | tuple) or len(tile) != 3:
            raise _bad(knob, value, "must list each count domino with its two ends and its value")
        tiles.append(tuple(_int(knob, x, 0, high=MAX_TILE_VALUE) for x in tile))
    return tuple(tiles)


def _nello_levels(knob, value):
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= 99:
        raise _bad(knob, value, "must list at least one number of marks")
    levels = tuple(sorted(_int(knob, v, 1, high=99) for v in value))
    if len(set(levels)) != len(levels):
        raise _bad(knob, value, "lists the same number of marks twice")
    return levels


def _nello_modes(knob, value):
    if not isinstance(value, list | tuple) or not value:
        raise _bad(knob, value, "must list at least one of high, low or their own suit")
    modes = tuple(_choice(NELLO_MODES)(knob, v) for v in value)
    if len(set(modes)) != len(modes):
        raise _bad(knob, value, "lists the same way twice")
    return modes


KNOB_CHECKS = {
    "id": _str,
    "name": _str,
    "description": _str,
    "players": _ranged(2, 16),
    "sides": _sides,
    "tricks": _ranged(1, 50),
    "trick_value": _ranged(0, 100),
    "count_tiles": _count_tiles,
    "points_per_hand": _ranged(1, MAX_POINTS),
    "min_bid": _ranged(1, MAX_POINTS),
    "bid_step": _ranged(1, MAX_POINTS),
    "mark_value": _ranged(1, MAX_POINTS),
    "max_point_bid": _ranged(1, MAX_POINTS, allow_none=True),
    "scoring": _choice(("marks", "points")),
    "target": _ranged(1),
    "max_hands": _ranged(1, allow_none=True),
    "all_pass": _choice(("forced", "reshuffle")),
    "opening_limit_marks": _ranged(1, 99),
    "mark_escalation": _choice(("plus_one", "double")),
    "max_marks": _ranged(1, 99, allow_none=True),
    "set_rule": _choice(("opponents_score", "bidder_loses_bid")),
    "bid_rounds": _choice(("once", "until_pass")),
    "nello_doubles": _nello_modes,
    "top_suit": _ranged(0, 20),
    "both_past_target": _choice(("bidder_out", "higher_total")),
}
for _knob in (
    "nello",
    "nello_dealer_only",
    "plunge",
    "splash",
    "dip",
    "dive",
    "sevens",
    "follow_me",
    "doubles_trump",
    "check_totals",
    "shoot_over",
    "table_talk_warning_first",
):
    KNOB_CHECKS[_knob] = _bool
for _knob in (
    "plunge_marks",
    "plunge_doubles",
    "splash_marks",
    "splash_doubles",
    "dip_marks",
    "dip_doubles",
    "dive_marks",
    "dive_doubles",
):
    KNOB_CHECKS[_knob] = _ranged(1, 99)
KNOB_CHECKS["nello_levels"] = _nello_levels
KNOB_NAMES = tuple(f.name for f in fields(Ruleset))
assert set(KNOB_CHECKS) == set(KNOB_NAMES)
# Knobs replaced by another, still read from older dicts: old name -> (new name, convert).
OLD_KNOBS = {"nello_marks": ("nello_levels", lambda marks: [marks])}


def with_overrides(ruleset, overrides):
    """Return `ruleset` with `overrides` (a dict of knob -> value) applied and checked.

    Raises RulesetError BAD_OVERRIDE for an unknown knob, a bad value, or knobs that do
    not fit together.
    """
    if overrides is None:
        return ruleset
    if not isinstance(overrides, dict):
        raise RulesetError("The rule changes must list each setting with its value.", field="rules")
    changes = {}
    for knob, value in _renamed(overrides).items():
        if not isinstance(knob, str) or knob not in KNOB_CHECKS:
            raise RulesetError(
                f"There is no rule setting called {said(str(knob))}.",
                "BAD_OVERRIDE",
                f"rules.{knob}",
            )
        changes[knob] = KNOB_CHECKS[knob](knob, value)
    changes = {**mode_defaults(ruleset, changes), **changes}
    result = replace(ruleset, **changes)
    check_consistent(result)
    return result


def points_target(points_per_hand):
    """The usual points target for a hand of `points_per_hand`: 250 in 42, 500 in Texas 88.

    250 scaled by the hand's size, to the nearest 50 (84: 500, 72: 400, Geezer: 300).
    """
    return max(50, (5 * points_per_hand + 21) // 42 * 50)  # halves round up, as in JS


def mode_defaults(ruleset, changes):
    """The knobs that follow `scoring` when `changes` switch it (docs/rules.md 9, 10, 32).

    Marks: a target of 7 and the 13-hand limit; points: the usual points target (250 in 42)
    and no hand limit. Knobs named in `changes` keep their own values.
    """
    scoring = changes.get("scoring", ruleset.scoring)
    if scoring == ruleset.scoring:
        return {}
    if scoring == "marks":
        return {"target": 7, "max_hands": 13}
    size = changes.get("points_per_hand", ruleset.points_per_hand)
    return {"target": points_target(size), "max_hands": None}


def _renamed(overrides):
    """`overrides` with replaced knobs under their new names (an old dict still loads).

    `nello_marks: k` becomes `nello_levels: [k]`, unless `nello_levels` is given too.
    """
    renamed = dict(overrides)
    for old, (new, convert) in OLD_KNOBS.items():
        if old in renamed:
            value = renamed.pop(old)
            if new not in renamed:
                renamed[new] = convert(_int(old, value, 1, high=99))
    return renamed


def check_consistent(rs):
    """Raise BAD_OVERRIDE when the knobs of `rs` contradict each other."""
    if len(rs.sides) != rs.players:
        raise _bad(
            "sides", list(rs.sides), f"must give a side for each of the {rs.players} players"
        )
    if rs.min_bid > rs.mark_value:
        raise _bad(
            "min_bid", rs.min_bid, f"({rs.min_bid}) is above the one-mark bid ({rs.mark_value})"
        )
    if rs.max_point_bid is not None and not rs.min_bid <= rs.max_point_bid < rs.mark_value:
        raise _bad(
            "max_point_bid",
            rs.max_point_bid,
            f"must lie from the lowest bid ({rs.min_bid}) to just below the one-mark bid "
            f"({rs.mark_value - 1})",
        )
    if rs.highest_point_bid > rs.points_per_hand:
        raise _bad(
            "min_bid",
            rs.min_bid,
            f"and its steps allow point bids of "
            f"{rs.highest_point_bid}, above the {rs.points_per_hand} points a hand holds",
        )
    total = sum(t[2] for t in rs.count_tiles) + rs.tricks * rs.trick_value
    if rs.check_totals and total != rs.points_per_hand:
        raise _bad(
            "points_per_hand",
            rs.points_per_hand,
            f"({rs.points_per_hand}) differs from the count plus the tricks ({total}); "
            "turn off checking points against the tiles to allow it",
        )
    if rs.scoring == "points" and rs.target <= rs.points_per_hand:
        raise _bad(
            "target",
            rs.target,
            f"of {rs.target} would end a points game after one hand, which holds "
            f"{rs.points_per_hand} points: play to {points_target(rs.points_per_hand)}, say",
        )
    if rs.max_marks is not None and rs.max_marks < rs.opening_limit_marks:
        raise _bad(
            "max_marks",
            rs.max_marks,
            f"({rs.max_marks}) is below the marks an "
            f"opening bid may have ({rs.opening_limit_marks})",
        )
