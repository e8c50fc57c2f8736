"""Already decided: has the bid been made or set by the points held so far? (docs/rules.md 11)"""

import pytest

from rules import RulesError, get_ruleset, hand_decided


@pytest.mark.parametrize(
    ("preset", "bid", "bidder", "points", "decided"),
    [
        ("straight-42", 30, 0, [30, 0], "made"),
        ("straight-42", 30, 0, [29, 12], None),
        ("straight-42", 30, 0, [20, 13], "set"),
        ("straight-42", 30, 1, [13, 20], "set"),
        ("straight-42", 34, 1, [8, 0], None),
        ("straight-42", 34, 1, [9, 0], "set"),
        ("straight-42", 42, 0, [41, 0], None),
        ("straight-42", 42, 0, [41, 1], "set"),
        ("straight-42", 84, 2, [42, 0], "made"),
        ("wikipedia-42", {"contract": "plunge"}, 0, [0, 1], "set"),
        ("wikipedia-42", {"contract": "nello"}, 0, [0, 41], None),
        ("wikipedia-42", {"contract": "nello"}, 0, [0, 42], "made"),
        ("wikipedia-42", {"contract": "nello"}, 0, [1, 20], "set"),
        ("texas-88", 60, 1, [29, 0], "set"),
        ("texas-88", 60, 1, [28, 0], None),
        ("moon", 5, 0, [4, 1, 1], None),
        ("moon", 5, 0, [4, 2, 1], "set"),
        ("moon", 21, 1, [0, 6, 0], None),
        ("140", 100, 0, [100, 0, 0], "made"),
        ("140", 100, 0, [40, 25, 20], "set"),
    ],
)
def test_hand_decided(preset, bid, bidder, points, decided):
    """docs/rules.md 11: made once the bidders reach the need; set once the others pass ppt-need."""
    assert hand_decided(get_ruleset(preset), bid, bidder, points) == decided


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ((29, 0, [0, 0]), "BID_OUT_OF_RANGE"),
        ((30, 4, [0, 0]), "SEAT_OUT_OF_RANGE"),
        ((30, 0, [0, 0, 0]), "BAD_RESULT"),
        ((30, 0, [30, 13]), "RESULT_SUM"),
        ((30, 0, [43, 0]), "RESULT_OUT_OF_RANGE"),
        ((30, 0, [1.5, 0]), "RESULT_NOT_INTEGER"),
        ((30, 0, None), "BAD_RESULT"),
    ],
)
def test_hand_decided_rejects_bad_input(args, code):
    """docs/rules.md 11, Input checks: a bad bid, seat or points list is a RulesError."""
    with pytest.raises(RulesError) as caught:
        hand_decided(get_ruleset("straight-42"), *args)
    assert caught.value.code == code


def test_hand_decided_needs_a_ruleset():
    """docs/rules.md 11, Input checks: a preset id is not a Ruleset (BAD_INPUT)."""
    with pytest.raises(RulesError) as caught:
        hand_decided("straight-42", 30, 0, [0, 0])
    assert caught.value.code == "BAD_INPUT"
