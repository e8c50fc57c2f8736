"""The paper kit's score sheet for one game (docs/tournaments.md "The paper kit"): the event's
ruleset (rules/, its preset and house rules) turned into a sheet a table keeps by hand when
its phone fails: the bid ladder, what a hand counts, and a row per hand with the columns
the ruleset scores in (marks, tallied; or points, with a running total).

Derived from `rules/` only, like the phone's own score sheet: the ladder is every bid a
player can win an auction with (`rules.winnable_bids`), said as the table says it.
"""

import math

import rules
from rules.bids import parse_bid
from rules.words import bid_words, plural

from .print_bracket import header

MOST_POINT_ROWS = 24  # a points game's rows that fit one page under the ladder


def ladder(ruleset):
    """The bid ladder in words: {points, marks, contracts}, each a list of words ("30 to 41",
    "1 mark (42)", "a 4-mark plunge")."""
    bids = [parse_bid(ruleset, b) for b in rules.winnable_bids(ruleset, 0, 0)]
    points = [b.value for b in bids if b.kind == "points"]
    point_words = []
    if points:
        step = "" if ruleset.bid_step == 1 else f", by {ruleset.bid_step}"
        point_words = [f"{points[0]} to {points[-1]}{step}" if len(points) > 1 else str(points[0])]
    marks = [bid_words(ruleset, b) for b in bids if b.kind == "marks"]
    contracts = list(
        dict.fromkeys(bid_words(ruleset, b) for b in bids if b.kind not in ("points", "marks"))
    )
    return {"points": point_words, "marks": marks, "contracts": contracts}


def count_words(ruleset):
    """What a hand holds: "5-5 and 6-4 count 10; 5-0, 4-1 and 3-2 count 5; each trick 1"."""
    by_value = {}
    for high, low, value in ruleset.count_tiles:
        by_value.setdefault(value, []).append(f"{high}-{low}")
    parts = []
    for value in sorted(by_value, reverse=True):
        tiles = list(dict.fromkeys(by_value[value]))
        joined = tiles[0] if len(tiles) == 1 else ", ".join(tiles[:-1]) + " and " + tiles[-1]
        parts.append(f"{joined} count {value}")
    parts.append(f"each trick {ruleset.trick_value}")
    return "; ".join(parts) + f": {ruleset.points_per_hand} a hand"


def hand_rows(ruleset):
    """How many hand rows the sheet has: a marks game's hand limit (or the most hands a game
    to its marks can take, one mark a hand); a points game's hands of half the count each
    way to its target, at most a page."""
    if ruleset.scoring == "marks":
        return ruleset.max_hands or 2 * ruleset.target - 1
    fair = math.ceil(2 * ruleset.target / max(1, ruleset.points_per_hand)) + 2
    return min(MOST_POINT_ROWS, max(10, fair))


def score_sheet(view):
    """The score sheet's model for one game of the event: the header, the ruleset's name,
    description, ladder and count, the unit, and the rows to fill in."""
    ruleset = rules.get_ruleset(view["ruleset"], view["rules"] or None)
    unit = "points" if ruleset.scoring == "points" else "marks"
    goal = plural(ruleset.target, "mark" if unit == "marks" else "point")
    return {
        **header(view),
        "ruleset": ruleset.name,
        "description": ruleset.description,
        "ladder": ladder(ruleset),
        "count": count_words(ruleset) if ruleset.count_tiles else "",
        "unit": unit,
        "goal": f"First team to {goal} wins the game",
        "limit": f"at most {ruleset.max_hands} hands"
        if unit == "marks" and ruleset.max_hands
        else "",
        "rows": list(range(1, hand_rows(ruleset) + 1)),
    }
