"""Drawn rounds (docs/tournaments.md "Swiss and drawn rounds"; Hearne's 42
tournament draws each round's opponents from a winners' box and a losers' box).

Properties for 4 to 64 teams with random results, the seeded draw, and the odd boxes.
"""

import random
from collections import Counter

from helpers.players import play_rounds
from hypothesis import example, given
from hypothesis import strategies as st

from brackets import BYE, Result
from brackets.drawn import Drawn, draw_round
from brackets.rounds import History


def teams_of(count):
    """Team names in seed order."""
    return [f"team {n}" for n in range(1, count + 1)]


@given(count=st.integers(4, 64), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
@example(count=5, rounds=8, seed=0)
@example(count=64, rounds=6, seed=1)
def test_each_round_draws_winners_against_winners_and_losers_against_losers(count, rounds, seed):
    """Everyone plays once a round or has the bye; at most one pair a round joins the two
    boxes (when they are odd); byes go round (nobody has two before everyone has one, so at
    most one each while rounds <= teams); a bye counts as a win."""
    event = play_rounds(Drawn(teams_of(count), rounds, seed=seed), random.Random(seed))
    assert event.finished_rounds
    history = History(event.teams)
    for number in range(1, rounds + 1):
        states = event.round(number)
        seen = Counter(team for state in states for team in state.teams if team is not BYE)
        assert sorted(seen) == sorted(event.teams) and set(seen.values()) == {1}
        byes = [state.winner for state in states if state.status == "bye"]
        assert len(byes) == count % 2
        if byes:  # the bye comes from the losers' box while it has a team with fewest byes
            fewest = min(history.byes.values())
            assert history.byes[byes[0]] == fewest
            losers = [t for t in event.teams if not history.won_last[t]]
            if any(history.byes[t] == fewest for t in losers):
                assert byes[0] in losers
        across = [
            s
            for s in states
            if s.status != "bye" and history.won_last[s.teams[0]] != history.won_last[s.teams[1]]
        ]
        assert len(across) <= 1
        for state in states:
            if state.status == "bye":
                history.bye(state.winner)
            else:
                history.game(state.winner, state.loser)
        assert max(history.byes.values()) - min(history.byes.values()) <= 1
    if rounds <= count:
        assert all(event.byes(team) <= 1 for team in event.teams)
    lines = event.standings()
    assert [line.place for line in lines] == list(range(1, count + 1))


def test_the_draw_is_the_same_on_every_replay_and_differs_by_seed():
    """Same seed, same results: the same pairs; another seed draws another round 1."""
    rng = random.Random(7)
    event = play_rounds(Drawn(teams_of(12), 4, seed=42), rng)
    again = Drawn(event.teams, 4, event.results, seed=42)
    assert [event.round(n) for n in range(1, 5)] == [again.round(n) for n in range(1, 5)]
    draws = {tuple(s.teams for s in Drawn(teams_of(12), 4, seed=s).round(1)) for s in range(5)}
    assert len(draws) > 1


def test_odd_boxes_send_one_winner_against_one_loser():
    """Six teams after round 1 (3 winners, 3 losers): one winner meets one loser."""
    history = History(teams_of(6))
    for winner, loser in (("team 1", "team 2"), ("team 3", "team 4"), ("team 5", "team 6")):
        history.game(winner, loser)
    pairs = draw_round(teams_of(6), history, random.Random(0))
    kinds = [(history.won_last[a], history.won_last[b]) for a, b in pairs]
    assert kinds == [(True, True), (True, False), (False, False)]


def test_the_bye_comes_from_the_winners_box_once_every_loser_has_had_one():
    """Five teams: the only loser with no bye is gone, so a winner with none gets it."""
    history = History(teams_of(5))
    history.bye("team 5")
    history.game("team 1", "team 2")
    history.game("team 3", "team 4")
    history.game("team 2", "team 5")  # team 5 lost last; teams 4 and 5: lost last
    history.bye("team 4")  # now team 4 won last (its bye)
    pairs = draw_round(teams_of(5), history, random.Random(1))
    bye = [a for a, b in pairs if b is BYE]
    assert len(bye) == 1 and history.byes[bye[0]] == 0 and history.won_last[bye[0]]


def test_a_drawn_event_takes_results_like_swiss():
    """Match ids are D<round>.<n>; a result for the next round waits for this one."""
    event = Drawn(teams_of(4), 2, seed=1)
    first = event.round(1)
    assert [s.id for s in first] == ["D1.1", "D1.2"]
    event = event.record(Result("D1.1", first[0].teams[0]))
    assert event.current_round == 1
    event = event.record(Result("D1.2", first[1].teams[1]))
    assert event.current_round == 2 and len(event.ready()) == 2


def test_a_drawn_event_cuts_to_a_championship_of_its_top_teams():
    """Ten teams, five drawn rounds (as Alba guarantees games before its championship), then
    the top 4 by the standings play single elimination; the rest follow from 5th."""
    event = play_rounds(Drawn(teams_of(10), 5, seed=9, cut=4), random.Random(9))
    final = event.championship()
    assert final.finished and len(final.teams) == 4
    lines = event.standings()
    assert lines[0].team == final.champion
    assert [line.place for line in lines[4:]] == list(range(5, 11))
    assert sorted(line.team for line in lines) == sorted(teams_of(10))
