"""Penalties: renege, table talk, an exposed domino (docs/rules.md 25-27)."""

import pytest

from rules import RulesError, get_ruleset, replay, score_hand


def penalised(preset, bid, penalties, result=None, bidder=0, warnings=None):
    """Score a hand by seat `bidder` with `penalties`; return the HandResult dict."""
    ruleset = get_ruleset(preset)
    the_hand = {"bidder": bidder, "bid": bid, "penalties": penalties}
    if result is not None:
        the_hand["result"] = result
    totals = [0] * ruleset.side_count
    return score_hand(ruleset, the_hand, 0, totals, warnings=warnings).to_dict()


@pytest.mark.parametrize(
    ("preset", "bid", "side", "outcome", "awarded"),
    [
        ("straight-42", 30, 0, "set", [0, 1]),
        ("straight-42", 84, 0, "set", [0, 2]),
        ("straight-42", 84, 1, "made", [2, 0]),
        ("points-250", 31, 0, "set", [0, 31]),
        ("points-250", 84, 1, "made", [84, 0]),
        ("moon", 5, 0, "set", [-5, 0, 0]),
        ("three-hand-42", 30, 0, "set", [0, 1, 1]),
    ],
)
def test_renege_decides_the_hand_against_the_offender(preset, bid, side, outcome, awarded):
    """docs/rules.md 25: the other side gets the marks (or points) of the bid; no result needed."""
    result = penalised(preset, bid, [{"kind": "renege", "side": side}])
    assert (result["outcome"], result["awarded"]) == (outcome, awarded)
    assert result["penalties"] == [{"kind": "renege", "side": side}]


def test_renege_overrides_a_result_that_was_entered():
    """docs/rules.md 25: the renege decides even when the points said otherwise."""
    result = penalised("straight-42", 30, [{"kind": "renege", "side": 0}], {"captured": 40})
    assert result["outcome"] == "set" and result["awarded"] == [0, 1]


def test_table_talk_gives_the_other_side_a_mark():
    """docs/rules.md 26 (Tennessee): one mark to the other side, added to the hand's award."""
    result = penalised("tennessee", 30, [{"kind": "table_talk", "side": 0}], {"captured": 35})
    assert result["awarded"] == [1, 1]
    assert result["penalties"] == [
        {"kind": "table_talk", "side": 0, "warning": False, "awarded": [0, 1]}
    ]


def test_table_talk_in_points_is_one_mark_of_points():
    """docs/rules.md 26, choice: in points scoring a mark is mark_value points."""
    result = penalised("points-250", 30, [{"kind": "table_talk", "side": 1}], {"captured": 30})
    assert result["awarded"] == [30 + 42, 12]


def test_tournament_table_talk_warns_first_then_costs_a_mark():
    """docs/rules.md 26 (tournament): the first infraction of a side is a warning."""
    talk = {"kind": "table_talk", "side": 1}
    hands = [
        {"bidder": 0, "bid": 30, "result": {"captured": 30}, "penalties": [talk]},
        {"bidder": 1, "bid": 30, "result": {"captured": 30}, "penalties": [talk]},
    ]
    state = replay(get_ruleset("timpson-tournament"), hands).to_dict()
    assert [h["awarded"] for h in state["hands"]] == [[1, 0], [1, 1]]
    assert [h["penalties"][0]["warning"] for h in state["hands"]] == [True, False]


@pytest.mark.parametrize(("preset", "awarded"), [("points-250", [30, 11]), ("straight-42", [1, 0])])
def test_exposed_domino_costs_a_point_in_points_scoring(preset, awarded):
    """docs/rules.md 27: one point against that side in points; in marks the opponents'
    exposure changes nothing (only the bidders' count decides made or set)."""
    result = penalised(preset, 30, [{"kind": "exposed_domino", "side": 1}], {"captured": 30})
    assert result["awarded"] == awarded


@pytest.mark.parametrize(
    ("penalties", "field"),
    [
        ("renege", "penalties"),
        ([{"kind": "renege"}], "penalties[0]"),
        ([{"kind": "renege", "side": 0, "seat": 1}], "penalties[0]"),
        ([{"kind": "cheating", "side": 0}], "penalties[0].kind"),
        ([{"kind": "renege", "side": 2}], "penalties[0].side"),
        ([{"kind": "renege", "side": True}], "penalties[0].side"),
        ([{"kind": "renege", "side": 0}, {"kind": "renege", "side": 1}], "penalties"),
    ],
)
def test_bad_penalties_are_rejected(penalties, field):
    """docs/rules.md 25-27: unknown kinds, bad sides and a second renege are BAD_PENALTY."""
    with pytest.raises(RulesError) as caught:
        penalised("straight-42", 30, penalties, {"captured": 30})
    assert (caught.value.code, caught.value.field) == ("BAD_PENALTY", field)


def test_renege_needs_a_bid():
    """docs/rules.md 25: a reshuffled hand has no bid for a renege to decide."""
    ruleset = get_ruleset("texas-88")
    the_hand = {"bids": ["pass"] * 6, "penalties": [{"kind": "renege", "side": 0}]}
    with pytest.raises(RulesError) as caught:
        score_hand(ruleset, the_hand, 0, [0, 0])
    assert caught.value.code == "BAD_PENALTY"


def test_table_talk_during_a_reshuffle_still_counts():
    """docs/rules.md 26: the penalty stands even when the hand is thrown in."""
    the_hand = {"bids": ["pass"] * 6, "penalties": [{"kind": "table_talk", "side": 0}]}
    result = score_hand(get_ruleset("texas-88"), the_hand, 0, [0, 0]).to_dict()
    assert result["outcome"] == "reshuffle" and result["awarded"] == [0, 1]
