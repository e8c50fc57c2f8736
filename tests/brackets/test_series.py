"""Series: first to N wins, decided early, and who shakes first in the next game."""

import random

import pytest

from brackets import Series, SeriesError, ShakeRule

TEAMS = ("Ann & Bo", "Cy & Di")
A, C = TEAMS


@pytest.mark.parametrize(("best_of", "first_to"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_best_of_an_odd_number_is_first_to_more_than_half(best_of, first_to):
    """Best of 3 is first to 2 (Tennessee), best of 5 first to 3 (Timpson's first round)."""
    assert Series.best_of(TEAMS, best_of).first_to == first_to


@pytest.mark.parametrize("best_of", [0, 2, 4, -3, True, 3.0])
def test_best_of_an_even_or_odd_type_is_refused(best_of):
    """A series is best of a positive odd whole number."""
    with pytest.raises(SeriesError, match="best of"):
        Series.best_of(TEAMS, best_of)


@pytest.mark.parametrize("first_to", [0, 11, True, 2.5])
def test_first_to_out_of_range_is_refused(first_to):
    """First to 1 to 10 wins."""
    with pytest.raises(SeriesError) as caught:
        Series(TEAMS, first_to)
    assert caught.value.code == "BAD_SERIES"


@pytest.mark.parametrize("teams", [(A, A), (A,), (A, C, "Ed & Flo")])
def test_a_series_is_between_two_different_teams(teams):
    """Two teams, not the same one twice."""
    with pytest.raises(SeriesError, match="two different teams"):
        Series(teams)


def test_two_nil_ends_a_best_of_three_no_third_game():
    """Tennessee: no third game after 2-0; the third is refused with SERIES_DECIDED."""
    series = Series.best_of(TEAMS, 3).record(A).record(A)
    assert series.decided and series.winner == A and series.score == (2, 0)
    with pytest.raises(SeriesError) as caught:
        series.record(C)
    assert caught.value.code == "SERIES_DECIDED"


def test_a_three_of_five_series_goes_the_distance():
    """2-2 is not decided; the fifth game decides it."""
    series = Series.best_of(TEAMS, 5, (A, C, C, A))
    assert not series.decided and series.winner is None and series.score == (2, 2)
    assert series.record(C).winner == C


def test_games_given_up_front_are_checked_like_recorded_ones():
    """A game by a stranger, or one after the end, is refused when the Series is built."""
    with pytest.raises(SeriesError, match="not playing"):
        Series(TEAMS, 2, (A, "Ed & Flo"))
    with pytest.raises(SeriesError) as caught:
        Series(TEAMS, 2, (A, A, C))
    assert caught.value.code == "SERIES_DECIDED"
    with pytest.raises(SeriesError, match="not playing"):
        Series(TEAMS).record("Ed & Flo")


def test_rotate_alternates_from_the_first_team():
    """Rotate: game 1 the first team, game 2 the other, game 3 the first again."""
    series = Series(TEAMS, 3)
    shakers = []
    for winner in (A, A, C):
        shakers.append(series.next_shaker(ShakeRule.ROTATE))
        series = series.record(winner)
    assert shakers == [A, C, A]


def test_the_loser_of_the_last_game_shakes_next():
    """Loser: the first game goes to the first team, then the last game's loser shakes."""
    series = Series(TEAMS, 3)
    assert series.next_shaker("loser") == A
    assert series.record(A).next_shaker("loser") == C
    assert series.record(C).next_shaker("loser") == A


def test_drawn_at_the_table_repeats_with_the_same_random():
    """Draw: the given random.Random picks; the same seed picks the same team."""
    series = Series(TEAMS, 2)
    picks = [series.next_shaker(ShakeRule.DRAW, random.Random(seed)) for seed in range(20)]
    assert set(picks) == set(TEAMS)
    assert picks == [series.next_shaker("draw", random.Random(seed)) for seed in range(20)]
    assert series.next_shaker("draw") in TEAMS


def test_nobody_shakes_once_decided_and_an_unknown_rule_is_refused():
    """No next game after the end; a rule that is not one of the three is a ValueError."""
    assert Series(TEAMS, 1, (C,)).next_shaker("rotate") is None
    with pytest.raises(ValueError, match="coin"):
        Series(TEAMS).next_shaker("coin")


def test_repr_reads_back():
    """The repr is the call that builds the series."""
    series = Series(TEAMS, 2, (A,))
    assert repr(series) == "Series(('Ann & Bo', 'Cy & Di'), first_to=2, games=('Ann & Bo',))"
    assert eval(repr(series)) == series  # our own repr, nothing else
