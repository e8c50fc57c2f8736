"""The count helper's arithmetic: the points one side took, from its tricks and the count
dominoes in them (docs/rules.md 2, 17, 18, 21), checked as the result check reads a total.

A side's points are its tricks times the ruleset's trick value plus the pips of the count
dominoes it took: 4 tricks with the 5-5, 6-4 and 3-2 in straight 42 are 4 + 25 = 29. Texas 88
and 84 play two sets (each count domino twice) and a trick is 2; Moon has no count. Nel-o is
decided by tricks alone and needs no count.
"""

from .errors import BadInputError, ResultError, check_int

NUMBERS = {1: "one", 2: "two"}


def _tile_name(ends):
    """A domino in words: "5-5"."""
    return f"{ends[0]}-{ends[1]}"


def _read_tile(tile, field):
    """A domino given as its two ends [high, low] (either order), as (high, low)."""
    if not isinstance(tile, list | tuple) or len(tile) != 2:
        raise BadInputError("A count domino is given by its two ends, like 5-5.", field=field)
    ends = [check_int(end, field) for end in tile]
    return max(ends), min(ends)


def _take(rs, tiles):
    """The values of `tiles` from the ruleset's count dominoes, each used once at most."""
    left = [((max(a, b), min(a, b)), value) for a, b, value in rs.count_tiles]
    values = []
    for i, tile in enumerate(tiles):
        ends = _read_tile(tile, f"tiles[{i}]")
        found = next((k for k, (have, _) in enumerate(left) if have == ends), None)
        if found is None:
            held = sum(1 for a, b, _ in rs.count_tiles if (max(a, b), min(a, b)) == ends)
            why = (
                f"{rs.name} has only {NUMBERS.get(held, held)} {_tile_name(ends)}"
                if held
                else f"the {_tile_name(ends)} is not a count domino in {rs.name}"
            )
            raise ResultError(f"{why[0].upper()}{why[1:]}.", "RESULT_INFEASIBLE", f"tiles[{i}]")
        values.append(left.pop(found)[1])
    return values


def _check_held(rs, tricks, taken):
    """Refuse count that `tricks` tricks cannot hold, or that the other tricks cannot."""
    if tricks == 0 and taken:
        raise ResultError("A side with no trick has no count.", "RESULT_INFEASIBLE", "tiles")
    if taken > tricks * rs.players:
        raise ResultError(
            f"{tricks} trick{'s' if tricks != 1 else ''} hold only {tricks * rs.players} "
            f"dominoes, not {taken} count dominoes.",
            "RESULT_INFEASIBLE",
            "tiles",
        )
    other = (rs.tricks - tricks) * rs.players
    if len(rs.count_tiles) - taken > other:
        least = len(rs.count_tiles) - other
        why = (
            "With every trick the side took all the count."
            if not other
            else f"With {tricks} of the {rs.tricks} tricks the side has at least {least} of "
            "the count dominoes."
        )
        raise ResultError(why, "RESULT_INFEASIBLE", "tiles")


def count_points(rs, tricks, tiles=()):
    """The points a side took with `tricks` tricks holding the count dominoes `tiles` (each
    its two ends, either order: [[5, 5], [6, 4]]): tricks x trick_value + the tiles' pips.

    Raises RESULT_NOT_INTEGER or RESULT_OUT_OF_RANGE for tricks outside 0..rs.tricks,
    BAD_INPUT for a domino not given as two ends, and RESULT_INFEASIBLE for a domino that is
    not count in this ruleset (or more of it than its sets hold), count with no trick, more
    count than the tricks hold, or less than the other side's tricks leave (where the
    ruleset checks totals: not in 72).
    """
    check_int(tricks, "tricks", ResultError, "RESULT_NOT_INTEGER", "a whole number of tricks")
    if not 0 <= tricks <= rs.tricks:
        raise ResultError(
            f"{tricks} tricks can't be taken: a hand of {rs.name} has {rs.tricks}.",
            "RESULT_OUT_OF_RANGE",
            "tricks",
        )
    if not isinstance(tiles, list | tuple):
        raise BadInputError("The count dominoes are a list, like [[5, 5], [6, 4]].", field="tiles")
    values = _take(rs, tiles)
    if rs.check_totals:
        _check_held(rs, tricks, len(values))
    return tricks * rs.trick_value + sum(values)
