"""Property tests of the bracket logic: every format, 2 to 128 teams, random results.

Checked on every example: every team plays until it is knocked out (or plays every other
team, in a round robin); no team gets more than one bye; exactly one champion; the
standings are a total order of all the teams; a series stops once decided. Bounded by the
"brackets-default" profile; `pytest --long` runs more.
"""

import random
from collections import Counter

from helpers.players import play
from hypothesis import example, given
from hypothesis import strategies as st

from brackets import BYE, Format, Series, SeriesError, ShakeRule

FORMATS = st.sampled_from(list(Format))
TEAM_COUNTS = st.one_of(st.integers(2, 20), st.integers(2, 128))


def teams_of(count):
    """Team names in seed order."""
    return [f"team {n}" for n in range(1, count + 1)]


def advance_for(fmt, count, data):
    """How many go on to the championship (only for a round robin with one)."""
    if fmt is not Format.ROUND_ROBIN_PLAYOFF:
        return None
    return data.draw(st.integers(2, min(count, 16)), label="advance")


def losses(tournament):
    """Each team's played (not bye) losses, in play order."""
    lost = {team: [] for team in tournament.teams}
    for state in tournament.matches():
        if state.status == "played":
            lost[state.loser].append(state.id)
    return lost


@given(fmt=FORMATS, count=TEAM_COUNTS, seed=st.integers(0, 2**32), data=st.data())
@example(fmt=Format.DOUBLE, count=128, seed=1, data=None)
@example(fmt=Format.SINGLE, count=128, seed=2, data=None)
@example(fmt=Format.ROUND_ROBIN, count=128, seed=3, data=None)
def test_a_played_out_event_has_one_champion_and_a_total_order(fmt, count, seed, data):
    """Whatever the results: one champion, the standings rank every team exactly once."""
    advance = advance_for(fmt, count, data) if data else None
    tournament = play(fmt, teams_of(count), random.Random(seed), advance)
    assert tournament.finished
    standings = tournament.standings()
    assert sorted(s.team for s in standings) == sorted(tournament.teams)
    assert [s.place for s in standings] == sorted(s.place for s in standings)
    assert [s.place for s in standings][:2] == [1, 2]
    assert standings[0].team == tournament.champion
    assert sum(1 for s in standings if s.place == 1) == 1
    places = [s.place for s in standings]
    if fmt is Format.ROUND_ROBIN:  # tie-breaks down to the seed: no two teams share a place
        assert places == list(range(1, count + 1))
    if fmt is Format.ROUND_ROBIN_PLAYOFF:  # past the championship, the round robin's order
        assert places[advance:] == list(range(advance + 1, count + 1))


@given(fmt=FORMATS, count=TEAM_COUNTS, seed=st.integers(0, 2**32), data=st.data())
def test_every_team_plays_until_it_is_knocked_out(fmt, count, seed, data):
    """Elimination: out after exactly one (single) or two (double) losses, never earlier,
    and no match after that; round robin: every pair meets exactly once."""
    advance = advance_for(fmt, count, data)
    tournament = play(fmt, teams_of(count), random.Random(seed), advance)
    lost = losses(tournament)
    champion = tournament.champion
    if fmt in (Format.ROUND_ROBIN, Format.ROUND_ROBIN_PLAYOFF):
        pairs = Counter(frozenset(m.teams) for m in tournament.matches() if m.spec.bracket == "R")
        assert len(pairs) == count * (count - 1) // 2 and set(pairs.values()) == {1}
        return
    needed = 1 if fmt is Format.SINGLE else 2
    for team in tournament.teams:
        path = tournament.path(team)
        if team == champion:
            assert len(lost[team]) < needed
        else:
            assert len(lost[team]) == needed, (team, lost[team])
            assert path[-1].match == lost[team][-1] and not path[-1].won


@given(fmt=FORMATS, count=TEAM_COUNTS, seed=st.integers(0, 2**32), data=st.data())
@example(fmt=Format.DOUBLE, count=9, seed=4, data=None)
@example(fmt=Format.DOUBLE, count=90, seed=5, data=None)
def test_no_team_gets_more_than_one_bye(fmt, count, seed, data):
    """At most one bye per team, in every format, 2 to 128 teams, counting the
    winners' and losers' brackets together; first-round byes go to the top seeds (seeds
    1..k of k byes). Double elimination with more than a quarter of the first round as byes
    (5, 9-11, 17-23, 33-47, 65-95 teams) is where a published layout gives a second one.
    """
    advance = advance_for(fmt, count, data)
    tournament = play(fmt, teams_of(count), random.Random(seed), advance)
    byes = {team: Counter() for team in tournament.teams}
    for state in tournament.matches():
        if state.status == "bye" and state.winner is not BYE:
            byes[state.winner][state.spec.bracket] += 1
    assert all(sum(counter.values()) <= 1 for counter in byes.values()), byes
    assert all(tournament.byes(team) == sum(byes[team].values()) for team in tournament.teams)
    if fmt in (Format.SINGLE, Format.DOUBLE):
        first_round = [team for team, counter in byes.items() if counter["W"]]
        assert first_round == list(tournament.teams[: len(first_round)])


@given(
    first_to=st.integers(1, 10),
    winners=st.lists(st.booleans(), max_size=30),
    rule=st.sampled_from(list(ShakeRule)),
    seed=st.integers(0, 2**32),
)
def test_a_series_stops_when_decided(first_to, winners, rule, seed):
    """Games are taken until one team has `first_to` wins; the next one is refused."""
    series = Series(("north", "south"), first_to)
    rng = random.Random(seed)
    for north_wins in winners:
        winner = "north" if north_wins else "south"
        if series.decided:
            try:
                series.record(winner)
            except SeriesError as error:
                assert error.code == "SERIES_DECIDED"
            else:
                raise AssertionError("a game was taken after the series was decided")
            break
        assert series.next_shaker(rule, rng) in series.teams
        series = series.record(winner)
    assert max(series.score) <= first_to
    assert len(series.games) <= 2 * first_to - 1
    assert series.decided == (max(series.score) == first_to)
    if series.decided:
        assert series.next_shaker(rule, rng) is None
