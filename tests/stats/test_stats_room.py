"""stats/ is a pure room: the standard library, rules/ and openskill only (docs/crews.md,
ARCHITECTURE.md "The rooms"), and a few cases by hand the random crews rarely reach (a tied
game, a three-sided game, a reshuffle)."""

from helpers.rooms import foreign_imports

import rules
import stats


def test_stats_imports_only_the_standard_library_rules_and_openskill():
    assert foreign_imports("stats", allowed={"rules", "openskill"}) == set()


def summary_of(preset, bodies, start=None, **knobs):
    """The summary of a game replayed by rules/."""
    rs = rules.get_ruleset(preset, knobs or None)
    state = rules.replay(rs, bodies, 0, start)
    pairs = [(body, hand.to_dict()) for body, hand in zip(bodies, state.hands, strict=True)]
    return stats.game_summary(rs, pairs, start, state.totals, state.game_over, state.winner)


def test_a_tied_game_counts_for_nobody_and_ends_a_streak():
    """docs/rules.md 9: a marks game capped at max_hands can end level; docs/crews.md: a tie
    is a finished game, neither won nor lost, and it ends a winning streak."""
    won = summary_of(
        "straight-42", [{"bidder": 0, "bid": 30, "result": {"declared": "made"}}], [6, 0]
    )
    tied = summary_of(
        "straight-42",
        [
            {"bidder": 1, "bid": 30, "result": {"declared": "made"}},
            {"bidder": 0, "bid": 30, "result": {"declared": "made"}},
        ],
        None,
        max_hands=2,
    )
    assert (tied["over"], tied["winner"]) == (True, None)
    seats = ("a", "b", "c", "d")
    result = stats.crew_stats(
        [stats.GameEntry("g1", won, seats, (1,)), stats.GameEntry("g2", tied, seats, (2,))]
    )
    a = result["players"]["a"]
    assert (a["games"], a["wins"], a["ties"], a["win_pct"]) == (2, 1, 1, 50.0)
    assert a["streaks"] == {"longest_win": 1, "current": {"result": "tied", "length": 1}}
    [pair] = [p for p in result["head_to_head"]]
    assert (pair["games"], pair["a_wins"] + pair["b_wins"], pair["ties"]) == (2, 1, 1)


def test_three_sides_and_a_reshuffle():
    """Moon (three players, each a side of one): no partnerships and no head-to-head; a
    reshuffle is a hand without a bid; every other side deals the set."""
    summary = summary_of(
        "moon",
        [
            {"bids": ["pass", "pass", "pass"]},
            {"bidder": 2, "bid": 5, "result": {"by_side": [3, 2, 2]}},
        ],
    )
    result = stats.crew_stats([stats.GameEntry("g", summary, ("x", "y", "z"), (1,))])
    assert result["partnerships"] == {} and result["head_to_head"] == []
    x, z = result["players"]["x"], result["players"]["z"]
    assert (x["hands"], x["reshuffles"], result["crew"]["hands"]) == (2, 1, 2)
    assert (z["bids"], z["made"], z["sets_suffered"], x["sets_dealt"]) == (1, 0, 1, 1)
    assert z["by_level"]["30-34"] == {"bids": 1, "made": 0, "made_pct": 0.0}
    assert x["points_for"] - x["points_against"] == x["points_for"] - (
        sum(p["points_for"] for p in result["players"].values()) - x["points_for"]
    )
