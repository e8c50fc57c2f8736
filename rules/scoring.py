"""Scoring: a hand's awards in marks or points, game over and winner, "already decided"."""

from .auction import check_seat
from .bids import parse_bid
from .errors import BadInputError
from .results import check_by_side, need_for
from .rulesets import Ruleset


def award_for(rs, bid, side, made, points):
    """Each side's award for a hand (docs/rules.md 9, 10, 13, 20, 21).

    `side` bid, `made` says if the bid was made, `points` is every side's points (needed in
    points mode, except for nel-o).
    """
    awards = [0] * rs.side_count
    marks = bid.award_marks
    if rs.scoring == "marks" or bid.kind == "nello":
        # nel-o in points mode: marks x mark_value to whoever wins it (a choice, docs/rules.md)
        unit = 1 if rs.scoring == "marks" else rs.mark_value
        return _decided(rs, awards, side, made, marks * unit)
    bid_value = bid.value
    for other in range(rs.side_count):
        awards[other] = points[other]
    if made:
        awards[side] = max(points[side], bid_value)  # a made mark bid scores its value
    elif rs.set_rule == "bidder_loses_bid":
        awards[side] = -bid_value
    else:
        awards = [0 if s == side else bid_value + points[s] for s in range(rs.side_count)]
    return awards


def _decided(rs, awards, side, made, amount):
    """Give `amount` to the bidding side, or on a set to the others (or take it away)."""
    if made:
        awards[side] = amount
    elif rs.set_rule == "bidder_loses_bid":
        awards[side] = -amount
    else:
        awards = [0 if s == side else amount for s in range(rs.side_count)]
    return awards


def renege_award(rs, bid, side, offender):
    """A renege decides the hand against the offending side (docs/rules.md 25).

    The other side gets the marks (or in points, the bid's value); returns (made, awards).
    """
    amount = bid.award_marks if rs.scoring == "marks" else bid.value
    made = offender != side
    return made, _decided(rs, [0] * rs.side_count, side, made, amount)


def game_status(rs, totals, scored_hands, last=None):
    """Return (game_over, winner, end_reason) for `totals` after `scored_hands` hands.

    `last` is (bidding_side, made) of the latest hand. One side at or past the target wins
    ("target"). When more than one side is there (docs/rules.md 10, 33), by default a bidding
    side that made its bid goes out ("bidder_out"); with `both_past_target` "higher_total",
    or when the bidder did not make it, the highest total wins ("higher_total"); a tie on top
    plays on. In marks mode the game also ends after `max_hands` scored hands: the leader
    wins, or nobody on a tie ("hand_limit", docs/rules.md 9). end_reason is None while the
    game goes on.
    """
    top = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == top]
    there = [s for s, total in enumerate(totals) if total >= rs.target]
    if len(there) == 1:
        return True, there[0], "target"
    if there:
        bidder_out = rs.both_past_target == "bidder_out"
        if bidder_out and last is not None and last[1] and last[0] in there:
            return True, last[0], "bidder_out"
        if len(leaders) == 1:
            return True, leaders[0], "higher_total"
    out_of_hands = rs.max_hands is not None and scored_hands >= rs.max_hands
    if rs.scoring == "marks" and out_of_hands:
        return True, leaders[0] if len(leaders) == 1 else None, "hand_limit"
    return False, None, None


def hand_decided(ruleset, bid, bidder, points_by_side):
    """Has the bid been made or set by the points each side holds so far? (docs/rules.md 11)

    Returns "made" once the bidders hold what they need, "set" once the others hold more
    than points_per_hand - need (for nel-o: once the bidder's side holds any point), else
    None. Raises RulesError for a bad bid, seat or points list.
    """
    check_ruleset(ruleset)
    bid = parse_bid(ruleset, bid)
    side = ruleset.sides[check_seat(ruleset, bidder, "bidder")]
    points = check_by_side(ruleset, points_by_side, "points_by_side", False)
    others = sum(points) - points[side]
    if bid.kind == "nello":
        if points[side] > 0:
            return "set"
        return "made" if others == ruleset.points_per_hand else None
    need = need_for(ruleset, bid)
    if points[side] >= need:
        return "made"
    if others > ruleset.points_per_hand - need:
        return "set"
    return None


def check_ruleset(ruleset):
    """Raise BAD_INPUT unless `ruleset` is a Ruleset."""
    if not isinstance(ruleset, Ruleset):
        raise BadInputError(
            "That is not one of the rulesets: pick a ruleset first.", field="ruleset"
        )
