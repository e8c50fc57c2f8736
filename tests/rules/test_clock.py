"""Time called: the hand in play is finished, then the leader wins; level leaders play one
more hand until one is ahead; an early finish is a plain win (docs/rules.md 36-38)."""

import pytest

from rules import RulesError, TimeCall, get_ruleset, replay, time_call, time_status

PASS = "pass"
MARKS = get_ruleset("straight-42")


def made(bidder, bid=30):
    """A hand bid by `bidder` and made (bids of 84 and up are mark bids: all 42 points)."""
    return {"bidder": bidder, "bid": bid, "result": {"captured": bid if bid < 42 else 42}}


def all_pass():
    """A hand everyone passed: reshuffled under the ruleset's all-pass rule."""
    return {"bids": [PASS, PASS, PASS, PASS]}


RESHUFFLE = get_ruleset("straight-42", {"all_pass": "reshuffle"})


def test_the_hand_in_play_is_finished_then_the_leader_wins():
    """docs/rules.md 36, 37: called after hand 2 with hand 3 in play: hand 3 is played, and
    then the side ahead in marks wins on time."""
    hands = [made(0), made(1), made(0)]  # seats 0, 2 are side 0: marks 1-0, 1-1, 2-1
    call = {"hands": 2, "in_play": True}
    during = replay(MARKS, hands[:2], time_called=call).to_dict()
    assert not during["game_over"] and during["time"] == {**call, "phase": "finish_hand"}
    after = replay(MARKS, hands, time_called=call).to_dict()
    assert after["game_over"] and after["winner"] == 0 and after["end_reason"] == "time"
    assert after["totals"] == [2, 1] and after["time"]["phase"] == "decided"
    with pytest.raises(RulesError) as caught:  # nothing after the game's end on time
        replay(MARKS, [*hands, made(1)], time_called=call)
    assert caught.value.code == "GAME_OVER" and caught.value.hand_index == 3


def test_a_call_between_hands_ends_the_game_at_once():
    """docs/rules.md 36: with no hand in play, the call is the end: the leader wins now."""
    state = replay(MARKS, [made(1), made(1)], time_called={"hands": 2, "in_play": False})
    assert (state.game_over, state.winner, state.end_reason) == (True, 1, "time")


def test_level_goes_to_one_more_hand_and_again_until_one_is_ahead():
    """docs/rules.md 37: level after the hand in play: one more hand; a reshuffle leaves them
    level, so play goes on until a hand separates them."""
    call = {"hands": 1, "in_play": True}
    level = replay(RESHUFFLE, [made(0), made(1)], time_called=call)
    assert not level.game_over and level.time["phase"] == "one_more_hand"
    still = replay(RESHUFFLE, [made(0), made(1), all_pass()], time_called=call)
    assert not still.game_over and still.time["phase"] == "one_more_hand"
    done = replay(RESHUFFLE, [made(0), made(1), all_pass(), made(1, 84)], time_called=call)
    assert (done.game_over, done.winner, done.totals) == (True, 1, [1, 3])


def test_an_early_finish_is_a_plain_win():
    """docs/rules.md 38: a side reaching the target in the hand in play wins as ever (the
    target, not the time), and a win before the call stands."""
    call = {"hands": 2, "in_play": True}
    hands = [made(0, 168), made(0, 84), made(0, 84)]  # 4, 6, 8 marks
    state = replay(MARKS, hands, time_called=call).to_dict()
    assert (state["winner"], state["end_reason"]) == (0, "target")
    assert state["time"]["phase"] == "decided"


def test_points_games_are_decided_on_points():
    """docs/rules.md 37: a points game's leader is the side ahead in points."""
    points = get_ruleset("straight-42", {"scoring": "points"})
    hand = {"bidder": 1, "bid": 30, "result": {"captured": 30}}  # 30 to side 1, 12 to side 0
    state = replay(points, [hand], time_called={"hands": 0})
    assert (state.game_over, state.winner, state.totals) == (True, 1, [12, 30])


def test_time_status_with_three_sides_level_on_top_plays_on():
    """docs/rules.md 37: two sides level on top of three is level: one more hand."""
    assert time_status([5, 5, 2], 4, TimeCall(3)) == (False, None, "one_more_hand")
    assert time_status([5, 4, 2], 3, TimeCall(3)) == (False, None, "finish_hand")
    assert time_status([5, 4, 2], 4, TimeCall(3)) == (True, 0, "decided")


@pytest.mark.parametrize(
    "value",
    [{"hands": -1}, {"hands": 1.5}, {"hands": 2, "in_play": "yes"}, {"at": 3}, [2, True], None],
)
def test_a_bad_call_is_refused_in_words(value):
    """docs/rules.md 36: a call is a whole number of hands, and a hand in play or not."""
    with pytest.raises(RulesError) as caught:
        time_call(value)
    assert caught.value.code == "BAD_INPUT" and "hands" in str(caught.value)
    assert time_call(TimeCall(2, False)) == TimeCall(2, False)


def test_the_hand_that_ends_the_game_on_time_says_so():
    """docs/rules.md 37: the last hand's result carries the end, as a hand reaching 7 does."""
    state = replay(MARKS, [made(0)], time_called={"hands": 0}).to_dict()
    last = state["hands"][-1]
    assert (last["game_over"], last["winner"], last["end_reason"]) == (True, 0, "time")


def test_a_call_before_any_hand_with_a_paper_lead_ends_it_at_once():
    """docs/rules.md 36, 37: a paper score 3-1 and time called with no hand in play: the
    side ahead wins on time before any hand."""
    state = replay(MARKS, [], start_totals=[3, 1], time_called={"hands": 0, "in_play": False})
    assert (state.game_over, state.winner, state.end_reason, state.hands) == (True, 0, "time", [])
