"""Penalties: renege, table talk and an exposed domino (docs/rules.md 25 to 27)."""

from .errors import PenaltyError, check_int
from .words import said

KINDS = ("renege", "table_talk", "exposed_domino")


def read_penalties(rs, raw):
    """Check a hand's penalty list and return it as [(kind, side), ...].

    Raises PenaltyError BAD_PENALTY for an unknown kind, a bad side or a second renege.
    """
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 64:
        raise PenaltyError(
            "The penalties must be a list, each a renege, table talk or an "
            "exposed domino against a side.",
            field="penalties",
        )
    read = [_read_one(rs, entry, f"penalties[{i}]") for i, entry in enumerate(raw)]
    if sum(kind == "renege" for kind, _ in read) > 1:
        raise PenaltyError(
            "A hand can have only one renege: the first one called decides the hand.",
            field="penalties",
        )
    return read


def _read_one(rs, entry, field):
    if not isinstance(entry, dict) or set(entry) != {"kind", "side"}:
        raise PenaltyError(
            "A penalty names what it was (renege, table talk or exposed "
            "domino) and the side it is against, nothing else.",
            field=field,
        )
    kind = entry["kind"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise PenaltyError(
            f"{said(kind).capitalize()} is not a penalty: a penalty is a "
            "renege, table talk or an exposed domino.",
            field=f"{field}.kind",
        )
    side = check_int(entry["side"], f"{field}.side", PenaltyError)
    if not 0 <= side < rs.side_count:
        raise PenaltyError(
            f"{rs.name} has {rs.side_count} sides, numbered 1 to "
            f"{rs.side_count}: there is no side {side + 1}.",
            field=f"{field}.side",
        )
    return kind, side


def renege_side(penalties):
    """The side that reneged in this hand, or None."""
    return next((side for kind, side in penalties if kind == "renege"), None)


def docked(rs, penalties, side):
    """Points off the bidding side's count for its exposed dominoes, in marks (docs/rules.md 27).

    In marks a hand is only made or set, so the one-point penalty is taken where a table
    takes it: from the offending side's count before made or set is decided. Only the
    bidding side's count decides that, so the opponents' exposures change nothing.
    """
    if rs.scoring != "marks":
        return 0
    return sum(kind == "exposed_domino" and who == side for kind, who in penalties)


def apply_penalties(rs, penalties, warnings):
    """Return (award changes, penalty dicts) for table talk and exposed dominoes.

    `warnings` counts each side's table-talk infractions so far in the game and is updated:
    with `table_talk_warning_first` the first one is only a warning (docs/rules.md 26). Table talk
    gives one mark (points: mark_value points) to every other side; an exposed domino costs
    its side one point in points scoring; in marks it is taken off the count (`docked`).
    """
    changes = [0] * rs.side_count
    shown = []
    for kind, side in penalties:
        entry = {"kind": kind, "side": side}
        if kind == "table_talk":
            warning = rs.table_talk_warning_first and warnings.get(side, 0) == 0
            warnings[side] = warnings.get(side, 0) + 1
            amount = 0 if warning else (1 if rs.scoring == "marks" else rs.mark_value)
            entry["warning"] = warning
            entry["awarded"] = [0 if s == side else amount for s in range(rs.side_count)]
        elif kind == "exposed_domino":
            amount = -1 if rs.scoring == "points" else 0
            entry["awarded"] = [amount if s == side else 0 for s in range(rs.side_count)]
        for s, value in enumerate(entry.get("awarded", ())):
            changes[s] += value
        shown.append(entry)
    return changes, shown
