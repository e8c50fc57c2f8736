"""Single elimination walked through: seeding, byes, calling, forfeits, corrections, tables.

Results are written compactly as "W1.2 Dos" (match, winner) or "W1.2 Dos forfeit".
"""

import random

import pytest

from brackets import (
    BYE,
    BracketError,
    CorrectionError,
    Format,
    NotFinishedError,
    Result,
    ResultError,
    TeamsError,
    Tournament,
    seed,
)

EIGHT = ("Uno", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete", "Ocho")


def results(*lines):
    """Results from "match winner [forfeit]" lines."""
    parsed = []
    for line in lines:
        match, winner, *flag = line.split()
        parsed.append(Result(match, winner, flag == ["forfeit"]))
    return parsed


def played(*lines, teams=EIGHT):
    """A single-elimination event of `teams` after `lines` of results."""
    return Tournament(Format.SINGLE, teams, results(*lines))


def pairings(tournament, bracket_round):
    """The teams of every match of one round, e.g. "W1"."""
    return [m.teams for m in tournament.matches() if m.id.startswith(bracket_round + ".")]


def test_eight_teams_pair_in_standard_seed_order():
    """1v8, 4v5, 2v7, 3v6: the top seeds meet as late as possible."""
    assert pairings(played(), "W1") == [
        ("Uno", "Ocho"),
        ("Cuatro", "Cinco"),
        ("Dos", "Siete"),
        ("Tres", "Seis"),
    ]


def test_six_teams_give_the_byes_to_the_top_two_seeds():
    """Byes as a real bracket gives them: seeds 1 and 2 go straight to round 2."""
    six = played(teams=EIGHT[:6])
    assert pairings(six, "W1") == [
        ("Uno", BYE),
        ("Cuatro", "Cinco"),
        ("Dos", BYE),
        ("Tres", "Seis"),
    ]
    assert six.match("W2.1").teams == ("Uno", None)
    assert six.match("W2.1").status == "waiting"
    assert [m.id for m in six.ready()] == ["W1.2", "W1.4"]
    assert six.byes("Uno") == 1 and six.byes("Tres") == 0


def test_a_whole_event_with_a_forfeit_ends_with_standings_and_paths():
    """Play all seven matches; the final's loser is 2nd, semi-final losers share 3rd."""
    event = played(
        "W1.1 Uno",
        "W1.2 Cinco forfeit",
        "W1.3 Dos",
        "W1.4 Tres",
        "W2.1 Cinco",
        "W2.2 Dos",
        "W3.1 Cinco",
    )
    assert event.finished and event.champion == "Cinco"
    standings = [(s.place, s.team, s.how) for s in event.standings()]
    assert standings[:4] == [
        (1, "Cinco", "champion"),
        (2, "Dos", "lost the final"),
        (3, "Uno", "out in round 2"),
        (3, "Tres", "out in round 2"),
    ]
    assert [s.place for s in event.standings()[4:]] == [5, 5, 5, 5]
    path = [(s.match, s.opponent, s.won, s.forfeit) for s in event.path("Cinco")]
    assert path == [
        ("W1.2", "Cuatro", True, True),
        ("W2.1", "Uno", True, False),
        ("W3.1", "Dos", True, False),
    ]


def test_standings_wait_for_the_last_match():
    """Asking early names how many matches are left and the next one."""
    with pytest.raises(NotFinishedError, match="3 matches still to play") as caught:
        played("W1.1 Uno", "W1.2 Cinco", "W1.3 Dos", "W1.4 Tres").standings()
    assert caught.value.code == "NOT_FINISHED"
    assert played().champion is None


@pytest.mark.parametrize(
    ("lines", "code", "words"),
    [
        (["W9.1 Uno"], "UNKNOWN_MATCH", "no match 'W9.1'"),
        (["W2.1 Uno"], "MATCH_NOT_READY", "both its teams are not known"),
        (["W1.1 Dos"], "NOT_IN_MATCH", "'Dos' is not playing in match W1.1"),
        (["W1.1 Uno", "W1.1 Ocho"], "MATCH_ALREADY_PLAYED", "correct it instead"),
    ],
)
def test_a_result_the_bracket_cannot_take_is_refused(lines, code, words):
    """Each refusal has its stable code and says what is wrong."""
    with pytest.raises(ResultError, match=words) as caught:
        played(*lines)
    assert caught.value.code == code


def test_a_correction_moves_the_new_winner_on():
    """W1.1 corrected to Ocho before W2.1 is played: W2.1 now has Ocho."""
    event = played("W1.1 Uno", "W1.2 Cinco").correct(Result("W1.1", "Ocho"))
    assert event.match("W2.1").teams == ("Ocho", "Cinco")
    assert event.match("W2.1").status == "ready"
    assert [r.match for r in event.results] == ["W1.1", "W1.2"]


def test_a_correction_names_the_later_match_already_played():
    """Once W2.1 is played, W1.1's winner can no longer change; the message says why."""
    event = played("W1.1 Uno", "W1.2 Cinco", "W2.1 Uno")
    with pytest.raises(CorrectionError, match="W1.1 can no longer change: W2.1 has") as caught:
        event.correct(Result("W1.1", "Ocho"))
    assert caught.value.code == "RESULT_LOCKED" and caught.value.locked == ("W2.1",)


def test_a_correction_checked_alone_gives_its_place_and_refuses_as_correct_does():
    """check_correction: the index of the result it would replace (what correct() uses),
    and the same RESULT_LOCKED refusal, with no corrected tournament built."""
    event = played("W1.1 Uno", "W1.2 Cinco")
    assert event.check_correction(Result("W1.2", "Seis")) == 1
    assert event.results == played("W1.1 Uno", "W1.2 Cinco").results  # unchanged
    with pytest.raises(CorrectionError) as caught:
        played("W1.1 Uno", "W1.2 Cinco", "W2.1 Uno").check_correction(Result("W1.1", "Ocho"))
    assert caught.value.code == "RESULT_LOCKED" and caught.value.locked == ("W2.1",)


def test_a_correction_of_the_forfeit_flag_alone_is_always_allowed():
    """Same winner, now marked as a forfeit: nothing downstream changes."""
    event = played("W1.1 Uno", "W1.2 Cinco", "W2.1 Uno").correct(Result("W1.1", "Uno", True))
    assert event.match("W1.1").forfeit and event.match("W2.1").winner == "Uno"


def test_correcting_a_match_without_a_result_is_refused():
    """There is nothing to correct yet."""
    with pytest.raises(CorrectionError) as caught:
        played().correct(Result("W1.1", "Uno"))
    assert caught.value.code == "MATCH_NOT_PLAYED"


def test_two_tables_take_the_next_match_as_one_frees():
    """Four first-round matches, two tables: W1.3 takes the first table freed."""
    event = played("W1.2 Cinco")
    plan = event.tables(2)
    assert plan.playing == {"W1.1": 1, "W1.3": 2}
    assert plan.waiting == ("W1.4",)
    plan = played("W1.2 Cinco", "W1.1 Uno").tables(2)
    assert plan.playing == {"W1.3": 2, "W1.4": 1}  # W1.4 waited longer than W2.1
    assert plan.played_at["W1.1"] == 1 and plan.waiting == ("W2.1",)


def test_a_forfeit_called_while_waiting_for_a_table_leaves_the_queue():
    """W1.4 never reaches a table: it is decided while waiting."""
    plan = played("W1.4 Tres forfeit").tables(1)
    assert "W1.4" not in plan.played_at
    assert plan.playing == {"W1.1": 1} and plan.waiting == ("W1.2", "W1.3")


@pytest.mark.parametrize("count", [0, -1, True, 1.5])
def test_at_least_one_table(count):
    """A table count is a whole number of at least one."""
    with pytest.raises(BracketError) as caught:
        played().tables(count)
    assert caught.value.code == "BAD_TABLES"


@pytest.mark.parametrize(
    ("teams", "words"),
    [
        (["Uno"], "2 to 256 teams, not 1"),
        ([f"t{n}" for n in range(257)], "not 257"),
        (["Uno", " "], "every team needs a name"),
        (["Uno", 7], "every team needs a name, not 7"),
        (["Uno", "Dos", "Uno"], "'Uno' is entered twice"),
    ],
)
def test_a_bad_team_list_is_refused(teams, words):
    """Too few, too many, blank, not a name, or entered twice."""
    with pytest.raises(TeamsError, match=words) as caught:
        Tournament(Format.SINGLE, teams)
    assert caught.value.code == "BAD_TEAMS"


def test_seeding_as_listed_or_drawn_with_a_given_random():
    """Listed keeps the order; random is a shuffle the same seed repeats."""
    assert seed(EIGHT) == EIGHT
    drawn = seed(EIGHT, "random", random.Random(42))
    assert sorted(drawn) == sorted(EIGHT) and drawn != EIGHT
    assert drawn == seed(EIGHT, "random", random.Random(42))
    assert sorted(seed(EIGHT, "random")) == sorted(EIGHT)
    with pytest.raises(BracketError, match="'by rating'"):
        seed(EIGHT, "by rating")


def test_unknown_match_and_team_lookups_are_refused():
    """Asking about a match or team that is not in the event."""
    with pytest.raises(ResultError, match="no match 'X1'"):
        played().match("X1")
    with pytest.raises(TeamsError, match="'Nueve' is not entered"):
        played().path("Nueve")


def test_teams_go_on_only_from_a_round_robin():
    """`advance` belongs to the round robin with a championship only."""
    with pytest.raises(BracketError, match="only a round robin"):
        Tournament(Format.SINGLE, EIGHT, advance=4)


def test_timpson_series_lengths_first_round_three_then_two():
    """first_to=(3, 2): round 1 is first to 3 (best of 5), later rounds first to 2."""
    event = Tournament(Format.SINGLE, EIGHT, first_to=(3, 2))
    assert event.series("W1.1").first_to == 3
    event = event.record_series("W1.1", ["Uno", "Ocho", "Uno", "Uno"])
    event = event.record_series("W1.2", ["Cinco"] * 3, forfeit=True)
    assert event.match("W1.2").forfeit and event.match("W1.1").winner == "Uno"
    assert event.series("W2.1", ["Cinco"]).first_to == 2
    assert event.series("W2.1", ["Cinco"]).teams == ("Uno", "Cinco")
    assert Tournament(Format.SINGLE, EIGHT, first_to=2).series("W1.4").first_to == 2


def test_a_series_is_recorded_only_once_decided():
    """2-1 in a first to 3 is not a result; a series for a waiting match is refused."""
    event = Tournament(Format.SINGLE, EIGHT, first_to=(3, 2))
    with pytest.raises(ResultError, match="not decided yet: 2-1 in a first to 3") as caught:
        event.record_series("W1.1", ["Uno", "Ocho", "Uno"])
    assert caught.value.code == "MATCH_NOT_READY"
    with pytest.raises(ResultError, match="W2.1 has no series to play: it is not ready"):
        event.series("W2.1")
    with pytest.raises(ResultError, match="W1.1 has no series to play: it is not played"):
        Tournament(Format.SINGLE, EIGHT[:6]).series("W1.1")


@pytest.mark.parametrize("first_to", [(), 0, (3, 11), (True,), "3"])
def test_series_lengths_are_one_to_ten(first_to):
    """Every round's series is first to 1 to 10 wins."""
    with pytest.raises(BracketError) as caught:
        Tournament(Format.SINGLE, EIGHT, first_to=first_to)
    assert caught.value.code == "BAD_SERIES"
