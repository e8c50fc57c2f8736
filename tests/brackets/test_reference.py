"""Differential test: our brackets against brackets-manager (npm) on the same inputs.

Same seeding and the same results, played in the same order, must give the same teams in
every match, the same callable matches and the same winners, for single elimination, double
elimination with a true final, and round robin. How byes are mapped: see reference.py.
Two-team double elimination is left out: brackets-manager makes it a single match, while
ours plays the rematch every team is owed (each team must lose twice to be out).
"""

import random

import pytest
import reference

from brackets import BYE, Format, Result, Tournament

SIZES = {
    Format.SINGLE: [*range(2, 21), 31, 32, 33, 63, 64, 100, 127, 128],
    Format.DOUBLE: [*range(3, 21), 31, 32, 33, 63, 64, 100, 127, 128],
    Format.ROUND_ROBIN: [*range(2, 13), 16, 21],
}
CASES = [(fmt, n, seed) for fmt, sizes in SIZES.items() for n in sizes
         for seed in ((1, 2) if n < 64 else (1,))]


def played(fmt, count, seed, share):
    """A tournament of `count` teams with `share` of its matches played at random."""
    rng = random.Random(f"{fmt.value}-{count}-{seed}")
    teams = [f"team {i}" for i in range(1, count + 1)]
    rng.shuffle(teams)
    tournament = Tournament(fmt, teams)
    total = sum(1 for m in tournament.matches() if m.status != "bye")
    while not tournament.finished and len(tournament.results) < share * total:
        ready = tournament.ready()
        match = ready[rng.randrange(len(ready))]
        tournament = tournament.record(Result(match.id, rng.choice(match.teams)))
    return tournament


def ours(state):
    """One of our matches as (side 1, side 2, callable, winner) in the reference's words."""
    def word(side):
        return "BYE" if side is BYE else side
    winner = None if state.status == "void" or state.winner is BYE else state.winner
    return (word(state.teams[0]), word(state.teams[1]), state.status == "ready", winner)


def theirs(row, state):
    """The reference's match in the same words; a true final's unneeded rematch is not due."""
    side1, side2, status, winner = row
    due = status == 2 and state.status != "void"
    return (side1, side2, due, winner)


@pytest.fixture(scope="module")
def tournaments():
    """Every case twice: half played, and played to the end, with the reference's answers."""
    assert reference.available(), "run `npm ci` at the project root first (brackets-manager)"
    cases = [played(fmt, n, seed, share) for fmt, n, seed in CASES for share in (0.5, 1.0)]
    answers = reference.run([reference.case(t) for t in cases])
    return [(t, matches, standings) for t, (matches, standings) in zip(cases, answers,
                                                                          strict=True)]


def test_every_case_has_the_reference_matches_and_no_more(tournaments):
    """Both sides make the same set of matches (the same layout)."""
    for tournament, answer, _standings in tournaments:
        keys = {reference.match_key(m.spec) for m in tournament.matches()}
        assert keys == set(answer), (tournament.format, len(tournament.teams))


def test_same_pairings_callable_matches_and_winners(tournaments):
    """Every match has the same teams, is callable in both or neither, has the same winner."""
    for tournament, answer, _standings in tournaments:
        for state in tournament.matches():
            expected = theirs(answer[reference.match_key(state.spec)], state)
            assert ours(state) == expected, (tournament.format.value, len(tournament.teams),
                                             len(tournament.results), state.id)


def test_the_cases_reach_the_end_and_cover_byes(tournaments):
    """The cases are not trivial: most end with a champion, and byes occur in them."""
    played_out = tournaments[1::2]
    assert all(t.finished and t.champion for t, _, _ in played_out)
    assert sum(1 for t, _, _ in tournaments[::2] if not t.finished) > len(played_out) * 0.9
    assert any(m.status == "bye" for t, _, _ in tournaments for m in t.matches())


def dense(places):
    """Shared places numbered 1, 2, 3, 3, 4 (brackets-manager) from ours, 1, 2, 3, 3, 5."""
    ranks = {place: rank for rank, place in enumerate(sorted(set(places.values())), 1)}
    return {team: ranks[place] for team, place in places.items()}


def test_elimination_standings_group_the_teams_as_the_reference_does(tournaments):
    """Same champion, runner-up, and the same teams sharing each later place.

    We number a shared place by the teams above it (two 3rds, then 5th), as sports do;
    brackets-manager numbers them densely (two 3rds, then 4th): compared after converting.
    """
    compared = 0
    for tournament, _answer, standings in tournaments:
        if tournament.finished and tournament.format is not Format.ROUND_ROBIN:
            ours = {s.team: s.place for s in tournament.standings()}
            assert dense(ours) == standings, (tournament.format.value, len(tournament.teams))
            compared += 1
    assert compared > 50
