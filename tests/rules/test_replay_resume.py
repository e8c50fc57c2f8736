"""Resuming a replay from a state already scored (docs/rules.md 9, 26): the API scores an
appended or edited hand from the cached state instead of the whole log."""

import pytest

from rules import RulesError, get_ruleset, replay

RULES = get_ruleset(
    "straight-42", {"all_pass": "reshuffle", "table_talk_warning_first": True, "max_hands": 8}
)
TALK = {"kind": "table_talk", "side": 0}


def made(bidder, **extra):
    """A made 30 bid by `bidder`."""
    return {"bidder": bidder, "bid": 30, "result": {"captured": 35}, **extra}


# Reshuffles (not scored hands), table talk (the first a warning only, the next a mark) and
# enough scored hands to reach max_hands (8) before anyone has 7 marks.
LOG = (
    [made(0, penalties=[TALK]), {"bids": ["pass"] * 4}, made(1, penalties=[TALK])]
    + [made(n % 2) for n in range(5)]
    + [{"bids": ["pass"] * 4}, made(1)]
)


def resume(log, split):
    """Replay log[:split], then resume from its state with log[split:]."""
    head = replay(RULES, log[:split], 1, [0, 0]).to_dict()
    return head, replay(
        RULES,
        log[split:],
        head["next_dealer"],
        head["totals"],
        scored_hands=head["scored_hands"],
        warnings=head["warnings"],
    )


@pytest.mark.parametrize("split", range(len(LOG)))
def test_a_resumed_replay_ends_where_the_whole_replay_does(split):
    whole = replay(RULES, LOG, 1, [0, 0]).to_dict()
    assert whole["game_over"] and whole["scored_hands"] == 8  # ended by max_hands
    _, tail = resume(LOG, split)
    tail = tail.to_dict()
    assert tail["hands"] == whole["hands"][split:]
    for key in ("totals", "game_over", "winner", "next_dealer", "scored_hands", "warnings"):
        assert tail[key] == whole[key], key


def test_counts_carry_over_a_resume():
    head = replay(RULES, LOG[:3], 1, [0, 0]).to_dict()
    assert head["scored_hands"] == 2 and head["warnings"] == [2, 0]
    # the second table talk by side 0 costs a mark; resumed without the count it would not
    again = made(1, penalties=[TALK])
    counted = replay(
        RULES,
        [again],
        head["next_dealer"],
        head["totals"],
        scored_hands=2,
        warnings=head["warnings"],
    )
    forgotten = replay(
        RULES, [again], head["next_dealer"], head["totals"], scored_hands=2, warnings=[0, 0]
    )
    assert counted.totals != forgotten.totals
    assert counted.warnings == {0: 3}


def test_a_dict_of_counts_is_taken_too():
    state = replay(RULES, [], 0, [0, 0], scored_hands=3, warnings={1: 2})
    assert state.to_dict()["warnings"] == [0, 2] and state.scored_hands == 3


def test_resuming_at_max_hands_is_already_over():
    state = replay(RULES, [], 0, [2, 1], scored_hands=8)
    assert state.game_over and state.winner == 0
    with pytest.raises(RulesError) as caught:
        replay(RULES, [made(1)], 0, [2, 1], scored_hands=8)
    assert caught.value.code == "GAME_OVER"


@pytest.mark.parametrize(
    ("scored", "warnings"),
    [
        (-1, None),
        (True, None),
        ("3", None),
        (0, [1]),
        (0, [0, -1]),
        (0, {"0": 1}),
        (0, {5: 1}),
        (0, [0, 1.5]),
        (0, "none"),
    ],
)
def test_bad_counts_are_bad_input(scored, warnings):
    with pytest.raises(RulesError) as caught:
        replay(RULES, [], 0, [0, 0], scored_hands=scored, warnings=warnings)
    assert caught.value.code == "BAD_INPUT"
