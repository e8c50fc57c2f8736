"""Hand results: check the points (or nel-o tricks) entered, and decide made or set."""

from functools import lru_cache

from .errors import ResultError, check_int
from .words import bid_words, said

RESULT_KEYS = frozenset(("captured", "tricks", "by_side", "declared"))


@lru_cache(maxsize=64)
def feasible_totals(rs):
    """Every point total one side can take in a hand of `rs` (docs/rules.md 2, 17, 21).

    A side with t tricks holds the count tiles in them: none with no trick, all of them with
    every trick, and never more tiles than its tricks hold (t x players) nor fewer than the
    other tricks leave ((tricks - t) x players). The total is count + t x trick_value.
    """
    all_tiles = len(rs.count_tiles)
    sums_by_tiles = [set() for _ in range(all_tiles + 1)]  # tiles taken -> count sums
    sums_by_tiles[0].add(0)
    for tile in rs.count_tiles:
        for n in range(all_tiles, 0, -1):
            sums_by_tiles[n] |= {c + tile[2] for c in sums_by_tiles[n - 1]}
    totals = set()
    for t in range(rs.tricks + 1):
        low = max(0, all_tiles - (rs.tricks - t) * rs.players)
        high = min(all_tiles, t * rs.players)
        for n in range(low, high + 1):
            totals |= {c + t * rs.trick_value for c in sums_by_tiles[n]}
    return frozenset(totals)


def need_for(rs, bid):
    """The points the bidding side needs: the bid, or every point for all-tricks bids."""
    if bid.kind == "nello":
        return None
    return rs.points_per_hand if bid.all_tricks else bid.value


def check_points(rs, value, field):
    """Return `value` if one side can take that many points in a hand, else raise."""
    check_int(value, field, ResultError, "RESULT_NOT_INTEGER", "a whole number of points")
    if not 0 <= value <= rs.points_per_hand:
        raise ResultError(
            f"{value} points can't be taken: a hand of {rs.name} holds "
            f"{rs.points_per_hand}, so a side takes 0 to {rs.points_per_hand}.",
            "RESULT_OUT_OF_RANGE",
            field,
        )
    if rs.check_totals and value not in feasible_totals(rs):
        raise ResultError(
            f"{value} can't be taken with the tiles of {rs.name}: {_nearest_words(rs, value)}.",
            "RESULT_INFEASIBLE",
            field,
        )
    return value


def _nearest_words(rs, value):
    """The possible totals either side of an impossible one, in words."""
    possible = feasible_totals(rs)
    below = max((t for t in possible if t < value), default=None)
    above = min((t for t in possible if t > value), default=None)
    near = [str(t) for t in (below, above) if t is not None]
    steps = sorted(possible)[:4]
    start = ", ".join(str(t) for t in steps)
    return f"the counts go {start} \u2026 and the nearest possible are {' and '.join(near)}"


def check_by_side(rs, value, field, complete):
    """Check a list of every side's points; with `complete` it must add up to the hand."""
    n = rs.side_count
    if not isinstance(value, list) or len(value) != n:
        raise ResultError(
            f"Give the points of all {n} sides, one number each.", "BAD_RESULT", field
        )
    points = [check_points(rs, v, f"{field}[{i}]") for i, v in enumerate(value)]
    total = sum(points)
    if total > rs.points_per_hand or complete and total != rs.points_per_hand:
        shown = " + ".join(str(p) for p in points)
        raise ResultError(
            f"The sides' points add up to {shown} = {total}, but a hand of "
            f"{rs.name} holds {rs.points_per_hand}.",
            "RESULT_SUM",
            field,
        )
    return points


def read_result(rs, bid, side, result, docked=0):
    """Check a hand's result and return (made, points_by_side or None).

    `side` is the bidding side. Points by side are returned whenever they are known (always
    in points mode); marks mode only needs the bidding side's points. `docked` points come
    off the bidding side's count before made or set is decided (an exposed domino in marks).
    """
    if not isinstance(result, dict):
        raise ResultError(
            "The result gives the points taken (or the tricks in nel-o, or made or set).",
            "BAD_RESULT",
            "result",
        )
    unknown = sorted(str(k) for k in result if k not in RESULT_KEYS)
    if unknown:
        raise ResultError(
            "A result gives the points taken, each side's points, the tricks "
            "in nel-o and made or set, nothing else.",
            "BAD_RESULT",
            "result",
        )
    if bid.kind == "nello":
        made, points = _nello_result(rs, side, result)
    else:
        made, points = _points_result(rs, bid, side, result, docked)
    declared = result.get("declared")
    if declared is not None:
        _check_declared(rs, bid, made, declared)
    if made is None:
        made = declared == "made"
    return made, points


def _check_declared(rs, bid, made, declared):
    if declared not in ("made", "set"):
        raise ResultError(
            f"A bid is made or set, not {said(declared)}.", "BAD_RESULT", "result.declared"
        )
    if made is not None and made != (declared == "made"):
        shown = "made" if made else "set"
        raise ResultError(
            f"{bid_words(rs, bid).capitalize()} is called {declared}, but the "
            f"points taken say {shown}.",
            "OUTCOME_MISMATCH",
            "result.declared",
        )


def _points_result(rs, bid, side, result, docked):
    if "tricks" in result:
        raise ResultError(
            "Tricks are counted only for nel-o: give the points the bidders took.",
            "BAD_RESULT",
            "result.tricks",
        )
    points = _side_points(rs, side, result)
    if points is None and "captured" not in result:
        return _declared_only(rs, result)
    captured = points[side] if points else check_points(rs, result["captured"], "result.captured")
    if points is None and rs.scoring == "points":
        points = [rs.points_per_hand - captured if s != side else captured for s in range(2)]
    return captured - docked >= need_for(rs, bid), points


def needs_by_side(rs):
    """True when the awards depend on every side's points: a points game of 3+ sides.

    Moon and 140 score each side's take; in marks (3-handed 42) only made or set matters,
    so the bidder's count is enough (docs/rules.md 20-22).
    """
    return rs.side_count > 2 and rs.scoring == "points"


def _side_points(rs, side, result):
    if "by_side" not in result:
        if needs_by_side(rs):
            raise ResultError(
                f"In {rs.name} every side scores what it took: give each "
                "side's points, not only the bidder's.",
                "RESULT_NEEDS_BY_SIDE",
                "result.by_side",
            )
        return None
    points = check_by_side(rs, result["by_side"], "result.by_side", rs.scoring == "points")
    captured = result.get("captured", points[side])
    if check_points(rs, captured, "result.captured") != points[side]:
        raise ResultError(
            f"The bidders took {captured} or {points[side]}? The points taken "
            "and the bidding side's points differ.",
            "BAD_RESULT",
            "result.captured",
        )
    return points


def _declared_only(rs, result):
    if rs.scoring == "points" or result.get("declared") not in ("made", "set"):
        raise ResultError(
            "Give the points the bidders took (in a marks game, made or set is enough).",
            "BAD_RESULT",
            "result",
        )
    return None, None


def _nello_result(rs, side, result):
    if "tricks" in result:
        tricks = check_int(
            result["tricks"],
            "result.tricks",
            ResultError,
            "RESULT_NOT_INTEGER",
            "a whole number of tricks",
        )
        if not 0 <= tricks <= rs.tricks:
            raise ResultError(
                f"{tricks} tricks can't be taken: a hand of {rs.name} has {rs.tricks}.",
                "RESULT_OUT_OF_RANGE",
                "result.tricks",
            )
        return tricks == 0, None
    if "by_side" in result or "captured" in result:
        points = _side_points(rs, side, result)
        captured = (
            points[side] if points else check_points(rs, result["captured"], "result.captured")
        )
        return captured == 0, None
    if result.get("declared") in ("made", "set"):
        return None, None
    raise ResultError(
        "In nel-o, give the tricks the bidder took (none makes it).", "BAD_RESULT", "result.tricks"
    )
