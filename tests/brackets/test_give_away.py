"""The no-show's later forfeits (brackets/lateness.py `give_away`): the Timpson flyer's "a team
more than 5 minutes late is eliminated" (docs/rules.md rule 28; docs/tournaments.md "What a
director does", 5): in double elimination and round robin the late team also gives away
every later match it would play.

Checked for every format and 2 to 16 teams (64 in the examples), with random results and
random no-shows: a team out is in no callable match, so it plays no later match; every
match it would play is given to its opponent (both out: the first listed goes on, to give
its next match away); the event still ends with exactly one champion.
"""

import random

from hypothesis import example, given
from hypothesis import strategies as st

from brackets import Format, Result, Tournament, give_away


def teams_of(count):
    return [f"team {n}" for n in range(1, count + 1)]


def check_given(before, after, ids, out):
    """Each match given away went to the team not out (both out: the first listed)."""
    for match_id in ids:
        first, second = before_teams = after.match(match_id).teams
        state = after.match(match_id)
        assert state.status == "played" and state.forfeit
        assert out.intersection(before_teams), f"{match_id} had no team out"
        if first in out and second not in out:
            assert state.winner == second
        else:
            assert state.winner == first
    assert not [r for r in before.results if r.match in ids], "a result given twice"


def run(fmt, count, rng, advance):
    """Play `fmt` to the end with random winners and random no-shows, giving away after each
    result; returns (tournament, teams out, match ids given away)."""
    tournament = Tournament(fmt, teams_of(count), (), advance)
    out, given_all = set(), []
    while True:
        before = tournament
        tournament, ids = give_away(tournament, out)
        check_given(before, tournament, ids, out)
        given_all += ids
        ready = tournament.ready()
        # a team out is in no callable match: nothing can call it or record it as played
        assert not [m.id for m in ready if out.intersection(m.teams)]
        if not ready:
            return tournament, out, given_all
        match = rng.choice(ready)
        if rng.random() < 0.25:  # a no-show: the team there wins, the late one is out
            absent = rng.choice(match.teams)
            present = match.teams[1] if match.teams[0] == absent else match.teams[0]
            tournament = tournament.record(Result(match.id, present, forfeit=True))
            out.add(absent)
        else:
            tournament = tournament.record(Result(match.id, rng.choice(match.teams)))


@given(
    fmt=st.sampled_from(list(Format)),
    count=st.integers(2, 16),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
@example(fmt=Format.DOUBLE, count=64, seed=1, data=None)
@example(fmt=Format.ROUND_ROBIN_PLAYOFF, count=12, seed=2, data=None)
def test_a_team_out_plays_no_later_match_and_there_is_still_one_champion(fmt, count, seed, data):
    advance = None
    if fmt is Format.ROUND_ROBIN_PLAYOFF:
        advance = data.draw(st.integers(2, count)) if data else 4
    tournament, out, given_ids = run(fmt, count, random.Random(seed), advance)
    assert tournament.finished
    standings = tournament.standings()
    assert sum(1 for s in standings if s.place == 1) == 1
    assert standings[0].team == tournament.champion
    # Every match decided after its team went out was given away, never played: a team out
    # won a match only as the first listed of two teams out.
    for state in tournament.matches():
        if state.id in given_ids and state.winner in out:
            assert state.loser in out
    if fmt is Format.SINGLE:
        assert given_ids == [], "single elimination: losing the late match is the end"


def test_both_teams_out_the_first_listed_goes_on_to_give_its_next_match_away():
    """Double elimination, 4 teams: the two first-round losers both no-showed, so they meet
    in the losers' bracket with both out: the first listed goes on and gives the losers'
    final away to the team there."""
    event = Tournament(Format.DOUBLE, teams_of(4))
    event = event.record(Result("W1.1", "team 1", forfeit=True))  # team 4 late
    event = event.record(Result("W1.2", "team 2", forfeit=True))  # team 3 late
    event = event.record(Result("W2.1", "team 1"))
    event, ids = give_away(event, {"team 4", "team 3"})
    assert ids == ("L1.1", "L2.1")
    first = event.match("L1.1")
    assert first.winner == first.teams[0] and first.forfeit
    assert event.match("L2.1").winner == "team 2"


def test_a_match_already_played_keeps_its_result_and_the_rest_are_given_away():
    """Round robin: every match is callable at once. The late team's match that has a result
    (the `outcome` the caller reads from its rows) keeps it, even a win; the others go to
    its opponents."""
    event = Tournament(Format.ROUND_ROBIN, teams_of(4))
    played = {}
    for match in event.ready():
        if "team 4" in match.teams and "team 1" in match.teams:
            played[match.id] = Result(match.id, "team 4")

    event, ids = give_away(event, {"team 4"}, lambda match: played.get(match.id))
    assert event.match(next(iter(played))).winner == "team 4"
    assert not event.match(next(iter(played))).forfeit
    assert len(ids) == 2
    for match_id in ids:
        state = event.match(match_id)
        assert state.loser == "team 4" and state.forfeit
    assert not [m for m in event.ready() if "team 4" in m.teams]


def test_nobody_out_gives_nothing_away():
    event = Tournament(Format.DOUBLE, teams_of(5))
    assert give_away(event, set()) == (event, ())
