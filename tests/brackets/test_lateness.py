"""Late teams: Timpson's "a team more than 5 minutes late is eliminated" (docs/rules.md,
rule 28) as a no-show forfeit, and "teams not checked in by a time the director
sets can be dropped" as the list of late teams."""

from datetime import UTC, datetime, timedelta

import pytest

from brackets import (
    CODES,
    TIMPSON_GRACE_MINUTES,
    BracketError,
    Format,
    Result,
    ResultError,
    Tournament,
    late_teams,
    no_show_result,
)

CALLED = datetime(2026, 11, 21, 10, 15)
FOUR = ["Ann & Bo", "Cy & Di", "Ed & Flo", "Gus & Hal"]


def first_match():
    return Tournament(Format.SINGLE, FOUR).match("W1.1")  # Ann & Bo against Gus & Hal


def test_more_than_five_minutes_late_forfeits_the_match_to_the_team_that_is_there():
    """Timpson: more than 5 minutes late is eliminated: the match goes to the other team
    as a forfeit, and in single elimination the late team is out."""
    assert TIMPSON_GRACE_MINUTES == 5
    late = CALLED + timedelta(minutes=5, seconds=1)
    result = no_show_result(first_match(), "Gus & Hal", CALLED, late)
    assert result == Result("W1.1", "Ann & Bo", forfeit=True)
    event = Tournament(Format.SINGLE, FOUR).record(result)
    assert event.match("W1.1").forfeit and event.match("W2.1").teams[0] == "Ann & Bo"
    assert event.path("Gus & Hal")[-1].won is False


def test_exactly_five_minutes_late_is_still_in_time():
    """Timpson's "more than 5 minutes": at 10:20 sharp for a 10:15 call the team can still play."""
    with pytest.raises(BracketError) as refused:
        no_show_result(first_match(), "Ann & Bo", CALLED, CALLED + timedelta(minutes=5))
    assert refused.value.code == "NOT_LATE" and "NOT_LATE" in CODES
    assert refused.value.message == (
        "Ann & Bo can still come: the match was called at 10:15, and a team is out only "
        "when more than 5 minutes late (after 10:20)"
    )


def test_the_director_can_set_another_grace_time():
    """The rule is the director's: 10 minutes of grace, or none at all."""
    twelve = CALLED + timedelta(minutes=12)
    assert no_show_result(first_match(), "Ann & Bo", CALLED, twelve, 10).winner == "Gus & Hal"
    with pytest.raises(BracketError, match="more than 15 minutes late"):
        no_show_result(first_match(), "Ann & Bo", CALLED, twelve, 15)
    assert no_show_result(first_match(), "Ann & Bo", CALLED, CALLED + timedelta(seconds=1), 0)


def test_a_double_elimination_no_show_drops_the_team_to_the_losers_bracket():
    """A no-show is a lost match like any other: in double elimination it is the first loss."""
    event = Tournament(Format.DOUBLE, FOUR)
    result = no_show_result(event.match("W1.1"), "Gus & Hal", CALLED, CALLED + timedelta(hours=1))
    event = event.record(result).record(Result("W1.2", "Cy & Di"))
    assert "Gus & Hal" in event.match("L1.1").teams


@pytest.mark.parametrize(
    ("absent", "called", "checked", "grace", "code", "words"),
    [
        ("Nobody", CALLED, CALLED + timedelta(hours=1), 5, "NOT_IN_MATCH", "'Nobody' is not"),
        ("Ann & Bo", CALLED, CALLED - timedelta(minutes=1), 5, "BAD_TIME", "comes before"),
        ("Ann & Bo", "10:15", CALLED, 5, "BAD_TIME", "must be a date and time, not '10:15'"),
        ("Ann & Bo", CALLED, CALLED.replace(tzinfo=UTC), 5, "BAD_TIME", "same kind of time"),
        ("Ann & Bo", CALLED, CALLED, -1, "BAD_TIME", "0 to 1440 minutes, not -1"),
        ("Ann & Bo", CALLED, CALLED, True, "BAD_TIME", "not True"),
        ("Ann & Bo", CALLED, CALLED, float("nan"), "BAD_TIME", "not nan"),
    ],
)
def test_a_no_show_that_cannot_be_is_refused_in_words(absent, called, checked, grace, code, words):
    with pytest.raises(BracketError) as refused:
        no_show_result(first_match(), absent, called, checked, grace)
    assert refused.value.code == code and words in refused.value.message


def test_nobody_is_late_for_a_match_that_is_not_waiting_to_be_played():
    """A match already played, or whose teams are not known yet, has no no-show."""
    event = Tournament(Format.SINGLE, FOUR).record(Result("W1.1", "Ann & Bo"))
    for match_id in ("W1.1", "W2.1"):
        with pytest.raises(ResultError) as refused:
            no_show_result(event.match(match_id), "Ann & Bo", CALLED, CALLED + timedelta(1))
        assert refused.value.code == "MATCH_NOT_READY"


def test_teams_not_checked_in_by_the_deadline_are_listed_in_entry_order():
    """Teams not checked in by a time the director sets can be dropped."""
    deadline = datetime(2026, 11, 21, 10, 0)
    checked = {
        "Cy & Di": deadline - timedelta(minutes=30),
        "Ann & Bo": deadline,
        "Ed & Flo": deadline + timedelta(minutes=2),
    }
    after = deadline + timedelta(minutes=5)
    assert late_teams(FOUR, checked, deadline, after) == ["Ed & Flo", "Gus & Hal"]
    assert late_teams(FOUR, checked, deadline, deadline) == []  # not late before the time
    assert late_teams(FOUR, {t: deadline for t in FOUR}, deadline, after) == []
    event = Tournament(
        Format.SINGLE, [t for t in FOUR if t not in late_teams(FOUR, checked, deadline, after)]
    )
    assert event.match("W1.1").teams == ("Ann & Bo", "Cy & Di")


def test_late_teams_refuses_times_of_different_kinds():
    deadline = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
    with pytest.raises(BracketError) as refused:
        late_teams(
            FOUR, {"Ann & Bo": datetime(2026, 11, 21, 9, 0)}, deadline, deadline + timedelta(1)
        )
    assert refused.value.code == "BAD_TIME"
    with pytest.raises(BracketError, match="not None"):
        late_teams(FOUR, {}, None, deadline)
