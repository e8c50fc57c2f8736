"""One hand: made or set, awards in marks and points, impossible results (docs/rules.md 2, 8-22)."""

import pytest

from rules import RulesError, get_ruleset, score_hand
from rules.results import feasible_totals


def score(preset, hand, dealer=0, totals=None, overrides=None, **kwargs):
    """Score one hand and return its dict, or the error code and field."""
    ruleset = get_ruleset(preset, overrides)
    totals = totals if totals is not None else [0] * ruleset.side_count
    try:
        return score_hand(ruleset, hand, dealer, totals, **kwargs).to_dict()
    except RulesError as error:
        return error.code, error.field


def hand(bidder, bid, **result):
    """A hand entered as bidder, bid and result."""
    return {"bidder": bidder, "bid": bid, "result": result}


@pytest.mark.parametrize(
    ("preset", "the_hand", "outcome", "awarded"),
    [
        # docs/rules.md 8, 9: marks
        ("straight-42", hand(0, 30, captured=30), "made", [1, 0]),
        ("straight-42", hand(0, 30, captured=29), "set", [0, 1]),
        ("straight-42", hand(1, 41, captured=42), "made", [0, 1]),
        ("straight-42", hand(1, 42, captured=42), "made", [0, 1]),
        ("straight-42", hand(1, 42, captured=41), "set", [1, 0]),
        ("straight-42", hand(2, 84, captured=42), "made", [2, 0]),
        ("straight-42", hand(2, {"marks": 3}, captured=36), "set", [0, 3]),
        ("straight-42", hand(3, 30, declared="made"), "made", [0, 1]),
        ("straight-42", hand(3, 30, captured=20, declared="set"), "set", [1, 0]),
        ("straight-42", hand(0, 30, by_side=[31, 11]), "made", [1, 0]),
        ("straight-42", hand(0, 30, by_side=[25, 0]), "set", [0, 1]),
        ("wikipedia-42", hand(1, {"contract": "nello"}, tricks=0), "made", [0, 1]),
        ("wikipedia-42", hand(1, {"contract": "nello"}, tricks=1), "set", [1, 0]),
        ("wikipedia-42", hand(1, {"contract": "nello"}, captured=0), "made", [0, 1]),
        ("wikipedia-42", hand(1, {"contract": "nello"}, by_side=[3, 0]), "made", [0, 1]),
        ("wikipedia-42", hand(1, {"contract": "nello"}, declared="set"), "set", [1, 0]),
        ("wikipedia-42", hand(0, {"contract": "plunge"}, captured=42), "made", [4, 0]),
        ("wikipedia-42", hand(0, {"contract": "plunge"}, captured=41), "set", [0, 4]),
        ("wikipedia-42", hand(0, {"contract": "splash"}, captured=36), "set", [0, 3]),
        ("wikipedia-42", hand(0, {"contract": "sevens", "marks": 1}, captured=42), "made", [1, 0]),
        # docs/rules.md 10 and the ambiguities: points
        ("points-250", hand(0, 30, captured=35), "made", [35, 7]),
        ("points-250", hand(0, 30, captured=26), "set", [0, 46]),
        ("points-250", hand(1, 84, captured=42), "made", [0, 84]),
        ("points-250", hand(1, 42, captured=41), "set", [43, 0]),
        ("points-250", hand(1, 30, by_side=[12, 30]), "made", [12, 30]),
        # docs/rules.md 17: Texas 88
        ("texas-88", hand(1, 60, captured=60), "made", [0, 1]),
        ("texas-88", hand(1, 176, captured=88), "made", [0, 2]),
        ("texas-88-points", hand(1, 60, captured=59), "set", [89, 0]),
        ("texas-88-points", hand(1, 176, captured=88), "made", [0, 176]),
        # docs/rules.md 20: Moon
        ("moon", hand(0, 5, by_side=[5, 1, 1]), "made", [5, 1, 1]),
        ("moon", hand(0, 5, by_side=[4, 2, 1]), "set", [-5, 2, 1]),
        ("moon", hand(1, 21, by_side=[0, 7, 0]), "made", [0, 21, 0]),
        ("moon", hand(1, 21, by_side=[1, 6, 0]), "set", [1, -21, 0]),
        ("moon", hand(2, 42, by_side=[0, 0, 7]), "made", [0, 0, 42]),
        # docs/rules.md 21: 140
        ("140", hand(0, 100, by_side=[100, 20, 20]), "made", [100, 20, 20]),
        ("140", hand(4, 120, by_side=[40, 95, 5]), "set", [40, -120, 5]),
        # docs/rules.md 22: three-handed, every opponent gets the marks
        ("three-hand-42", hand(0, 30, by_side=[30, 10, 4]), "made", [1, 0, 0]),
        ("three-hand-42", hand(0, 42, by_side=[43, 1, 0]), "set", [0, 1, 1]),
        ("three-hand-42", hand(0, 42, by_side=[44, 0, 0]), "made", [1, 0, 0]),
        # docs/rules.md 23, 24: the Big Game and Geezer
        ("big-game", hand(0, 50, captured=50), "made", [50, 16]),
        ("geezer", hand(0, {"contract": "dive"}, captured=54), "made", [3, 0]),
        ("72", hand(0, 40, captured=69), "made", [1, 0]),
        # knob variants
        ("straight-42", hand(0, 30, captured=29), "set", [-1, 0]),
    ],
)
def test_hand_outcome_and_awards(preset, the_hand, outcome, awarded):
    """docs/rules.md 8-10, 13-24: made or set, and each side's award."""
    overrides = {"set_rule": "bidder_loses_bid"} if awarded == [-1, 0] else None
    result = score(preset, the_hand, overrides=overrides)
    assert (result["outcome"], result["awarded"]) == (outcome, awarded)


@pytest.mark.parametrize(
    ("preset", "the_hand", "code", "field"),
    [
        ("straight-42", hand(0, 30, captured=43), "RESULT_OUT_OF_RANGE", "result.captured"),
        ("straight-42", hand(0, 30, captured=-1), "RESULT_OUT_OF_RANGE", "result.captured"),
        ("straight-42", hand(0, 30, captured=30.5), "RESULT_NOT_INTEGER", "result.captured"),
        ("straight-42", hand(0, 30, captured=True), "RESULT_NOT_INTEGER", "result.captured"),
        ("straight-42", hand(0, 30, captured="30"), "RESULT_NOT_INTEGER", "result.captured"),
        (
            "straight-42",
            hand(0, 84, captured=40, declared="made"),
            "OUTCOME_MISMATCH",
            "result.declared",
        ),
        (
            "straight-42",
            hand(0, 30, captured=40, declared="set"),
            "OUTCOME_MISMATCH",
            "result.declared",
        ),
        ("straight-42", hand(0, 30, captured=40, declared="won"), "BAD_RESULT", "result.declared"),
        ("straight-42", hand(0, 30, by_side=[30, 13]), "RESULT_SUM", "result.by_side"),
        ("straight-42", hand(0, 30, by_side=[30]), "BAD_RESULT", "result.by_side"),
        (
            "straight-42",
            hand(0, 30, by_side=[30, 12], captured=31),
            "BAD_RESULT",
            "result.captured",
        ),
        ("straight-42", hand(0, 30, tricks=0), "BAD_RESULT", "result.tricks"),
        ("straight-42", hand(0, 30), "BAD_RESULT", "result"),
        ("straight-42", hand(0, 30, score=30), "BAD_RESULT", "result"),
        ("straight-42", {"bidder": 0, "bid": 30, "result": 30}, "BAD_RESULT", "result"),
        ("straight-42", {"bidder": 0, "bid": 30}, "BAD_RESULT", "result"),
        ("points-250", hand(0, 30, declared="made"), "BAD_RESULT", "result"),
        ("points-250", hand(0, 30, by_side=[30, 10]), "RESULT_SUM", "result.by_side"),
        ("texas-88", hand(0, 60, captured=1), "RESULT_INFEASIBLE", "result.captured"),
        ("texas-88", hand(0, 60, captured=3), "RESULT_INFEASIBLE", "result.captured"),
        ("texas-88", hand(0, 60, captured=5), "RESULT_INFEASIBLE", "result.captured"),
        ("texas-88", hand(0, 60, captured=83), "RESULT_INFEASIBLE", "result.captured"),
        ("texas-88", hand(0, 60, captured=85), "RESULT_INFEASIBLE", "result.captured"),
        ("texas-88", hand(0, 60, captured=87), "RESULT_INFEASIBLE", "result.captured"),
        ("140", hand(0, 100, by_side=[101, 20, 19]), "RESULT_INFEASIBLE", "result.by_side[0]"),
        ("140", hand(0, 100, captured=100), "RESULT_NEEDS_BY_SIDE", "result.by_side"),
        ("moon", hand(0, 5, by_side=[5, 1, 0]), "RESULT_SUM", "result.by_side"),
        (
            "wikipedia-42",
            hand(0, {"contract": "nello"}, tricks=8),
            "RESULT_OUT_OF_RANGE",
            "result.tricks",
        ),
        (
            "wikipedia-42",
            hand(0, {"contract": "nello"}, tricks=0.0),
            "RESULT_NOT_INTEGER",
            "result.tricks",
        ),
        (
            "wikipedia-42",
            hand(0, {"contract": "nello"}, tricks=1, declared="made"),
            "OUTCOME_MISMATCH",
            "result.declared",
        ),
        ("wikipedia-42", hand(0, {"contract": "nello"}), "BAD_RESULT", "result.tricks"),
    ],
)
def test_impossible_results_are_rejected(preset, the_hand, code, field):
    """docs/rules.md 2, 8, 17, 20, 21 and the code table: results that cannot happen."""
    assert score(preset, the_hand) == (code, field)


@pytest.mark.parametrize(
    ("preset", "impossible"),
    [
        ("straight-42", set()),
        ("texas-88", {1, 3, 5, 83, 85, 87}),
        ("moon", set()),
    ],
)
def test_feasible_totals_match_the_tiles(preset, impossible):
    """docs/rules.md 2 and 17: every 0..42 in 42; 88 cannot make 1, 3, 5, 83, 85, 87."""
    ruleset = get_ruleset(preset)
    every = set(range(ruleset.points_per_hand + 1))
    assert every - feasible_totals(ruleset) == impossible


def test_140_totals_are_multiples_of_five():
    """docs/rules.md 21: all totals in 140 are multiples of 5."""
    assert all(t % 5 == 0 for t in feasible_totals(get_ruleset("140")))


@pytest.mark.parametrize(
    ("the_hand", "code", "field"),
    [
        ({"bid": 30, "result": {"captured": 30}}, "NO_BID", "bid"),
        ({"bidder": 0, "result": {"captured": 30}}, "NO_BID", "bid"),
        ({"bidder": 4, "bid": 30, "result": {"captured": 30}}, "SEAT_OUT_OF_RANGE", "bidder"),
        ({"bidder": -1, "bid": 30, "result": {"captured": 30}}, "SEAT_OUT_OF_RANGE", "bidder"),
        ({"bidder": "0", "bid": 30, "result": {"captured": 30}}, "BAD_INPUT", "bidder"),
        (
            {"dealer": 1, "bidder": 0, "bid": 30, "result": {"captured": 30}},
            "DEALER_OUT_OF_TURN",
            "dealer",
        ),
        (
            {"dealer": 9, "bidder": 0, "bid": 30, "result": {"captured": 30}},
            "SEAT_OUT_OF_RANGE",
            "dealer",
        ),
        (
            {
                "bids": [30, "pass", "pass", "pass"],
                "bidder": 2,
                "bid": 30,
                "result": {"captured": 30},
            },
            "BID_MISMATCH",
            "bids",
        ),
        (
            {
                "bids": [30, "pass", "pass", "pass"],
                "bidder": 1,
                "bid": 31,
                "result": {"captured": 30},
            },
            "BID_MISMATCH",
            "bids",
        ),
        ({"bids": [30, "pass", "pass"], "result": {"captured": 30}}, "BID_COUNT", "bids"),
        (
            {"bidder": 0, "bid": 30, "trump": "sevens", "result": {"captured": 30}},
            "TRUMP_NOT_ALLOWED",
            "trump",
        ),
        ([], "BAD_INPUT", "hand"),
    ],
)
def test_bad_hands_are_rejected(the_hand, code, field):
    """docs/rules.md 3, 4, 12, Input checks: no bid, bad seat, wrong dealer, mismatch."""
    assert score("straight-42", the_hand) == (code, field)


@pytest.mark.parametrize(
    ("tricks", "outcome", "awarded"), [(0, "made", [42, 0]), (2, "set", [0, 42])]
)
def test_nello_in_points_mode_is_worth_one_mark_of_points(tricks, outcome, awarded):
    """docs/rules.md ambiguities, nel-o in points mode: marks x mark_value to the winner."""
    result = score(
        "points-250", hand(0, {"contract": "nello"}, tricks=tricks), overrides={"nello": True}
    )
    assert (result["outcome"], result["awarded"]) == (outcome, awarded)


def test_hand_from_the_auction_alone():
    """docs/rules.md 4: the auction names the bidder and the bid; trump is recorded."""
    result = score(
        "straight-42",
        {
            "dealer": 0,
            "bids": ["pass", 31, "pass", "pass"],
            "trump": "doubles",
            "result": {"captured": 31},
        },
    )
    assert (result["bidder"], result["bid"], result["trump"]) == (2, 31, "doubles")
    assert (result["need"], result["awarded"], result["next_dealer"]) == (31, [1, 0], 1)


def test_mark_bid_by_object_matches_the_auction():
    """docs/rules.md 5: {"marks": 2} is the same bid as 84 (canonical comparison)."""
    result = score(
        "straight-42",
        {
            "bids": [84, "pass", "pass", "pass"],
            "bidder": 1,
            "bid": {"marks": 2},
            "result": {"captured": 42},
        },
    )
    assert result["bid"] == 84 and result["need"] == 42


def test_all_pass_reshuffle_scores_nothing_and_passes_the_deal():
    """docs/rules.md 7: with all_pass="reshuffle" nobody scores and the next player deals."""
    result = score("texas-88", {"bids": ["pass"] * 6}, dealer=5)
    assert result["outcome"] == "reshuffle" and result["awarded"] == [0, 0]
    assert (result["bidder"], result["bid"], result["need"], result["next_dealer"]) == (
        None,
        None,
        None,
        0,
    )


def test_all_pass_with_a_bidder_is_a_mismatch():
    """docs/rules.md 7: an all-pass hand cannot also name a bidder."""
    assert score("texas-88", {"bids": ["pass"] * 6, "bidder": 1}) == ("BID_MISMATCH", "bids")


def test_nello_for_the_forced_dealer_only_without_an_auction():
    """docs/rules.md 13: with nello_dealer_only, the bidder must be the dealer."""
    nello = {"contract": "nello", "doubles": "own_suit"}
    assert score("h2g2-house", hand(1, nello, tricks=0)) == ("NELLO_DEALER_ONLY", "bid")
    assert score("h2g2-house", hand(0, nello, tricks=0))["awarded"] == [1, 0]


def test_score_hand_checks_its_arguments():
    """docs/rules.md Input checks: score_hand rejects bad rulesets, dealers, totals."""
    ruleset = get_ruleset("straight-42")
    good = hand(0, 30, captured=30)
    for args in [
        ("straight-42", good, 0, [0, 0]),
        (ruleset, good, 0, [0]),
        (ruleset, good, 0, [0, "1"]),
        (ruleset, good, 0, [10**12, 0]),
        (ruleset, good, True, [0, 0]),
        (ruleset, good, 0, (0, 0)),
    ]:
        with pytest.raises(RulesError) as caught:
            score_hand(*args)
        assert caught.value.code in ("BAD_INPUT", "SEAT_OUT_OF_RANGE")
    for options in [
        {"scored_hands": "1"},
        {"scored_hands": -1},
        {"warnings": [1]},
        {"warnings": {0: "1"}},
    ]:
        with pytest.raises(RulesError) as caught:
            score_hand(ruleset, good, 0, [0, 0], **options)
        assert caught.value.code in ("BAD_INPUT", "SEAT_OUT_OF_RANGE")


def test_score_hand_refuses_a_hand_once_the_totals_end_the_game():
    """A hand after the game is over is GAME_OVER (docs/rules.md 9)."""
    assert score("straight-42", hand(0, 30, captured=30), totals=[7, 3]) == ("GAME_OVER", "hand")
    assert score("straight-42", hand(0, 30, captured=30), scored_hands=13) == ("GAME_OVER", "hand")
