"""Table assignment: one table per team, the longest-waiting match first.

A callable match goes to a table only when both its teams are free: neither is playing (at a
table, its match not yet decided) nor called to another table by the same call. Among the
matches whose teams are both free, the longest-waiting takes the lowest free table (`seat`).
Derived like everything else: `assign_tables` replays the order in which matches became
callable and the order of the results over tables numbered 1..N; a finished match frees its
table and its two teams.
"""

import heapq
from dataclasses import dataclass

from .errors import BracketError


@dataclass(frozen=True)
class TablePlan:
    """Where every match was (or is being) played, and the matches still waiting for one."""

    played_at: dict
    playing: dict
    waiting: tuple


def seat(waiting, busy, tables):
    """(match id, table) for each match the free `tables` take now.

    `waiting` is (match id, teams) pairs, longest-waiting first; `busy` the teams playing
    (or held) at a table; `tables` the free tables, lowest first. A match is seated only when
    none of its teams is busy or seated by this same call, so no team is ever at two tables;
    a match skipped for a busy team keeps its place in the queue, and the next one whose
    teams are free takes the table (a table stays idle only when no waiting match can be
    played at it).
    """
    taken, free, seated = set(busy), list(tables), []
    for match_id, teams in waiting:
        if not free:
            break
        if taken.isdisjoint(teams):
            seated.append((match_id, free.pop(0)))
            taken.update(teams)
    return seated


def forecast(playing, waiting, tables, now):
    """When and where each waiting match would start, were every match to last its length.

    `playing` is (end, table, teams) of each match at a table (`end` when it is expected to
    free its table and teams); `waiting` (match id, teams, length), longest-waiting first;
    `tables` the free tables; `now` the time the free tables are free. Tables free up in
    the order of their ends (those ending together at once), and at each moment `seat` (the
    calling rule) says which waiting matches they take. Returns {match id: (start, table)}
    of the matches some table takes. Times are anything that adds up (datetimes and
    timedeltas, or numbers).
    """
    ends = list(playing)
    heapq.heapify(ends)
    free = sorted(tables)
    busy = {team for _end, _table, teams in ends for team in teams}
    queue = {match: (tuple(teams), length) for match, teams, length in waiting}  # in order
    plan, moment = {}, now
    while queue:
        for match, table in seat(((m, q[0]) for m, q in queue.items()), busy, free):
            teams, length = queue.pop(match)
            plan[match] = (moment, table)
            heapq.heappush(ends, (moment + length, table, teams))
            free.remove(table)
            busy.update(teams)
        if not ends:
            break
        moment = max(moment, ends[0][0])
        while ends and ends[0][0] <= moment:  # every table freed at that moment at once
            _end, table, teams = heapq.heappop(ends)
            free = sorted([*free, table])
            busy.difference_update(teams)
    return plan


def assign_tables(ready_log, results, table_count, teams_of=None):
    """Replay `ready_log` ((results applied, match id) pairs) and `results` over N tables.

    `teams_of(match id)` gives a match's teams (so a team is seated at one table at a time,
    `seat`); without it every match counts as having teams of its own. A match decided
    while still waiting (a forfeit called before it reached a table) simply leaves the queue.
    """
    if isinstance(table_count, bool) or not isinstance(table_count, int) or table_count < 1:
        raise BracketError(f"an event needs at least one table, not {table_count!r}", "BAD_TABLES")
    teams_of = teams_of or (lambda match: (match,))
    free = list(range(1, table_count + 1))
    played_at, queue, done = {}, [], set()
    log = list(ready_log)  # every played match was called first, so it is queued or seated

    def call(upto):
        while log and log[0][0] <= upto:
            queue.append(log.pop(0)[1])
        busy = {t for m, _table in played_at.items() if m not in done for t in teams_of(m)}
        for match, table in seat([(m, teams_of(m)) for m in queue], busy, free):
            played_at[match] = table
            queue.remove(match)
            free.remove(table)

    call(0)
    for applied, result in enumerate(results, 1):
        done.add(result.match)
        if result.match in queue:  # decided before it reached a table
            queue.remove(result.match)
        else:
            free.append(played_at[result.match])
            free.sort()
        call(applied)
    playing = {m: t for m, t in played_at.items() if m not in done}
    return TablePlan(played_at, playing, tuple(queue))
