"""Bids: parsing against the ruleset, contracts and trumps (docs/rules.md 5, 12-17, 20, 24)."""

import pytest

from rules import RulesError, get_ruleset
from rules.bids import Bid, check_trump, parse_bid


def code_of(call, *args):
    """Return the RulesError code raised by call(*args), or None if it returns."""
    try:
        call(*args)
    except RulesError as error:
        return error.code
    return None


@pytest.mark.parametrize(
    ("preset", "raw", "canonical"),
    [
        ("straight-42", 30, 30),
        ("straight-42", 41, 41),
        ("straight-42", 42, 42),
        ("straight-42", 84, 84),
        ("straight-42", {"marks": 2}, 84),
        ("straight-42", {"marks": 5}, 210),
        ("texas-88", 60, 60),
        ("texas-88", 86, 86),
        ("texas-88", 176, 176),
        ("texas-88", {"marks": 4}, 352),
        ("moon", 4, 4),
        ("moon", 7, 7),
        ("moon", 21, 21),
        ("moon", 42, 42),
        ("140", 135, 135),
        ("140", 280, 280),
        (
            "wikipedia-42",
            {"contract": "nello", "marks": 1, "doubles": "low"},
            {"contract": "nello", "marks": 1, "doubles": "low"},
        ),
        (
            "wikipedia-42",
            {"contract": "nello"},
            {"contract": "nello", "marks": 1, "doubles": "high"},
        ),
        (
            "wikipedia-42",
            {"contract": "plunge", "marks": 4, "doubles_held": 4},
            {"contract": "plunge", "marks": 4},
        ),
        ("wikipedia-42", {"contract": "plunge", "marks": 5}, {"contract": "plunge", "marks": 5}),
        ("wikipedia-42", {"contract": "splash"}, {"contract": "splash", "marks": 3}),
        ("wikipedia-42", {"contract": "sevens", "marks": 2}, {"contract": "sevens", "marks": 2}),
        ("h2g2-house", {"contract": "plunge"}, {"contract": "plunge", "marks": 3}),
        ("geezer", {"contract": "dip", "doubles_held": 3}, {"contract": "dip", "marks": 2}),
        ("geezer", {"contract": "dive"}, {"contract": "dive", "marks": 3}),
    ],
)
def test_legal_bid_canonicalises(preset, raw, canonical):
    """docs/rules.md 5, 13-17, 20, 24: legal bids parse to their canonical encoding."""
    assert parse_bid(get_ruleset(preset), raw).canonical() == canonical


@pytest.mark.parametrize(
    ("preset", "raw", "code"),
    [
        ("straight-42", 29, "BID_OUT_OF_RANGE"),
        ("straight-42", 0, "BID_OUT_OF_RANGE"),
        ("straight-42", -42, "BID_OUT_OF_RANGE"),
        ("straight-42", 43, "BID_NOT_MULTIPLE_OF_MARK"),
        ("straight-42", 100, "BID_NOT_MULTIPLE_OF_MARK"),
        ("straight-42", 30.0, "BID_NOT_INTEGER"),
        ("straight-42", "30", "BID_NOT_INTEGER"),
        ("straight-42", True, "BID_NOT_INTEGER"),
        ("straight-42", None, "BID_NOT_INTEGER"),
        ("straight-42", [30], "BID_NOT_INTEGER"),
        ("straight-42", 42 * 10**40, "MARK_BID_TOO_HIGH"),
        ("straight-42", {"marks": 0}, "BID_OUT_OF_RANGE"),
        ("straight-42", {"marks": True}, "BID_NOT_INTEGER"),
        ("straight-42", {"marks": 1, "x": 1}, "BAD_INPUT"),
        ("straight-42", {}, "BAD_INPUT"),
        ("straight-42", {"marks": 1, "doubles": "high"}, "BAD_INPUT"),
        ("tennessee", 210, "MARK_BID_TOO_HIGH"),
        ("texas-88", 61, "BID_STEP"),
        ("texas-88", 87, "BID_STEP"),
        ("texas-88", 58, "BID_OUT_OF_RANGE"),
        ("texas-88", 89, "BID_NOT_MULTIPLE_OF_MARK"),
        ("texas-88", 440, "MARK_BID_TOO_HIGH"),
        ("moon", 8, "BID_OUT_OF_RANGE"),
        ("moon", 3, "BID_OUT_OF_RANGE"),
        ("moon", 63, "MARK_BID_TOO_HIGH"),
        ("140", 102, "BID_STEP"),
        ("straight-42", {"contract": "nello"}, "CONTRACT_NOT_ALLOWED"),
        ("straight-42", {"contract": "plunge"}, "CONTRACT_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": "moonshot"}, "CONTRACT_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": 3}, "CONTRACT_NOT_ALLOWED"),
        ("timpson-tournament", {"contract": "splash"}, "CONTRACT_NOT_ALLOWED"),
        ("timpson-tournament", {"contract": "sevens", "marks": 1}, "CONTRACT_NOT_ALLOWED"),
        ("texas-88", {"contract": "nello"}, "CONTRACT_NOT_ALLOWED"),
        ("timpson-tournament", {"contract": "nello", "doubles": "low"}, "CONTRACT_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": "nello", "doubles": "up"}, "NELLO_DOUBLES_MODE"),
        ("wikipedia-42", {"contract": "nello", "doubles": None}, "NELLO_DOUBLES_MODE"),
        ("wikipedia-42", {"contract": "nello", "marks": 2}, "NELLO_MARKS"),
        ("wikipedia-42", {"contract": "nello", "doubles_held": 2}, "BAD_INPUT"),
        ("wikipedia-42", {"contract": "plunge", "marks": 3}, "PLUNGE_MARKS"),
        ("wikipedia-42", {"contract": "splash", "marks": 2}, "SPLASH_MARKS"),
        ("wikipedia-42", {"contract": "plunge", "doubles_held": 3}, "NOT_ENOUGH_DOUBLES"),
        ("wikipedia-42", {"contract": "splash", "doubles_held": 2}, "NOT_ENOUGH_DOUBLES"),
        ("wikipedia-42", {"contract": "plunge", "doubles_held": "4"}, "BAD_INPUT"),
        ("wikipedia-42", {"contract": "plunge", "doubles": "high"}, "BAD_INPUT"),
        ("wikipedia-42", {"contract": "sevens", "doubles_held": 4}, "BAD_INPUT"),
        ("wikipedia-42", {"contract": "sevens", "marks": 0}, "BID_OUT_OF_RANGE"),
        ("geezer", {"contract": "dive", "doubles_held": 3}, "NOT_ENOUGH_DOUBLES"),
        ("geezer", {"contract": "dip", "marks": 1}, "DIP_MARKS"),
        ("geezer", {"contract": "plunge", "doubles_held": 4}, "NOT_ENOUGH_DOUBLES"),
    ],
)
def test_illegal_bid_has_stable_code(preset, raw, code):
    """docs/rules.md 5, 13-17, 20 and the code table: every illegal bid names its code."""
    assert code_of(parse_bid, get_ruleset(preset), raw) == code


def test_message_names_the_value_and_the_rule_in_words():
    """docs/rules.md 5: "29 is too low: bids in Straight 42 start at 30."; field kept."""
    with pytest.raises(RulesError) as caught:
        parse_bid(get_ruleset("straight-42"), 29, "bids[0]")
    assert caught.value.message == "29 is too low: bids in Straight 42 start at 30."
    assert caught.value.field == "bids[0]"


@pytest.mark.parametrize(
    ("raw", "award_marks", "all_tricks"),
    [
        (30, 1, False),
        (41, 1, False),
        (42, 1, True),
        (126, 3, True),
        ({"contract": "nello"}, 1, False),
        ({"contract": "plunge"}, 4, True),
        ({"contract": "sevens", "marks": 1}, 1, True),
    ],
)
def test_bid_marks_and_all_tricks(raw, award_marks, all_tricks):
    """docs/rules.md 8, 9: a point bid earns 1 mark; mark bids and contracts need every trick."""
    bid = parse_bid(get_ruleset("wikipedia-42"), raw)
    assert (bid.award_marks, bid.all_tricks) == (award_marks, all_tricks)


@pytest.mark.parametrize(
    ("preset", "bid", "trump", "code"),
    [
        ("straight-42", 30, 0, None),
        ("straight-42", 30, 6, None),
        ("straight-42", 30, "doubles", None),
        ("straight-42", 30, "follow_me", None),
        ("straight-42", 30, "none", None),
        ("straight-42", 30, None, None),
        ("straight-42", 30, 7, "TRUMP_NOT_ALLOWED"),
        ("straight-42", 30, -1, "TRUMP_NOT_ALLOWED"),
        ("straight-42", 30, True, "TRUMP_NOT_ALLOWED"),
        ("straight-42", 30, "fives", "TRUMP_NOT_ALLOWED"),
        ("straight-42", 30, [1], "TRUMP_NOT_ALLOWED"),
        ("straight-42", 42, "sevens", "TRUMP_NOT_ALLOWED"),
        ("wikipedia-42", 42, "sevens", None),
        ("wikipedia-42", 41, "sevens", "TRUMP_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": "sevens", "marks": 1}, "sevens", None),
        ("wikipedia-42", {"contract": "sevens", "marks": 1}, 3, "TRUMP_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": "nello"}, "none", None),
        ("wikipedia-42", {"contract": "nello"}, "follow_me", None),
        ("wikipedia-42", {"contract": "nello"}, 4, "TRUMP_NOT_ALLOWED"),
        ("wikipedia-42", {"contract": "nello"}, "doubles", "TRUMP_NOT_ALLOWED"),
        ("tennessee", 30, "follow_me", "TRUMP_NOT_ALLOWED"),
        ("tennessee", 30, "doubles", None),
        ("moon", 5, "doubles", "TRUMP_NOT_ALLOWED"),
        ("moon", 5, "follow_me", None),
        ("big-game", 42, 8, None),
        ("big-game", 42, 9, "TRUMP_NOT_ALLOWED"),
        ("140", 100, 9, None),
    ],
)
def test_trump_choice_follows_the_ruleset(preset, bid, trump, code):
    """docs/rules.md 12, 13, 16, 20: suits, doubles, follow-me, sevens only where allowed."""
    ruleset = get_ruleset(preset)
    assert code_of(check_trump, ruleset, trump, parse_bid(ruleset, bid)) == code


def test_bid_value_ranks_contracts_with_mark_bids():
    """docs/rules.md 14: a 4-mark plunge ranks with a 4-mark bid (168)."""
    ruleset = get_ruleset("wikipedia-42")
    assert parse_bid(ruleset, {"contract": "plunge"}).value == 168
    assert Bid("points", 0, 30).canonical() == 30
