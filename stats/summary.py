"""One game's statistics: its hand log folded into counters per seat (the bids) and per side.

A summary is small JSON (lists of integers in the order of SEAT_FIELDS and SIDE_FIELDS), so
a crew of hundreds of games adds up in a few milliseconds, and it is kept in seat and side
terms: changing who sat where needs no new summary, only a new reading of it.

Definitions (docs/crews.md says them in a player's words):
- a *bid* is a hand won by a bidder (a reshuffle has none); it is *made* or *set* as rules/
  scored the hand (a renege decides it against the side that reneged);
- *level*: a point bid of 34 or less is "30-34", any higher point bid "35-41"; every other bid
  (marks or a contract) is "1 mark" or "2+ marks" by the marks it is worth;
- *contract*: "plain" (a point or mark bid) or the contract named (nel-o, plunge ...);
- a *forced bid*: the ruleset makes the dealer bid when all pass, the hand's bidding was
  recorded, and its only bid is the dealer's (everyone else passed). A hand entered as bidder
  and bid only cannot show it, and is never counted as forced;
- *sets suffered* by a side: its bids that were set; *sets dealt*: another side's bids set;
- *for* and *against*: what each side gained in this game (final total minus the starting
  total, so a carried-over paper score is not counted), in the game's unit (marks or points).
"""

from rules.bids import parse_bid
from rules.rulesets import CONTRACTS

LEVELS = ("30-34", "35-41", "1 mark", "2+ marks")
CONTRACT_KINDS = ("plain", *CONTRACTS)
PENALTY_KINDS = ("renege", "table_talk", "exposed_domino")

SEAT_FIELDS = (
    "bids",
    "made",
    *(f"{what}:{level}" for level in LEVELS for what in ("bids", "made")),
    *(f"{what}:{kind}" for kind in CONTRACT_KINDS for what in ("bids", "made")),
    "forced",
    "forced_made",
)
SIDE_FIELDS = (
    "hands",
    "reshuffles",
    "side_bids",
    "side_made",
    "sets_suffered",
    "sets_dealt",
    *(f"penalty:{kind}" for kind in PENALTY_KINDS),
    "marks_for",
    "marks_against",
    "points_for",
    "points_against",
)
SEAT_INDEX = {name: i for i, name in enumerate(SEAT_FIELDS)}
SIDE_INDEX = {name: i for i, name in enumerate(SIDE_FIELDS)}
# A line of the statistics (a player's, a partnership's, the crew's share of one game) is one
# row of WIDTH integers: the seat counters, the side counters, then finished games, wins,
# losses and ties. Adding lines up is then summing columns.
SEAT_WIDTH, SIDE_WIDTH = len(SEAT_FIELDS), len(SIDE_FIELDS)
WIDTH = SEAT_WIDTH + SIDE_WIDTH + 4
FIELD = {name: i for i, name in enumerate(SEAT_FIELDS)}
FIELD.update({name: SEAT_WIDTH + i for i, name in enumerate(SIDE_FIELDS)})
FIELD.update({name: WIDTH - 4 + i for i, name in enumerate(("games", "wins", "losses", "ties"))})
SUMMARY_VERSION = 2  # a cached summary of another version is rebuilt


def bid_level(rs, bid):
    """The level of a parsed bid: "30-34", "35-41", "1 mark" or "2+ marks"."""
    if bid.kind == "points":
        return "30-34" if bid.value <= 34 else "35-41"
    return "1 mark" if bid.award_marks <= 1 else "2+ marks"


def was_forced(rs, body, bidder, dealer):
    """True when the recorded bidding shows the dealer forced to bid after all passed."""
    bids = body.get("bids") if isinstance(body, dict) else None
    if rs.all_pass != "forced" or not isinstance(bids, list) or bidder != dealer:
        return False
    return sum(entry != "pass" for entry in bids) == 1


def game_summary(rs, hands, start_totals, final_totals, game_over, winner):
    """The summary of one game played by ruleset `rs`.

    `hands` is the log in order as (body, result) pairs: the hand as entered and rules/'s
    HandResult.to_dict() for it. `start_totals` (None: all zero) and `final_totals` give each
    side's gain; `game_over` and `winner` (a side or None) say how it ended.
    """
    seats = [[0] * len(SEAT_FIELDS) for _ in range(rs.players)]
    sides = [[0] * len(SIDE_FIELDS) for _ in range(rs.side_count)]
    reshuffles = 0
    for body, result in hands:
        if result["outcome"] == "reshuffle":
            reshuffles += 1
        else:
            _count_bid(rs, seats, sides, body, result)
        for penalty in result.get("penalties") or ():
            sides[penalty["side"]][SIDE_INDEX[f"penalty:{penalty['kind']}"]] += 1
    start = start_totals or [0] * rs.side_count
    gains = [end - begin for end, begin in zip(final_totals, start, strict=True)]
    unit = "marks" if rs.scoring == "marks" else "points"
    for side, row in enumerate(sides):
        row[SIDE_INDEX["hands"]] = len(hands)
        row[SIDE_INDEX["reshuffles"]] = reshuffles
        row[SIDE_INDEX[f"{unit}_for"]] = gains[side]
        row[SIDE_INDEX[f"{unit}_against"]] = sum(gains) - gains[side]
    over, winner = bool(game_over), winner if game_over else None
    return {
        "v": SUMMARY_VERSION,
        "unit": unit,
        "seat_sides": list(rs.sides),
        "over": over,
        "winner": winner,
        **_lines(seats, sides, list(rs.sides), over, winner),
    }


def column_sums(rows, width):
    """The column-wise sums of equal-length rows (zeros for none)."""
    return [sum(column) for column in zip(*rows, strict=True)] if rows else [0] * width


def _lines(seats, sides, seat_sides, over, winner):
    """{"lines": one per seat, "teams": one per side, "crew"}: the game's share of a
    player's, a partnership's and the crew's statistics, each a row of WIDTH integers."""
    results = [_result_row(over, winner, side) for side in range(len(sides))]
    lines = [[*seats[seat], *sides[side], *results[side]] for seat, side in enumerate(seat_sides)]
    teams = [
        [
            *column_sums([seats[s] for s, of in enumerate(seat_sides) if of == side], SEAT_WIDTH),
            *sides[side],
            *results[side],
        ]
        for side in range(len(sides))
    ]
    crew_side = column_sums(sides, SIDE_WIDTH)
    for name in ("hands", "reshuffles"):  # the same hands for every side: count them once
        crew_side[SIDE_INDEX[name]] = sides[0][SIDE_INDEX[name]]
    crew = [*column_sums(seats, SEAT_WIDTH), *crew_side, int(over), 0, 0, 0]
    return {"lines": lines, "teams": teams, "crew": crew}


def _result_row(over, winner, side):
    """[finished games, wins, losses, ties] of a side in one game."""
    if not over:
        return [0, 0, 0, 0]
    if winner is None:
        return [1, 0, 0, 1]
    return [1, 1, 0, 0] if winner == side else [1, 0, 1, 0]


def _count_bid(rs, seats, sides, body, result):
    """Add one made-or-set hand to its bidder's seat and to every side."""
    bid = parse_bid(rs, result["bid"])
    made = result["outcome"] == "made"
    bidder, side = result["bidder"], result["bidding_side"]
    kind = "plain" if bid.kind in ("points", "marks") else bid.kind
    row = seats[bidder]
    names = ["bids", f"bids:{bid_level(rs, bid)}", f"bids:{kind}"]
    if was_forced(rs, body, bidder, result["dealer"]):
        names.append("forced")
        if made:
            names.append("forced_made")
    if made:
        names += ["made", f"made:{bid_level(rs, bid)}", f"made:{kind}"]
    for name in names:
        row[SEAT_INDEX[name]] += 1
    sides[side][SIDE_INDEX["side_bids"]] += 1
    if made:
        sides[side][SIDE_INDEX["side_made"]] += 1
        return
    sides[side][SIDE_INDEX["sets_suffered"]] += 1
    for other, other_row in enumerate(sides):
        if other != side:
            other_row[SIDE_INDEX["sets_dealt"]] += 1
