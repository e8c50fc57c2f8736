"""The auction and the bid ladder (docs/rules.md 3-7, 13, 14, 20, 23)."""

import pytest

from rules import RulesError, get_ruleset, legal_bids
from rules.auction import run_auction

PASS = "pass"


def auction_code(preset, bids, dealer=0, overrides=None, complete=True):
    """Run an auction; return the RulesError code and the field, or the winner."""
    try:
        state = run_auction(get_ruleset(preset, overrides), bids, dealer, complete)
    except RulesError as error:
        return error.code, error.field
    return state.high_seat, state.high.canonical() if state.high else None


@pytest.mark.parametrize(
    ("preset", "bids", "dealer", "overrides", "expected"),
    [
        ("straight-42", [30, PASS, 31, PASS], 0, None, (3, 31)),
        ("straight-42", [PASS, PASS, PASS, 30], 3, None, (3, 30)),
        ("straight-42", [PASS, PASS, PASS, 42], 0, None, (0, 42)),
        ("straight-42", [84, 126, 168, 210], 0, None, (0, 210)),
        ("straight-42", [30, 42, 84, 126], 1, None, (1, 126)),
        ("straight-42", [42, 84, PASS, PASS], 0, None, (2, 84)),
        ("straight-42", [PASS, PASS, PASS, PASS], 0, None, ("DEALER_MUST_BID", "bids[3]")),
        ("straight-42", [PASS, PASS, PASS, PASS], 0, {"all_pass": "reshuffle"}, (None, None)),
        ("straight-42", [31, 30, PASS, PASS], 0, None, ("BID_NOT_HIGHER", "bids[1]")),
        ("straight-42", [31, 31, PASS, PASS], 0, None, ("BID_NOT_HIGHER", "bids[1]")),
        ("straight-42", [42, 41, PASS, PASS], 0, None, ("BID_NOT_HIGHER", "bids[1]")),
        ("straight-42", [126, PASS, PASS, PASS], 0, None, ("MARK_BID_TOO_HIGH", "bids[0]")),
        ("straight-42", [84, 168, PASS, PASS], 0, None, ("MARK_BID_TOO_HIGH", "bids[1]")),
        ("straight-42", [42, 126, PASS, PASS], 0, None, ("MARK_BID_TOO_HIGH", "bids[1]")),
        ("straight-42", [30, PASS, PASS], 0, None, ("BID_COUNT", "bids")),
        ("straight-42", [30, PASS, PASS, PASS, PASS], 0, None, ("BID_COUNT", "bids[4]")),
        ("straight-42", [29, PASS, PASS, PASS], 0, None, ("BID_OUT_OF_RANGE", "bids[0]")),
        ("straight-42", ["PASS", PASS, PASS, PASS], 0, None, ("BID_NOT_INTEGER", "bids[0]")),
        ("straight-42", "30,pass", 0, None, ("BAD_INPUT", "bids")),
        ("straight-42", [84, 168, PASS, PASS], 0, {"mark_escalation": "double"}, (2, 168)),
        (
            "straight-42",
            [84, 210, PASS, PASS],
            0,
            {"mark_escalation": "double"},
            ("MARK_BID_TOO_HIGH", "bids[1]"),
        ),
        ("tennessee", [84, 126, 168, 210], 0, None, ("MARK_BID_TOO_HIGH", "bids[3]")),
        (
            "wikipedia-42",
            [{"contract": "plunge"}, PASS, PASS, PASS],
            0,
            None,
            (1, {"contract": "plunge", "marks": 4}),
        ),
        (
            "wikipedia-42",
            [30, {"contract": "plunge"}, {"contract": "plunge", "marks": 5}, PASS],
            0,
            None,
            (3, {"contract": "plunge", "marks": 5}),
        ),
        ("wikipedia-42", [{"contract": "plunge"}, 210, 252, PASS], 0, None, (3, 252)),
        (
            "wikipedia-42",
            [{"contract": "plunge", "marks": 5}, PASS, PASS, PASS],
            0,
            None,
            ("MARK_BID_TOO_HIGH", "bids[0]"),
        ),
        (
            "wikipedia-42",
            [{"contract": "splash"}, {"contract": "plunge"}, PASS, PASS],
            0,
            None,
            (2, {"contract": "plunge", "marks": 4}),
        ),
        (
            "wikipedia-42",
            [42, {"contract": "nello"}, PASS, PASS],
            0,
            None,
            ("BID_NOT_HIGHER", "bids[1]"),
        ),
        (
            "h2g2-house",
            [PASS, PASS, PASS, {"contract": "nello"}],
            0,
            None,
            (0, {"contract": "nello", "marks": 1, "doubles": "high"}),
        ),
        (
            "h2g2-house",
            [{"contract": "nello"}, PASS, PASS, PASS],
            0,
            None,
            ("NELLO_DEALER_ONLY", "bids[0]"),
        ),
        (
            "h2g2-house",
            [30, PASS, PASS, {"contract": "nello"}],
            0,
            None,
            ("NELLO_DEALER_ONLY", "bids[3]"),
        ),
        ("texas-88", [PASS] * 6, 0, None, (None, None)),
        ("texas-88", [60, 62, 64, 86, 88, 176], 0, None, (0, 176)),
        ("texas-88", [176, 264, 352, PASS, PASS, PASS], 0, None, (3, 352)),
        ("moon", [4, 5, 21], 0, None, (0, 21)),
        ("moon", [21, 42, PASS], 0, None, (2, 42)),
        ("moon", [42, PASS, PASS], 0, None, ("SHOOT_OVER_WITHOUT_MOON", "bids[0]")),
        ("moon", [5, 42, PASS], 0, None, ("SHOOT_OVER_WITHOUT_MOON", "bids[1]")),
        ("moon", [PASS, PASS, PASS], 0, None, (None, None)),
        ("big-game", [42, 43, PASS, 44, PASS, 45, PASS], 0, None, (2, 45)),
        ("big-game", [42, PASS, PASS, PASS], 0, None, (1, 42)),
        ("big-game", [PASS, PASS, PASS, 42], 0, None, (0, 42)),
        ("big-game", [PASS, PASS, PASS, PASS], 0, None, ("DEALER_MUST_BID", "bids[3]")),
        ("big-game", [42, 43, PASS, PASS], 0, None, ("BID_COUNT", "bids")),
        ("big-game", [42, PASS, PASS, PASS, 43], 0, None, ("BID_COUNT", "bids[4]")),
        ("big-game", [42, 43, 44, 45, 46, PASS, PASS, PASS], 3, None, (0, 46)),
    ],
)
def test_auction(preset, bids, dealer, overrides, expected):
    """docs/rules.md 3-7, 13, 14, 17, 20, 23: who wins the auction, or which rule it breaks."""
    assert auction_code(preset, bids, dealer, overrides) == expected


def test_partial_auction_is_fine_until_complete_is_asked():
    """docs/rules.md 4: an auction in progress is legal; a finished hand needs it all."""
    assert auction_code("straight-42", [30], complete=False) == (1, 30)


@pytest.mark.parametrize(
    ("preset", "auction", "dealer", "expected"),
    [
        ("straight-42", [], 0, ["pass", *range(30, 43), 84]),
        ("straight-42", [35, PASS], 0, ["pass", *range(36, 43), 84]),
        ("straight-42", [PASS, PASS, PASS], 0, [*range(30, 43), 84]),
        ("straight-42", [42], 0, ["pass", 84]),
        ("straight-42", [84], 0, ["pass", 126]),
        ("straight-42", [84, 126, 168], 0, ["pass", 210]),
        ("straight-42", [30, PASS, PASS, PASS], 0, []),
        ("tennessee", [84, 126, 168], 0, ["pass"]),
        ("straight-42", [84], 0, ["pass", 126]),
        ("texas-88", [PASS] * 5, 0, ["pass", *range(60, 87, 2), 88, 176]),
        ("moon", [], 0, ["pass", 4, 5, 6, 7, 21]),
        ("moon", [21], 0, ["pass", 42]),
        ("moon", [21, 42], 0, ["pass"]),
        ("140", [135], 0, ["pass", 140, 280]),
        (
            "h2g2-house",
            [PASS, PASS, PASS],
            0,
            [
                *range(30, 43),
                84,
                {"contract": "nello", "marks": 1, "doubles": "high"},
                {"contract": "nello", "marks": 1, "doubles": "low"},
                {"contract": "nello", "marks": 1, "doubles": "own_suit"},
                {"contract": "plunge", "marks": 3},
                {"contract": "sevens", "marks": 1},
                {"contract": "sevens", "marks": 2},
            ],
        ),
        ("timpson-tournament", [84], 0, ["pass", 126, {"contract": "plunge", "marks": 4}]),
        (
            "wikipedia-42",
            [{"contract": "plunge"}],
            0,
            [
                "pass",
                210,
                {"contract": "plunge", "marks": 5},
                {"contract": "splash", "marks": 5},
                {"contract": "sevens", "marks": 5},
            ],
        ),
    ],
)
def test_ladder_offers_only_legal_bids(preset, auction, dealer, expected):
    """docs/rules.md 4-7, 13-16, 20: the phone offers exactly these bids."""
    assert legal_bids(get_ruleset(preset), auction, dealer) == expected


def test_ladder_in_the_big_game_lets_a_bidder_bid_again():
    """docs/rules.md 23: players may bid more than once until all but one have passed."""
    ladder = legal_bids(get_ruleset("big-game"), [42, 43, PASS, PASS], 0)
    assert ladder[:3] == ["pass", 44, 45]


def test_ladder_rejects_a_bad_auction_and_a_bad_dealer():
    """The ladder checks the auction so far and the dealer seat (docs/rules.md 3, 4)."""
    ruleset = get_ruleset("straight-42")
    with pytest.raises(RulesError) as caught:
        legal_bids(ruleset, [31, 30], 0)
    assert caught.value.code == "BID_NOT_HIGHER"
    with pytest.raises(RulesError) as caught:
        legal_bids(ruleset, [], 4)
    assert caught.value.code == "SEAT_OUT_OF_RANGE"
    with pytest.raises(RulesError) as caught:
        legal_bids("straight-42", [], 0)
    assert caught.value.code == "BAD_INPUT"
