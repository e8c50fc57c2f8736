"""A Swiss or drawn event as a Tournament (brackets/paired.py; "Drawn rounds and
Swiss"; docs/tournaments.md "Swiss and drawn rounds"): the same matches as the engine's
`RoundsEvent`, nothing callable until the director starts the round, series lengths round by
round, and the Tournament calls the API makes (give_away, tables, path) working on it."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brackets import BYE, Drawn, Result, RoundsTournament, Swiss, give_away
from brackets.errors import BracketError, CorrectionError, NotFinishedError, ResultError
from brackets.tournament import round_first_to

TEAMS = tuple(f"t{n}" for n in range(1, 9))


def play_stage(event, rng):
    """`event` after a random winner for every callable match."""
    for match in event.ready():
        event = event.record(Result(match.id, rng.choice(match.teams)))
    return event


@given(fmt=st.sampled_from(["swiss", "drawn"]), count=st.integers(4, 13), seed=st.integers())
def test_its_matches_are_the_engines_and_a_stage_waits_for_its_start(fmt, count, seed):
    """Round r + 1 is paired once round r is in, and callable only once started
    (the director starts each round); the matches are the engine's (RoundsEvent)."""
    teams = [f"team {n}" for n in range(1, count + 1)]
    rounds, rng = min(3, count // 2), random.Random(seed)
    event = RoundsTournament(fmt, teams, rounds=rounds, cut=4, seed=seed)
    for stage in range(1, rounds + 2):
        assert event.in_play == stage and event.to_start is None
        engine = {"swiss": Swiss, "drawn": Drawn}[fmt](teams, rounds, event.results, seed, 4)
        if stage <= rounds:
            assert [m.id for m in event.ready()] == [m.id for m in engine.ready()]
            assert all(m.id.startswith(f"{fmt[0].upper()}{stage}.") for m in event.ready())
        else:
            assert [m.id for m in event.ready()] == [m.id for m in engine.championship().ready()]
        event = play_stage(event, rng)
        if stage <= rounds:
            assert event.ready() == [] and event.to_start == stage + 1
            with pytest.raises(BracketError) as again:
                event.start(stage)
            assert again.value.code == "ROUND_STARTED"
            if stage + 2 <= rounds + 1:
                with pytest.raises(BracketError, match=f"round {stage + 1} starts first"):
                    event.start(stage + 2)
            event = event.start(stage + 1)
    while not event.finished:
        event = play_stage(event, rng)
    assert event.champion == event.standings()[0].team
    assert {line.team for line in event.standings()} == set(teams)


def test_starting_refuses_a_round_in_play_a_round_started_and_one_too_far():
    """The director starts the next round only: its words name the round."""
    event = RoundsTournament("swiss", TEAMS, rounds=3, cut=4)
    with pytest.raises(BracketError, match="round 2 cannot start yet: round 1 is still") as no:
        event.start(2)
    assert no.value.code == "NOT_FINISHED"
    event = play_stage(event, random.Random(1)).start(2)
    with pytest.raises(BracketError, match="round 2 has started already") as again:
        event.start(2)
    assert again.value.code == "ROUND_STARTED"
    with pytest.raises(BracketError, match="from 2 to 4, not 5"):
        event.start(5)
    assert event.stage_name(4) == "the championship"


def test_each_stage_plays_its_own_series_length_and_the_championship_the_next():
    """first_to (3, 2, 1): round 1 first to 3, round 2 to 2, later rounds and the
    championship to 1 (the last number goes on)."""
    rng = random.Random(3)
    event = RoundsTournament("swiss", TEAMS, rounds=2, cut=2, first_to=(3, 2, 1))
    assert event.series("S1.1").first_to == 3
    event = play_stage(event, rng).start(2)
    assert event.series("S2.4").first_to == 2
    with pytest.raises(ResultError, match="not decided yet: 1-0 in a first to 2"):
        event.record_series("S2.1", [event.match("S2.1").teams[0]])
    event = play_stage(event, rng)
    with pytest.raises(NotFinishedError):
        event.standings()
    event = event.start(3)
    assert [m.id for m in event.ready()] == ["W1.1"] and event.series("W1.1").first_to == 1
    top = event.ranking()[0].team
    event = event.record_series("W1.1", [top])
    assert event.finished and event.champion == top
    with pytest.raises(CorrectionError) as locked:
        event.check_correction(Result("S1.1", event.match("S1.1").loser))
    assert "W1.1" in locked.value.locked


@pytest.mark.parametrize("fmt, letter", [("swiss", "S"), ("drawn", "D")])
def test_the_championships_round_k_plays_first_to_the_number_rounds_plus_k(fmt, letter):
    """docs/tournaments.md "Swiss and drawn rounds": the championship's round k is first to
    `first_to[rounds + k - 1]`. first_to (1, 1, 2, 3) and two rounds: the semifinals first to
    2, the final to 3 (it took the semifinals' 2, and ended at 2-0)."""
    rng = random.Random(5)
    event = RoundsTournament(fmt, TEAMS, rounds=2, cut=4, first_to=(1, 1, 2, 3))
    assert event.series(f"{letter}1.1").first_to == 1
    event = play_stage(event, rng).start(2)
    assert event.series(f"{letter}2.1").first_to == 1
    event = play_stage(event, rng).start(3)
    assert [event.series(m.id).first_to for m in event.ready()] == [2, 2]
    for match in event.ready():
        event = event.record_series(match.id, [match.teams[0]] * 2)
    final = event.match("W2.1")
    with pytest.raises(ResultError, match="not decided yet: 2-0 in a first to 3"):
        event.record_series("W2.1", [final.teams[0]] * 2)
    event = event.record_series("W2.1", [final.teams[0]] * 3)
    assert event.finished and event.champion == final.teams[0]


def test_the_series_a_round_plays_counts_on_from_the_rounds_before_the_championship():
    """round_first_to: in an elimination event, round r of the winners' bracket is
    first_to[r - 1] and the losers' rounds take the last number; in a Swiss or drawn event
    of `rounds` rounds, its rounds count from 1 and the championship (W) on from them."""
    lengths = (1, 1, 2, 3)
    assert [round_first_to(lengths, "W", r) for r in (1, 2, 3, 4, 5)] == [1, 1, 2, 3, 3]
    assert round_first_to(lengths, "L", 1) == 3
    assert [round_first_to(lengths, "S", r, 2) for r in (1, 2)] == [1, 1]
    assert [round_first_to(lengths, "W", k, 2) for k in (1, 2, 3)] == [2, 3, 3]
    assert [round_first_to(lengths, "D", r, 3) for r in (1, 2, 3)] == [1, 1, 2]


def test_byes_paths_tables_and_give_away_work_as_on_a_tournament():
    """An odd Swiss: the bye is a decided match on the team's path; a no-show's next match is
    given away (brackets/lateness.py) once its round is started; a stage's tables follow the
    calling rule (two tables, four matches: two wait)."""
    teams = TEAMS[:7]
    event = RoundsTournament("swiss", teams, rounds=2)
    bye = next(m for m in event.matches() if m.status == "bye")
    assert event.byes(bye.winner) == 1 and event.path(bye.winner)[0].opponent is BYE
    plan = event.tables(2)
    assert len(plan.playing) == 2 and len(plan.waiting) == 1
    event = play_stage(event, random.Random(5))
    out = event.matches()[0].loser
    held, given = give_away(event, {out})
    assert given == () and held.ready() == []
    started, given = give_away(event.start(2), {out})
    assert len(given) == 1 and out in started.match(given[0]).teams
    assert started.match(given[0]).winner != out and started.match(given[0]).forfeit
    with pytest.raises(ResultError, match="there is no match 'S3.1'"):
        event.match("S3.1")


def test_its_settings_are_checked_in_the_engines_words():
    """Rounds, cut and series lengths are refused as the engine refuses them."""
    with pytest.raises(BracketError, match="the number of rounds must be a whole number from 1"):
        RoundsTournament("swiss", TEAMS, rounds=5)
    with pytest.raises(BracketError, match="going on to the championship must be"):
        RoundsTournament("drawn", TEAMS, rounds=2, cut=9)
    with pytest.raises(BracketError, match="first to 1 to 10 wins"):
        RoundsTournament("drawn", TEAMS, rounds=2, first_to=(0,))
    with pytest.raises(BracketError, match="not paired round by round"):
        RoundsTournament("single-elimination", TEAMS)
