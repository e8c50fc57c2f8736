"""The preset rulesets, one per ruleset in the seeds, and get_ruleset()."""

from .errors import RulesetError
from .rulesets import Ruleset, with_overrides
from .words import said

COUNT_TWO_SETS = (
    (5, 5, 10),
    (5, 5, 10),
    (6, 4, 10),
    (6, 4, 10),
    (5, 0, 5),
    (5, 0, 5),
    (4, 1, 5),
    (4, 1, 5),
    (3, 2, 5),
    (3, 2, 5),
)
COUNT_72 = (
    (5, 5, 10),
    (5, 5, 10),
    (6, 4, 10),
    (6, 4, 10),
    (4, 1, 5),
    (4, 1, 5),
    (3, 2, 5),
    (3, 2, 5),
)
COUNT_DOUBLE_NINE = (
    (5, 0, 5),
    (4, 1, 5),
    (3, 2, 5),
    (9, 1, 10),
    (8, 2, 10),
    (7, 3, 10),
    (6, 4, 10),
    (5, 5, 10),
    (9, 6, 15),
    (8, 7, 15),
)
COUNT_BIG_GAME = ((5, 0, 5), (4, 1, 5), (3, 2, 5), (6, 4, 10), (5, 5, 10), (7, 3, 10), (8, 2, 10))
COUNT_GEEZER = ((5, 5, 10), (6, 4, 10), (7, 3, 10), (5, 0, 5), (4, 1, 5), (3, 2, 5))
TEXAS_88 = {
    "players": 6,
    "sides": (0, 1, 0, 1, 0, 1),
    "tricks": 9,
    "trick_value": 2,
    "count_tiles": COUNT_TWO_SETS,
    "points_per_hand": 88,
    "min_bid": 60,
    "bid_step": 2,
    "mark_value": 88,
    "all_pass": "reshuffle",
    "max_marks": 4,
}

_PRESETS = [
    Ruleset(
        id="straight-42",
        name="Straight 42",
        description=(
            "Plain 42 for four players in two teams. Bids run from 30 to 41, "
            "then 42 is one mark; an opening bid may be up to 2 marks and each later bid "
            "one mark more. If everyone passes, the dealer must bid. The first team to 7 "
            "marks wins, or the team ahead after 13 hands. No nel-o, plunge, splash or "
            "sevens."
        ),
    ),
    Ruleset(
        id="wikipedia-42",
        name="42 (Wikipedia, all options)",
        description=(
            "42 with all of Wikipedia's optional contracts: nel-o (the doubles "
            "high, low or their own suit), a 4-mark plunge, a 3-mark splash and sevens. If "
            "everyone passes, the dealer must bid. The first team to 7 marks wins, or the "
            "team ahead after 13 hands."
        ),
        nello=True,
        plunge=True,
        splash=True,
        sevens=True,
    ),
    Ruleset(
        id="h2g2-house",
        name="h2g2 house rules",
        description=(
            "The h2g2 house rules: a plunge for 3 marks with at least four "
            "doubles, which may jump past the 2-mark opening limit. Nel-o only for a "
            "dealer forced to bid after everyone passed (the doubles high, low or their "
            "own suit). Sevens and follow-me are played. A mark bid may raise the last "
            "one by one mark. First team to 7 marks."
        ),
        nello=True,
        nello_dealer_only=True,
        plunge=True,
        plunge_marks=3,
        sevens=True,
    ),
    Ruleset(
        id="timpson-tournament",
        name="Timpson tournament",
        description=(
            "Straight 42 tournament rules (Timpson VFD): a 4-mark plunge may "
            "be bid at any time; no nel-o (the flyer's \"no low\" is nel-o's other name), "
            "no splash, no sevens; if everyone passes, the dealer must bid. A first "
            "table-talk infraction is a warning, later ones cost a mark. First team to 7 "
            "marks."
        ),
        plunge=True,
        table_talk_warning_first=True,
    ),
    Ruleset(
        id="tennessee",
        name="Tennessee (Region Six)",
        description=(
            "Tennessee (Region Six) rules: bids go up to 4 marks (168); if "
            "everyone passes, the dealer must bid; no follow-me, nel-o, sevens, plunge or "
            "splash. Doubles may be trump. First team to 7 marks."
        ),
        max_marks=4,
        follow_me=False,
    ),
    Ruleset(
        id="points-250",
        name="42 for 250 points",
        description=(
            "42 scored in points to 250. A made bid scores what the side took "
            "(a made mark bid scores its value); a set gives the opponents the bid plus "
            "what they took. If both teams pass 250 in the same hand, a bidder who made the "
            "bid goes out."
        ),
        scoring="points",
        target=250,
        max_hands=None,
    ),
    Ruleset(
        id="texas-88",
        name="Texas 88 (marks)",
        description=(
            "Six players in two teams of three, with two sets of dominoes: bids "
            "from 60 to 86 in steps of 2, then 88, 176, 264 and 352 for 1 to 4 marks. Count "
            "dominoes are worth 5 and 10 and each trick 2. No nel-o or plunge; if everyone "
            "passes, the dominoes are reshuffled. First team to 7 marks, or the team ahead "
            "after 13 hands."
        ),
        **TEXAS_88,
    ),
    Ruleset(
        id="texas-88-points",
        name="Texas 88 (500 points)",
        description=(
            "Texas 88 scored in points to 500, the way 42 is scored in points: "
            "a made bid scores what the side took, a set gives the opponents the bid plus "
            "what they took."
        ),
        **TEXAS_88,
        scoring="points",
        target=500,
        max_hands=None,
    ),
    Ruleset(
        id="84",
        name="84 (eight players)",
        description=(
            "Eight players in two teams of four in alternating seats, with two "
            "sets, 7 dominoes each: bids from 60 in steps of 1, then 84 is one mark. Each "
            "trick is worth 2. Nel-o (“pistol”) is played. If everyone passes, the dealer "
            "must bid. First team to 7 marks."
        ),
        players=8,
        sides=(0, 1, 0, 1, 0, 1, 0, 1),
        trick_value=2,
        count_tiles=COUNT_TWO_SETS,
        points_per_hand=84,
        min_bid=60,
        mark_value=84,
        nello=True,
    ),
    Ruleset(
        id="72",
        name="72",
        description=(
            "Four players with two sets, blanks removed: 10 dominoes each and 2 "
            "in the widow. The count is 60 and the 10 tricks are worth 1 each, so a hand "
            "holds 70 points. Bids run from 40 to 70 in points; 72 is one mark and, like "
            "every mark bid, needs every trick. First team to 7 marks."
        ),
        tricks=10,
        count_tiles=COUNT_72,
        points_per_hand=70,
        min_bid=40,
        mark_value=72,
        max_point_bid=70,
    ),
    Ruleset(
        id="moon",
        name="Moon",
        description=(
            "Three players, each on their own, 7 tricks worth 1 point each: "
            "bids from 4 to 7, “shoot the moon” (21) and “shoot it over” (42, only over a "
            "21). The bidder scores the tricks taken (21 or 42 for the moon bids) or loses "
            "the bid; the others score their tricks. Game to 21; doubles are never trump; "
            "if everyone passes, reshuffle. Enter every player's tricks."
        ),
        players=3,
        sides=(0, 1, 2),
        count_tiles=(),
        points_per_hand=7,
        min_bid=4,
        mark_value=21,
        max_point_bid=7,
        scoring="points",
        target=21,
        max_hands=None,
        all_pass="reshuffle",
        opening_limit_marks=1,
        max_marks=2,
        set_rule="bidder_loses_bid",
        doubles_trump=False,
        shoot_over=True,
    ),
    Ruleset(
        id="140",
        name="140",
        description=(
            "A double-nine set, six players in three teams of two, 9 tricks "
            "worth 5 each: bids from 100 to 135 in steps of 5, then 140 is one mark. Every "
            "team scores what it took; a bidder who is set loses the bid. Game to 500. If "
            "everyone passes, the dealer must bid."
        ),
        players=6,
        sides=(0, 1, 2, 0, 1, 2),
        tricks=9,
        trick_value=5,
        count_tiles=COUNT_DOUBLE_NINE,
        points_per_hand=140,
        min_bid=100,
        bid_step=5,
        mark_value=140,
        scoring="points",
        target=500,
        max_hands=None,
        set_rule="bidder_loses_bid",
        top_suit=9,
    ),
    Ruleset(
        id="three-hand-42",
        name="3-handed 42",
        description=(
            "Three players, each on their own, with the blank-ace set aside: 9 "
            "dominoes each and 44 points a hand. Bids from 30 to 41, then 42 is one mark "
            "and needs all 44. In marks to 7; a set gives every opponent the marks. Only "
            "the bidder's count is needed."
        ),
        players=3,
        sides=(0, 1, 2),
        tricks=9,
        points_per_hand=44,
    ),
    Ruleset(
        id="big-game",
        name="The Big Game",
        description=(
            "A double-eight set, four players with 11 dominoes each: 66 points "
            "a hand, lowest bid 42, and 66 is one mark. Bidding goes round until all but "
            "one have passed. Game to 400 points. If everyone passes, the dealer must bid."
        ),
        tricks=11,
        count_tiles=COUNT_BIG_GAME,
        points_per_hand=66,
        min_bid=42,
        mark_value=66,
        scoring="points",
        target=400,
        max_hands=None,
        bid_rounds="until_pass",
        top_suit=8,
    ),
    Ruleset(
        id="geezer",
        name="Geezer",
        description=(
            "A double-seven set, 9 dominoes each, with the 7-3 as another "
            "ten-count: 54 points a hand, lowest bid 39, and 46 is one mark (a mark bid "
            "needs all 54 points). A dip, a dive and a plunge are 2, 3 and 4 marks and need "
            "3, 4 and 5 doubles. Nel-o is played. The “51” count-trump bid is not kept "
            "here."
        ),
        tricks=9,
        count_tiles=COUNT_GEEZER,
        points_per_hand=54,
        min_bid=39,
        mark_value=46,
        nello=True,
        plunge=True,
        plunge_doubles=5,
        dip=True,
        dive=True,
        top_suit=7,
    ),
]

PRESETS = {rs.id: rs for rs in _PRESETS}


def get_ruleset(preset_id, overrides=None):
    """Return the preset `preset_id` with `overrides` (knob -> value) applied.

    Raises RulesetError UNKNOWN_RULESET for an unknown id and BAD_OVERRIDE for a bad knob.
    """
    if not isinstance(preset_id, str) or preset_id not in PRESETS:
        known = ", ".join(rs.name for rs in PRESETS.values())
        raise RulesetError(
            f"There is no ruleset called {said(preset_id)}: the rulesets are {known}.",
            "UNKNOWN_RULESET",
            "ruleset",
        )
    overrides = dict(overrides) if isinstance(overrides, dict) else overrides
    if isinstance(overrides, dict):
        for knob in ("id", "name", "description"):
            overrides.pop(knob, None)
    return with_overrides(PRESETS[preset_id], overrides)
