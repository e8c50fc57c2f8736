"""Swiss for teams (docs/tournaments.md "Swiss and drawn rounds"; "pair teams with
equal records, never a rematch, at most one bye per team", chess and bridge Swiss).

Properties for 4 to 128 teams with random results, worked cases by hand, and every refusal.
"""

import random
from collections import Counter

import pytest
from helpers.players import play_rounds
from hypothesis import example, given, settings
from hypothesis import strategies as st

from brackets import BYE, Result
from brackets.errors import BracketError, CorrectionError, NotFinishedError, ResultError
from brackets.rounds import History, ranking
from brackets.swiss import Swiss, pair_swiss

TEAM_COUNTS = st.one_of(st.integers(4, 20), st.integers(4, 128))


def teams_of(count):
    """Team names in seed order."""
    return [f"team {n}" for n in range(1, count + 1)]


def history_before(event, number):
    """The History of the rounds before `number`, rebuilt from the event's matches."""
    history = History(event.teams)
    for earlier in range(1, number):
        for state in event.round(earlier):
            if state.status == "bye":
                history.bye(state.winner)
            else:
                history.game(state.winner, state.loser)
    return history


@given(count=TEAM_COUNTS, rounds=st.integers(1, 7), seed=st.integers(0, 2**32))
@example(count=128, rounds=7, seed=1)
@example(count=9, rounds=4, seed=2)
def test_every_round_pairs_everyone_once_with_no_rematch_and_fair_byes(count, rounds, seed):
    """Each round every team plays once or has the bye; never a rematch; no second bye; the
    bye goes to the lowest-ranked team (wins, then seed) that has had none."""
    rounds = min(rounds, count // 2)
    event = play_rounds(Swiss(teams_of(count), rounds), random.Random(seed))
    assert event.finished_rounds and event.current_round == rounds
    met = set()
    for number in range(1, rounds + 1):
        states = event.round(number)
        seen = Counter(team for state in states for team in state.teams if team is not BYE)
        assert sorted(seen) == sorted(event.teams) and set(seen.values()) == {1}
        byes = [state.winner for state in states if state.status == "bye"]
        assert len(byes) == count % 2
        history = history_before(event, number)
        if byes:
            seed_of = {team: index for index, team in enumerate(event.teams)}
            ranked = sorted(event.teams, key=lambda t: (-history.wins[t], seed_of[t]))
            assert byes[0] == [t for t in ranked if not history.byes[t]][-1]
        for state in states:
            if state.status != "bye":
                pair = frozenset(state.teams)
                assert pair not in met, f"rematch {sorted(pair)} in round {number}"
                met.add(pair)
    assert all(event.byes(team) <= 1 for team in event.teams)


@settings(max_examples=20)
@given(count=TEAM_COUNTS, rounds=st.integers(1, 6), cut=st.integers(2, 16), seed=st.integers())
@example(count=16, rounds=4, cut=4, seed=0)
def test_standings_are_a_total_order_and_the_cut_plays_a_championship(count, rounds, cut, seed):
    """Standings rank every team once (wins, Buchholz, head to head, seed: places 1..n); with
    a cut, the top `cut` by those standings play single elimination, then the rest follow."""
    rounds, cut = min(rounds, count // 2), min(cut, count)
    rng = random.Random(seed)
    event = play_rounds(Swiss(teams_of(count), rounds, cut=cut), rng, stop_after=rounds - 1)
    assert [s.place for s in event.standings()] == list(range(1, count + 1))
    event = play_rounds(event, rng)
    final = event.championship()
    assert final.finished and len(final.teams) == cut
    order = ranking(event._history, event.teams)
    assert list(final.teams) == order[:cut]
    lines = event.standings()
    assert sorted(line.team for line in lines) == sorted(event.teams)
    assert lines[0].team == final.champion
    assert [line.team for line in lines[cut:]] == order[cut:]
    assert [line.place for line in lines[cut:]] == list(range(cut + 1, count + 1))


def test_round_one_pairs_top_half_against_bottom_half():
    """8 teams: 1 v 5, 2 v 6, 3 v 7, 4 v 8 (the FIDE Dutch system's first round)."""
    event = Swiss(teams_of(8), 3)
    assert [state.teams for state in event.round(1)] == [
        ("team 1", "team 5"),
        ("team 2", "team 6"),
        ("team 3", "team 7"),
        ("team 4", "team 8"),
    ]


def test_a_worked_six_team_swiss():
    """Six teams, three rounds, worked by hand: round 2 pairs the three winners and three
    losers with one float each way; round 3 avoids both rematches; standings by Buchholz."""
    t = teams_of(6)
    assert [s.teams for s in Swiss(t, 3).round(1)] == [
        ("team 1", "team 4"),
        ("team 2", "team 5"),
        ("team 3", "team 6"),
    ]
    event = Swiss(t, 3, [Result(f"S1.{i}", t[i - 1]) for i in (1, 2, 3)])
    # winners 1, 2, 3 and losers 4, 5, 6: the top of a group of three meets the half-way
    # team (2), the lowest winner (3) floats down to the top loser (4)
    assert [s.teams for s in event.round(2)] == [
        ("team 1", "team 2"),
        ("team 3", "team 4"),
        ("team 5", "team 6"),
    ]
    event = event.record(Result("S2.1", "team 1"))
    event = event.record(Result("S2.2", "team 4"))
    event = event.record(Result("S2.3", "team 5"))
    # wins 1:2 | 2 3 4 5: 1 | 6: 0, so two pairs must cross groups. Team 1 (met 4, 2) takes
    # 3; team 2 (met 5, 1) would take 4, but that leaves 5 v 6, a rematch: it takes 6
    assert [s.teams for s in event.round(3)] == [
        ("team 1", "team 3"),
        ("team 2", "team 6"),
        ("team 4", "team 5"),
    ]
    for match, winner in (("S3.1", "team 3"), ("S3.2", "team 2"), ("S3.3", "team 5")):
        event = event.record(Result(match, winner))
    assert event.finished_rounds
    # wins 1, 2, 3, 5: 2; 4: 1; 6: 0. Buchholz: 1 met 4, 2, 3 (1+2+2=5); 2 met 5, 1, 6
    # (2+2+0=4); 3 met 6, 4, 1 (0+1+2=3); 5 met 2, 6, 4 (2+0+1=3): 3 and 5 never met, so
    # seed puts 3 first; 4 met 1, 3, 5 (6); 6 met 3, 5, 2 (6)
    assert [(s.place, s.team, s.how) for s in event.standings()] == [
        (1, "team 1", "2 wins, Buchholz 5"),
        (2, "team 2", "2 wins, Buchholz 4"),
        (3, "team 3", "2 wins, Buchholz 3"),
        (4, "team 5", "2 wins, Buchholz 3"),
        (5, "team 4", "1 win, Buchholz 6"),
        (6, "team 6", "0 wins, Buchholz 6"),
    ]


def test_head_to_head_settles_a_tie_on_wins_and_buchholz():
    """a and b both have 1 win and Buchholz 2; b beat a, so b ranks above its better seed."""
    history = History(["a", "b", "x", "y", "z", "w"])
    for winner, loser in [("b", "a"), ("x", "z"), ("w", "y")]:
        history.game(winner, loser)
    for winner, loser in [("a", "x"), ("y", "b"), ("w", "z")]:
        history.game(winner, loser)
    assert ranking(history, ["a", "b", "x", "y", "z", "w"]) == ["w", "y", "b", "a", "x", "z"]


def test_a_rematch_is_avoided_by_backing_up():
    """Four teams after 1 v 3 and 2 v 4 (both won by the top): round 2 pairs 1 v 2 and 3 v 4;
    after 1 v 2 and 3 v 4, a third round would need a rematch, so Swiss stops at half."""
    event = Swiss(teams_of(4), 2, [Result("S1.1", "team 1"), Result("S1.2", "team 2")])
    assert [s.teams for s in event.round(2)] == [("team 1", "team 2"), ("team 3", "team 4")]
    with pytest.raises(BracketError, match="from 1 to 2"):
        Swiss(teams_of(4), 3)


def test_the_plain_pairing_takes_over_when_the_search_runs_long():
    """With a search of one step, pair_swiss still pairs everyone with no rematch."""
    ranked = teams_of(8)
    wins = dict.fromkeys(ranked, 0)
    played = {team: set() for team in ranked}
    played["team 1"].add("team 5")
    played["team 5"].add("team 1")
    pairs = pair_swiss(ranked, wins, played, steps=1)
    assert sorted(team for pair in pairs for team in pair) == sorted(ranked)
    assert ("team 1", "team 5") not in pairs and ("team 5", "team 1") not in pairs


def test_results_the_rounds_cannot_take_are_refused():
    """Unknown, unpaired, bye, stranger and repeated results, and early championship games."""
    t = teams_of(5)
    cases = [
        ([Result("S9.1", "team 1")], "UNKNOWN_MATCH"),
        ([Result("X1.1", "team 1")], "UNKNOWN_MATCH"),
        ([Result("S2.1", "team 1")], "MATCH_NOT_READY"),
        ([Result("S1.3", "team 5")], "MATCH_ALREADY_PLAYED"),  # the bye
        ([Result("S1.1", "team 2")], "NOT_IN_MATCH"),
        ([Result("S1.1", "team 1"), Result("S1.1", "team 1")], "MATCH_ALREADY_PLAYED"),
    ]
    for results, code in cases:
        with pytest.raises(ResultError) as caught:
            Swiss(t, 2, results)
        assert caught.value.code == code, (results, caught.value)
    with pytest.raises(ResultError) as caught:
        Swiss(t, 2, [Result("W1.1", "team 1")], cut=2)
    assert caught.value.code == "MATCH_NOT_READY"


def test_settings_out_of_range_are_refused():
    """Too few teams, blank or repeated names, rounds, cut and seed out of range."""
    for teams, rounds, extra in [
        (["a"], 1, {}),
        (["a", "a", "b", "c"], 1, {}),
        (["a", " ", "b", "c"], 1, {}),
        (teams_of(6), 0, {}),
        (teams_of(6), 4, {}),
        (teams_of(6), True, {}),
        (teams_of(6), 2, {"cut": 7}),
        (teams_of(6), 2, {"cut": 1}),
        (teams_of(6), 2, {"seed": "x"}),
    ]:
        with pytest.raises(BracketError):
            Swiss(teams, rounds, **extra)


def test_corrections_before_and_after_the_next_round():
    """A result may change until a match of a later round, paired from it, is played."""
    t = teams_of(4)
    event = Swiss(t, 2, [Result("S1.1", "team 1"), Result("S1.2", "team 2")])
    fixed = event.correct(Result("S1.1", "team 3"))
    assert [s.teams for s in fixed.round(2)] == [("team 2", "team 3"), ("team 1", "team 4")]
    played = event.record(Result("S2.1", "team 1"))
    with pytest.raises(CorrectionError) as caught:
        played.correct(Result("S1.1", "team 3"))
    assert caught.value.locked == ("S2.1",)
    assert played.correct(Result("S1.1", "team 1")).results == played.results
    with pytest.raises(CorrectionError) as caught:
        played.correct(Result("S2.2", "team 3"))
    assert caught.value.code == "MATCH_NOT_PLAYED"


def test_the_championship_waits_for_the_rounds_and_locks_them():
    """No championship before the last round ends, none without a cut; a championship
    game locks every round result, and its own results correct as a Tournament's do."""
    t = teams_of(4)
    with pytest.raises(BracketError, match="no championship"):
        Swiss(t, 2).championship()
    event = Swiss(t, 2, [Result("S1.1", "team 1"), Result("S1.2", "team 2")], cut=2)
    with pytest.raises(NotFinishedError):
        event.championship()
    with pytest.raises(BracketError) as caught:
        event.round(3)
    assert caught.value.code == "BAD_FORMAT"
    event = play_rounds(event, random.Random(3))
    assert event.championship().finished
    with pytest.raises(CorrectionError) as caught:
        event.correct(Result("S2.1", event.round(2)[0].loser))
    assert "W1.1" in caught.value.locked
    final = event.championship().results[0]
    other = [team for team in event.championship().teams if team != final.winner][0]
    corrected = event.correct(Result(final.match, other))
    assert corrected.championship().champion == other


def test_a_round_not_paired_yet_is_refused():
    """Asking for round 2 while round 1 is on says which round is on."""
    event = Swiss(teams_of(6), 3)
    with pytest.raises(ResultError, match="round 1 is still on") as caught:
        event.round(2)
    assert caught.value.code == "MATCH_NOT_READY"
    assert event.current_round == 1 and len(event.ready()) == 3
