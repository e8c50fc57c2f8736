"""Hand results: check the points (or nel-o tricks) entered, and decide made or set."""

from functools import lru_cache

from .errors import ResultError, check_int

RESULT_KEYS = frozenset(("captured", "tricks", "by_side", "declared"))


@lru_cache(maxsize=64)
def feasible_totals(rs):
    """Every point total one side can take in a hand of `rs` (RULES.md 2, 17, 21).

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
        raise ResultError(f"{field} {value} is outside 0..{rs.points_per_hand} (RULES.md 2)",
                          "RESULT_OUT_OF_RANGE", field)
    if rs.check_totals and value not in feasible_totals(rs):
        raise ResultError(f"{field} {value} cannot be taken with the tiles of {rs.name} "
                          "(RULES.md 2, 17)", "RESULT_INFEASIBLE", field)
    return value


def check_by_side(rs, value, field, complete):
    """Check a list of every side's points; with `complete` it must add up to the hand."""
    n = rs.side_count
    if not isinstance(value, list) or len(value) != n:
        raise ResultError(f"{field} {value!r} is not a list of {n} side totals",
                          "BAD_RESULT", field)
    points = [check_points(rs, v, f"{field}[{i}]") for i, v in enumerate(value)]
    total = sum(points)
    if total > rs.points_per_hand or complete and total != rs.points_per_hand:
        raise ResultError(f"{field} {points!r} adds up to {total}, not "
                          f"{rs.points_per_hand} (RULES.md 2, 10, 21)", "RESULT_SUM", field)
    return points


def read_result(rs, bid, side, result, docked=0):
    """Check a hand's result and return (made, points_by_side or None).

    `side` is the bidding side. Points by side are returned whenever they are known (always
    in points mode); marks mode only needs the bidding side's points. `docked` points come
    off the bidding side's count before made or set is decided (an exposed domino in marks).
    """
    if not isinstance(result, dict):
        raise ResultError(f"result {result!r} is not an object", "BAD_RESULT", "result")
    unknown = sorted(str(k) for k in result if k not in RESULT_KEYS)
    if unknown:
        raise ResultError(f"result has unknown keys {unknown!r}", "BAD_RESULT", "result")
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
        raise ResultError(f"result.declared {declared!r} is not 'made' or 'set'",
                          "BAD_RESULT", "result.declared")
    if made is not None and made != (declared == "made"):
        shown = "made" if made else "set"
        raise ResultError(f"bid {bid.canonical()!r} declared {declared!r} but the points say "
                          f"{shown!r} (RULES.md 8)", "OUTCOME_MISMATCH", "result.declared")


def _points_result(rs, bid, side, result, docked):
    if "tricks" in result:
        raise ResultError("result.tricks is only for nel-o; give captured points",
                          "BAD_RESULT", "result.tricks")
    points = _side_points(rs, side, result)
    if points is None and "captured" not in result:
        return _declared_only(rs, result)
    captured = points[side] if points else check_points(rs, result["captured"],
                                                        "result.captured")
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
            raise ResultError(f"In {rs.name} every side scores what it took: give each "
                              "side's points, not only the bidder's.",
                              "RESULT_NEEDS_BY_SIDE", "result.by_side")
        return None
    points = check_by_side(rs, result["by_side"], "result.by_side", rs.scoring == "points")
    captured = result.get("captured", points[side])
    if check_points(rs, captured, "result.captured") != points[side]:
        raise ResultError(f"result.captured {captured!r} differs from "
                          f"result.by_side[{side}] {points[side]}", "BAD_RESULT",
                          "result.captured")
    return points


def _declared_only(rs, result):
    if rs.scoring == "points" or result.get("declared") not in ("made", "set"):
        raise ResultError("result needs the captured points (or, in marks, a declared "
                          "'made' or 'set') (RULES.md 8)", "BAD_RESULT", "result")
    return None, None


def _nello_result(rs, side, result):
    if "tricks" in result:
        tricks = check_int(result["tricks"], "result.tricks", ResultError,
                           "RESULT_NOT_INTEGER", "a whole number of tricks")
        if not 0 <= tricks <= rs.tricks:
            raise ResultError(f"result.tricks {tricks} is outside 0..{rs.tricks} "
                              "(RULES.md 13)", "RESULT_OUT_OF_RANGE", "result.tricks")
        return tricks == 0, None
    if "by_side" in result or "captured" in result:
        points = _side_points(rs, side, result)
        captured = points[side] if points else check_points(rs, result["captured"],
                                                            "result.captured")
        return captured == 0, None
    if result.get("declared") in ("made", "set"):
        return None, None
    raise ResultError("a nel-o result needs the bidder's tricks: result.tricks (RULES.md 13)",
                      "BAD_RESULT", "result.tricks")
