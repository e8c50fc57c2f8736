"""A game: totals, game over, winner, dealer rotation, hand numbers (docs/rules.md 3, 7-10)."""

import pytest

from rules import RulesError, get_ruleset, replay

PASS = "pass"


def made(bidder, bid=30, captured=None):
    """A hand bid by `bidder` and made."""
    if captured is None:
        captured = bid if bid < 42 else 42
    return {"bidder": bidder, "bid": bid, "result": {"captured": captured}}


def test_whole_game_in_marks():
    """Walk-through, marks (docs/rules.md 3-9): seven hands to 7 marks, overshoot allowed."""
    hands = [
        {"dealer": 0, "bids": [30, PASS, 32, PASS], "trump": 6, "result": {"captured": 35}},
        {
            "dealer": 1,
            "bids": [PASS, PASS, PASS, 30],
            "trump": "doubles",
            "result": {"captured": 22},
        },
        {"dealer": 2, "bids": [84, PASS, PASS, PASS], "trump": 5, "result": {"captured": 42}},
        {"dealer": 3, "bids": [PASS, 31, PASS, 35], "result": {"captured": 20, "declared": "set"}},
        {
            "dealer": 0,
            "bids": [42, PASS, PASS, PASS],
            "trump": "follow_me",
            "result": {"captured": 42},
        },
        {"dealer": 1, "bids": [30, 84, 126, PASS], "trump": 4, "result": {"captured": 42}},
    ]
    state = replay(get_ruleset("straight-42"), hands).to_dict()
    summary = [(h["outcome"], h["bidder"], h["awarded"], h["totals"]) for h in state["hands"]]
    assert summary == [
        ("made", 3, [0, 1], [0, 1]),
        ("set", 1, [1, 0], [1, 1]),
        ("made", 3, [0, 2], [1, 3]),
        ("set", 3, [1, 0], [2, 3]),
        ("made", 1, [0, 1], [2, 4]),
        ("made", 0, [3, 0], [5, 4]),
    ]
    assert not state["game_over"] and state["next_dealer"] == 2
    last = {"dealer": 2, "bids": [PASS, 84, PASS, PASS], "result": {"captured": 42}}
    final = replay(get_ruleset("straight-42"), [*hands, last]).to_dict()
    assert final["totals"] == [7, 4]
    assert (final["game_over"], final["winner"], final["next_hand_no"]) == (True, 0, 8)
    assert final["next_dealer"] == 3  # the rotation is still reported after the game


def test_whole_game_in_points():
    """Walk-through, points to 250 (docs/rules.md 10 and its ambiguities)."""
    hands = [
        {"bidder": 1, "bid": 30, "result": {"captured": 31}},  # made: 11, 31
        {"bidder": 2, "bid": 30, "result": {"captured": 26}},  # set: 0, 30 + 16
        {"bidder": 3, "bid": 84, "result": {"captured": 42}},  # made mark bid: 0, 84
        {"bidder": 0, "bid": 35, "result": {"captured": 40}},  # made: 40, 2
        {"bidder": 1, "bid": 42, "result": {"captured": 41}},  # set: 42 + 1, 0
        {"bidder": 2, "bid": 84, "result": {"captured": 42}},  # made: 84, 0
    ]
    state = replay(get_ruleset("points-250"), hands, first_dealer=3).to_dict()
    assert [h["awarded"] for h in state["hands"]] == [
        [11, 31],
        [0, 46],
        [0, 84],
        [40, 2],
        [43, 0],
        [84, 0],
    ]
    assert state["totals"] == [178, 163] and not state["game_over"]
    finish = {"bidder": 1, "bid": 36, "result": {"captured": 37}}  # made: 5, 37
    more = [*hands, finish, {"bidder": 0, "bid": 30, "result": {"captured": 42}}]
    final = replay(get_ruleset("points-250"), more, first_dealer=3).to_dict()
    assert final["totals"] == [225, 200] and not final["game_over"]
    last = {"bidder": 2, "bid": 30, "result": {"captured": 30}}
    won = replay(get_ruleset("points-250"), [*more, last], first_dealer=3).to_dict()
    assert won["totals"] == [255, 212]
    assert (won["game_over"], won["winner"], won["next_hand_no"]) == (True, 0, 10)


def test_both_sides_past_250_the_bidder_who_made_wins():
    """docs/rules.md ambiguities: both sides reach the target in one hand -> bidder goes out."""
    state = replay(get_ruleset("points-250"), [made(1, 30, 30)], start_totals=[245, 225])
    assert state.totals == [257, 255] and (state.game_over, state.winner) == (True, 1)


@pytest.mark.parametrize(
    ("start", "by_side", "bid", "totals", "over", "winner"),
    [
        ([19, 19, 19], [3, 2, 2], 4, [15, 21, 21], False, None),
        ([19, 19, 19], [4, 2, 1], 4, [23, 21, 20], True, 0),
        ([18, 19, 15], [4, 2, 1], 5, [13, 21, 16], True, 1),
        ([10, 19, 20], [3, 2, 2], 4, [6, 21, 22], True, 2),
        ([10, 10, 10], [3, 2, 2], 4, [6, 12, 12], False, None),
    ],
)
def test_winner_when_several_sides_reach_the_target(start, by_side, bid, totals, over, winner):
    """docs/rules.md ambiguities: a made bidder at the target goes out; else the highest total
    wins, and an exact tie on top plays on (Moon, game to 21)."""
    the_hand = {"bidder": 0, "bid": bid, "result": {"by_side": by_side}}
    state = replay(get_ruleset("moon"), [the_hand], start_totals=start)
    assert (state.totals, state.game_over, state.winner) == (totals, over, winner)


def test_overshooting_seven_marks_is_allowed():
    """docs/rules.md 9: '7 (or more)': a 2-mark hand from 6 ends at 8."""
    state = replay(get_ruleset("straight-42"), [made(1, 84, 42)], start_totals=[1, 6])
    assert (state.totals, state.game_over, state.winner) == ([1, 8], True, 1)


def test_marks_game_ends_after_max_hands_with_the_leader():
    """Docs/rules.md 9: at most 13 scored hands; the leader wins, nobody on a tie."""
    hands = [made(0), made(1)] * 6 + [made(0)]
    state = replay(get_ruleset("straight-42"), hands)
    assert state.totals == [7, 6] and state.game_over and state.winner == 0
    short = get_ruleset("straight-42", {"max_hands": 2})
    tie = replay(short, [made(0), made(1)])
    assert (tie.game_over, tie.winner) == (True, None)
    lead = replay(short, [made(0), made(0)])
    assert (lead.game_over, lead.winner) == (True, 0)


def test_reshuffles_do_not_count_toward_max_hands():
    """docs/rules.md 9: 'scored hands' — a reshuffle is not scored, but it is a hand number."""
    ruleset = get_ruleset("straight-42", {"max_hands": 2, "all_pass": "reshuffle"})
    state = replay(ruleset, [made(0), {"bids": [PASS] * 4}])
    assert not state.game_over and state.next_hand_no == 3 and state.next_dealer == 2


def test_hand_after_game_over_is_rejected_with_its_index():
    """docs/rules.md 9, Input checks: a hand after the game is GAME_OVER, with its index."""
    with pytest.raises(RulesError) as caught:
        replay(get_ruleset("straight-42"), [made(0, 84, 42)] * 4 + [made(1)])
    assert (caught.value.code, caught.value.hand_index) == ("GAME_OVER", 4)


def test_error_in_a_hand_carries_its_index():
    """docs/rules.md 5, Input checks: replay names the bad hand in .hand_index."""
    with pytest.raises(RulesError) as caught:
        replay(get_ruleset("straight-42"), [made(0), made(1, 29)])
    assert (caught.value.code, caught.value.hand_index) == ("BID_OUT_OF_RANGE", 1)


def test_dealer_rotates_clockwise_through_reshuffles():
    """docs/rules.md 3, 7: the deal passes left every hand, a reshuffle included."""
    hands = [
        {"dealer": 4, "bids": [PASS] * 6},
        {"dealer": 5, "bids": [PASS] * 6},
        {"dealer": 0, "bidder": 1, "bid": 60, "result": {"captured": 60}},
    ]
    state = replay(get_ruleset("texas-88"), hands, first_dealer=4).to_dict()
    assert [h["dealer"] for h in state["hands"]] == [4, 5, 0]
    assert (state["next_dealer"], state["next_hand_no"]) == (1, 4)


def test_wrong_dealer_in_the_log_is_out_of_turn():
    """docs/rules.md 3: the dealer given must be the expected one."""
    with pytest.raises(RulesError) as caught:
        replay(get_ruleset("straight-42"), [made(0), {**made(1), "dealer": 0}])
    assert (caught.value.code, caught.value.hand_index) == ("DEALER_OUT_OF_TURN", 1)


def test_start_totals_carry_over_from_paper():
    """docs/rules.md 9: a game may start from totals carried over from paper."""
    state = replay(get_ruleset("straight-42"), [made(0)], start_totals=[6, 2])
    assert state.totals == [7, 2] and state.winner == 0


def test_paper_totals_that_already_end_the_game_close_it():
    """docs/rules.md 9: start totals past the target end the game; a hand is GAME_OVER."""
    state = replay(get_ruleset("straight-42"), [], start_totals=[3, 7])
    assert (state.game_over, state.winner, state.end_reason) == (True, 1, "paper_score")
    with pytest.raises(RulesError) as caught:
        replay(get_ruleset("straight-42"), [made(0)], start_totals=[3, 7])
    assert (caught.value.code, caught.value.hand_index) == ("GAME_OVER", 0)


def test_empty_log_is_a_fresh_game():
    """docs/rules.md 3: no hands yet: zero totals, hand 1 next, the first dealer deals."""
    state = replay(get_ruleset("moon"), [], first_dealer=2).to_dict()
    assert state == {
        "totals": [0, 0, 0],
        "game_over": False,
        "winner": None,
        "next_dealer": 2,
        "next_hand_no": 1,
        "hands": [],
        "sides": 3,
        "end_reason": None,
        "scored_hands": 0,
        "warnings": [0, 0, 0],
    }


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("straight-42", []), "BAD_INPUT"),
        ((None, []), "BAD_INPUT"),
        ((get_ruleset("straight-42"), {}), "BAD_INPUT"),
        ((get_ruleset("straight-42"), [], 4), "SEAT_OUT_OF_RANGE"),
        ((get_ruleset("straight-42"), [], 0, [0, 0, 0]), "BAD_INPUT"),
        ((get_ruleset("straight-42"), [], 0, [0, None]), "BAD_INPUT"),
        ((get_ruleset("straight-42"), [], 0, "0-0"), "BAD_INPUT"),
    ],
)
def test_replay_checks_its_arguments(args, code):
    """docs/rules.md 3, Input checks: replay rejects bad rulesets, logs, dealers, totals."""
    with pytest.raises(RulesError) as caught:
        replay(*args)
    assert caught.value.code == code
