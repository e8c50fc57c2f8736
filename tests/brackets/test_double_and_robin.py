"""Double elimination's true final, round robin tie-breaks, round robin into a championship."""

import pytest

from brackets import (
    BYE,
    CODES,
    BracketError,
    CorrectionError,
    Format,
    Result,
    ResultError,
    Tournament,
)

FOUR = ("Ann", "Bo", "Cy", "Di")


def event(fmt, *lines, teams=FOUR, advance=None):
    """An event after "match winner" result lines."""
    return Tournament(fmt, teams, [Result(*line.split()) for line in lines], advance)


DOUBLE_UP_TO_FINAL = ("W1.1 Ann", "W1.2 Bo", "L1.1 Cy", "W2.1 Ann", "L2.1 Bo")


def test_double_elimination_drops_losers_to_the_losers_bracket():
    """Four teams: 1v4, 2v3; the two losers meet; the winners' final loser drops in."""
    first = event(Format.DOUBLE, "W1.1 Ann", "W1.2 Bo")
    assert first.match("L1.1").teams == ("Di", "Cy")
    assert first.match("W2.1").teams == ("Ann", "Bo")
    assert first.match("L2.1").teams == (None, None)
    before_final = event(Format.DOUBLE, *DOUBLE_UP_TO_FINAL)
    assert before_final.match("L2.1").winner == "Bo"
    assert before_final.match("G1").teams == ("Ann", "Bo")


def test_the_winners_bracket_champion_wins_the_final_once():
    """Ann, unbeaten, wins G1: the event is over and G2 is not played."""
    done = event(Format.DOUBLE, *DOUBLE_UP_TO_FINAL, "G1 Ann")
    assert done.finished and done.champion == "Ann"
    assert done.match("G2").status == "void"
    with pytest.raises(ResultError, match="G2 is not played") as caught:
        done.record(Result("G2", "Bo"))
    assert caught.value.code == "MATCH_NOT_READY"
    assert [(s.place, s.team) for s in done.standings()] == [
        (1, "Ann"),
        (2, "Bo"),
        (3, "Cy"),
        (4, "Di"),
    ]


def test_the_losers_bracket_champion_forces_the_true_final():
    """Bo beats Ann in G1: both have lost once, so G2 decides it."""
    reset = event(Format.DOUBLE, *DOUBLE_UP_TO_FINAL, "G1 Bo")
    assert not reset.finished and reset.match("G2").status == "ready"
    assert reset.match("G2").teams == ("Ann", "Bo")
    done = reset.record(Result("G2", "Bo"))
    assert done.champion == "Bo"
    assert [(s.team, s.how) for s in done.standings()[:3]] == [
        ("Bo", "champion"),
        ("Ann", "lost the final"),
        ("Cy", "out in losers' round 2"),
    ]


def test_two_teams_in_double_elimination_play_until_one_lost_twice():
    """No losers' bracket: the first loser gets the rematch it is owed."""
    two = event(Format.DOUBLE, "W1.1 Bo", teams=FOUR[:2])
    assert two.match("G1").teams == ("Bo", "Ann")
    assert event(Format.DOUBLE, "W1.1 Bo", "G1 Bo", teams=FOUR[:2]).champion == "Bo"


def test_round_robin_ties_go_to_the_winner_between_the_tied_then_the_seed():
    """Most wins; then wins among the teams tied; then the better seed.

    Ann and Bo have 2 wins and Ann beat Bo; Cy and Di have 1 and Cy beat Di. The seeds
    are listed Di, Cy, Bo, Ann, so the seed alone would give the opposite order.
    """
    teams = ("Di", "Cy", "Bo", "Ann")
    robin = Tournament(Format.ROUND_ROBIN, teams)
    winner_of = {
        frozenset(("Ann", "Bo")): "Ann",
        frozenset(("Ann", "Cy")): "Ann",
        frozenset(("Ann", "Di")): "Di",
        frozenset(("Bo", "Cy")): "Bo",
        frozenset(("Bo", "Di")): "Bo",
        frozenset(("Cy", "Di")): "Cy",
    }
    for match in robin.matches():
        robin = robin.record(Result(match.id, winner_of[frozenset(match.teams)]))
    assert [(s.place, s.team) for s in robin.standings()] == [
        (1, "Ann"),
        (2, "Bo"),
        (3, "Cy"),
        (4, "Di"),
    ]
    assert robin.standings()[0].how == "2 of 3 round-robin matches won"


def test_a_three_way_circle_falls_back_to_the_seed():
    """A beat B, B beat C, C beat A: all level on everything, so seed order."""
    robin = Tournament(Format.ROUND_ROBIN, ("Cy", "Ann", "Bo"))
    beats = {
        frozenset(("Ann", "Bo")): "Ann",
        frozenset(("Bo", "Cy")): "Bo",
        frozenset(("Ann", "Cy")): "Cy",
    }
    for match in robin.matches():
        robin = robin.record(Result(match.id, beats[frozenset(match.teams)]))
    assert [s.team for s in robin.standings()] == ["Cy", "Ann", "Bo"]


def playoff_event():
    """Four teams, top two to the championship, seeds win every round-robin match."""
    robin = Tournament(Format.ROUND_ROBIN_PLAYOFF, FOUR, advance=2)
    for match in robin.matches():
        if match.spec.bracket == "R":
            better = min(match.teams, key=FOUR.index)
            robin = robin.record(Result(match.id, better))
    return robin


def test_the_round_robins_top_places_go_on_to_the_championship():
    """The championship waits for the last round-robin match, then seeds 1st v 2nd."""
    robin = playoff_event()
    assert robin.match("P1.1").teams == ("Ann", "Bo")
    done = robin.record(Result("P1.1", "Bo"))
    assert [(s.place, s.team, s.how) for s in done.standings()] == [
        (1, "Bo", "champion"),
        (2, "Ann", "lost the final"),
        (3, "Cy", "1 of 3 round-robin matches won"),
        (4, "Di", "0 of 3 round-robin matches won"),
    ]


def test_a_round_robin_result_is_locked_once_the_championship_is_played():
    """Correcting a round-robin match could reorder the places the final was seeded from."""
    done = playoff_event().record(Result("P1.1", "Bo"))
    first = done.results[0]
    other = next(t for t in done.match(first.match).teams if t != first.winner)
    with pytest.raises(CorrectionError) as caught:
        done.correct(Result(first.match, other))
    assert caught.value.locked == ("P1.1",)
    assert playoff_event().correct(Result(first.match, other)).results[0].winner == other


@pytest.mark.parametrize("advance", [None, 1, 5, True, "2"])
def test_the_championship_takes_two_to_all_the_teams(advance):
    """`advance` is a whole number from 2 to the number of teams."""
    with pytest.raises(BracketError, match="go on to the championship"):
        Tournament(Format.ROUND_ROBIN_PLAYOFF, FOUR, advance=advance)


def test_an_unknown_format_is_refused():
    """Formats are the four a director can pick."""
    with pytest.raises(BracketError, match="'swiss' is not a format") as caught:
        Tournament("swiss", FOUR)
    assert caught.value.code == "BAD_FORMAT"
    assert Tournament("round-robin", FOUR).format is Format.ROUND_ROBIN


def test_bye_and_errors_print_plainly():
    """BYE is one value that prints as BYE; an error's repr shows its message and code."""
    assert repr(BYE) == "BYE" and type(BYE)() is BYE
    error = CorrectionError("match W1.1 can no longer change", locked=["W2.1"])
    assert repr(error) == (
        "CorrectionError('match W1.1 can no longer change', code='RESULT_LOCKED')"
    )
    assert set(CODES) >= {"RESULT_LOCKED", "NOT_IN_MATCH", "SERIES_DECIDED", "BAD_TABLES"}


def test_a_double_elimination_correction_moves_both_winner_and_loser():
    """W1.1 corrected to Di: Di goes on in the winners' bracket, Ann drops to the losers'."""
    fixed = event(Format.DOUBLE, "W1.1 Ann", "W1.2 Bo").correct(Result("W1.1", "Di"))
    assert fixed.match("W2.1").teams == ("Di", "Bo")
    assert fixed.match("L1.1").teams == ("Ann", "Cy")


def test_a_locked_double_elimination_correction_lists_every_later_match_played():
    """W1.1 fed both brackets: all three later matches played are named, in play order."""
    with pytest.raises(CorrectionError) as caught:
        event(Format.DOUBLE, *DOUBLE_UP_TO_FINAL).correct(Result("W1.1", "Di"))
    assert caught.value.locked == ("L1.1", "W2.1", "L2.1")
    assert "L1.1, W2.1, L2.1 have already been played" in caught.value.message


def test_the_losers_bracket_and_grand_final_play_the_last_series_length():
    """first_to=(3, 2, 1): winners' rounds by their number; losers' and grand final: 1."""
    early = Tournament(Format.DOUBLE, FOUR, first_to=(3, 2, 1))
    assert early.series("W1.1").first_to == 3
    late = Tournament(
        Format.DOUBLE, FOUR, early.record(Result("W1.1", "Ann")).results, first_to=(3, 2, 1)
    ).record(Result("W1.2", "Bo"))
    assert late.series("L1.1").first_to == 1 and late.series("W2.1").first_to == 2
    final = late.record(Result("L1.1", "Cy")).record(Result("W2.1", "Ann"))
    final = final.record(Result("L2.1", "Bo"))
    assert final.series("G1", ["Bo"]).decided and final.first_to == (3, 2, 1)


def test_no_double_elimination_of_2_to_128_teams_gives_a_second_bye():
    """Required: "at most one bye per team", every size, twice each: the top seeds winning
    every match (so the first-round bye teams drop in round 2, where a published layout hands
    them a second bye), and random winners. The losers' bracket keeps only matches some
    team can fill: no BYE against BYE anywhere."""
    import random

    from helpers.players import play

    from brackets.engine import Derivation
    from brackets.tournament import match_layout

    for count in range(2, 129):
        teams = [f"t{n}" for n in range(1, count + 1)]
        derived, results = Derivation(match_layout(Format.DOUBLE, count), teams), []
        while len(derived.outcomes) < len(derived.specs):
            match_id = next(m for _, m in derived.ready_log if m not in derived.outcomes)
            results.append(Result(match_id, min(derived.sides[match_id], key=teams.index)))
            derived.apply(results[-1])
        favourites = Tournament(Format.DOUBLE, teams, results)
        for event in (favourites, play(Format.DOUBLE, teams, random.Random(count))):
            assert event.finished and all(event.byes(t) <= 1 for t in teams), count
            assert not any(m.teams == (BYE, BYE) for m in event.matches()), count
