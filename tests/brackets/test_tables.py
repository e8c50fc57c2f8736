"""One table per team (brackets/tables.py `seat`; docs/tournaments.md "One table per team";
"A team is never at two tables"), and the round robin's schedule it calls from
(brackets/layout.py `round_robin_rounds`, the circle method; docs/tournaments.md "The order
of a round robin").

Checked on every example: no team is seated twice or while busy; the longest-waiting match
whose teams are free takes the lowest free table; a table is left free only when every
waiting match has a busy team; a whole event played on N tables in any finishing order never
has a team at two tables, and a round robin still plays every pair once."""

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from brackets import Format, Result, Tournament, forecast, seat
from brackets.layout import round_robin_rounds

TEAMS = [f"team {n}" for n in range(1, 13)]


@st.composite
def queues(draw):
    """(waiting, busy, free tables): matches between some of 12 teams, longest-waiting
    first, some teams busy, some tables free."""
    pairs = st.lists(st.sampled_from(TEAMS), min_size=2, max_size=2, unique=True)
    matches = draw(st.lists(pairs, max_size=30))
    waiting = [(f"M{i}", tuple(teams)) for i, teams in enumerate(matches, 1)]
    busy = draw(st.sets(st.sampled_from(TEAMS), max_size=8))
    free = sorted(draw(st.sets(st.integers(1, 20), max_size=8)))
    return waiting, busy, free


@given(queues())
def test_seat_never_puts_a_team_at_two_tables(queue):
    """No seated match has a busy team, and no team is in two seated matches."""
    waiting, busy, free = queue
    teams = dict(waiting)
    seated = [t for match, _table in seat(waiting, busy, free) for t in teams[match]]
    assert len(seated) == len(set(seated))
    assert not set(seated) & busy


@given(queues())
def test_seat_gives_the_lowest_tables_to_the_longest_waiting(queue):
    """The matches seated keep their order in the queue and take the free tables in order."""
    waiting, busy, free = queue
    order = [match for match, _teams in waiting]
    seated = seat(waiting, busy, free)
    assert [order.index(m) for m, _t in seated] == sorted(order.index(m) for m, _t in seated)
    assert [table for _m, table in seated] == free[: len(seated)]


@given(queues())
def test_seat_leaves_a_table_free_only_when_no_waiting_match_can_take_it(queue):
    """Every match left waiting while a table is still free has a team busy or just seated,
    and a skipped match was never one whose teams were free when its turn came."""
    waiting, busy, free = queue
    seated = dict(seat(waiting, busy, free))
    if len(seated) == len(free):
        return
    taken = busy | {t for match, teams in waiting if match in seated for t in teams}
    for match, teams in waiting:
        if match not in seated:
            assert set(teams) & taken, f"{match} {teams} could have been seated"


def test_a_team_called_to_one_table_waits_for_it_to_end():
    """The issue's case: a round robin's round 1 fills three tables, and R2.1 (teams playing)
    waits while two tables stay free."""
    waiting = [("R1.1", ("A", "F")), ("R1.2", ("E", "B")), ("R1.3", ("D", "C"))]
    waiting += [("R2.1", ("A", "E")), ("R2.2", ("F", "D"))]
    assert seat(waiting, set(), [1, 2, 3, 4, 5]) == [("R1.1", 1), ("R1.2", 2), ("R1.3", 3)]
    assert seat(waiting[3:], {"D", "C"}, [1, 2]) == [("R2.1", 1)]


def playing_on(tournament, tables, draw):
    """Play `tournament` to the end on `tables` tables, a drawn table finishing first, checking
    at each step that no team is at two tables and no table idles while a match could use it."""
    while not tournament.finished:
        plan = tournament.tables(tables)
        teams = [t for match in plan.playing for t in tournament.match(match).teams]
        assert len(teams) == len(set(teams)), f"a team at two tables: {plan.playing}"
        if len(plan.playing) < tables:
            for match in plan.waiting:
                assert set(tournament.match(match).teams) & set(teams), f"{match} could play"
        assert plan.playing, "nothing at a table and the event not over"
        match = tournament.match(draw.choice(sorted(plan.playing)))
        tournament = tournament.record(Result(match.id, draw.choice(match.teams)))
    return tournament


@given(
    fmt=st.sampled_from(list(Format)),
    count=st.integers(2, 12),
    tables=st.integers(1, 8),
    seed=st.integers(0, 2**32),
)
@example(fmt=Format.DOUBLE, count=64, tables=24, seed=1)
@example(fmt=Format.DOUBLE, count=48, tables=20, seed=2)
@example(fmt=Format.ROUND_ROBIN, count=14, tables=10, seed=3)
def test_a_whole_event_on_many_tables_never_seats_a_team_twice(fmt, count, tables, seed):
    """Every format, 2 to 12 teams on 1 to 8 tables, any finishing order, and a 64-team
    double elimination on 24 tables: one table per team, and a round robin still plays every
    pair once."""
    advance = min(count, 4) if fmt is Format.ROUND_ROBIN_PLAYOFF else None
    teams = tuple(f"team {n}" for n in range(1, count + 1))
    done = playing_on(Tournament(fmt, teams, advance=advance), tables, random.Random(seed))
    if fmt in (Format.ROUND_ROBIN, Format.ROUND_ROBIN_PLAYOFF):
        pairs = [frozenset(m.teams) for m in done.matches() if m.spec.bracket == "R"]
        assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2


@pytest.mark.parametrize("count", range(2, 41))
def test_the_round_robin_schedule_pairs_every_team_once_and_no_team_twice_a_round(count):
    """The circle method: count - 1 rounds (count, when odd), every pair exactly once, no team
    twice in a round, and with an odd count each team sits out exactly one round."""
    rounds = round_robin_rounds(count)
    assert len(rounds) == count - 1 + count % 2
    pairs = [frozenset(duel) for duels in rounds for duel in duels]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    for duels in rounds:
        seated = [t for duel in duels for t in duel]
        assert len(seated) == len(set(seated))
    if count % 2:
        out = [set(range(1, count + 1)) - {t for duel in duels for t in duel} for duels in rounds]
        assert sorted(t for gone in out for t in gone) == list(range(1, count + 1))


@given(queues(), st.lists(st.integers(1, 5), min_size=30, max_size=30))
def test_forecast_starts_now_what_seat_calls_now_and_never_overlaps_a_team(queue, lengths):
    """The forecast (the estimated starts the views show) calls at `now` exactly what `seat`
    calls, and later never has a team, nor a table, in two matches at once."""
    waiting, busy, free = queue
    playing = [(3, 100 + i, (team,)) for i, team in enumerate(sorted(busy))]
    entries = [(m, teams, lengths[i]) for i, (m, teams) in enumerate(waiting)]
    plan = forecast(playing, entries, free, 0)
    now = {m: table for m, (start, table) in plan.items() if start == 0}
    assert now == dict(seat(waiting, busy, free))
    spans = [(0, 3, table, teams) for _end, table, teams in playing]
    length = {m: size for m, _teams, size in entries}
    teams = dict(waiting)
    spans += [(s, s + length[m], table, teams[m]) for m, (s, table) in plan.items()]
    for i, (start, end, table, who) in enumerate(spans):
        for other_start, other_end, other_table, others in spans[i + 1 :]:
            if start < other_end and other_start < end:  # at the table at the same time
                assert table != other_table and not set(who) & set(others)


def test_forecast_of_a_round_robin_on_more_tables_than_it_can_fill():
    """6 teams on 5 tables, every match 1 long: round after round on tables 1 to 3, and
    nothing ever goes to tables 4 and 5."""
    waiting = [
        (f"R{r}.{i}", duel, 1)
        for r, duels in enumerate(round_robin_rounds(6), 1)
        for i, duel in enumerate(duels, 1)
    ]
    plan = forecast([], waiting, [1, 2, 3, 4, 5], 0)
    assert {m: start for m, (start, _t) in plan.items()} == {m: int(m[1]) - 1 for m, *_ in waiting}
    assert {table for _start, table in plan.values()} == {1, 2, 3}
