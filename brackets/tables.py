"""Table assignment: one table per team, the longest-waiting match first.

A callable match goes to a table only when both its teams are free: neither is playing (at a
table, its match not yet decided) nor called to another table by the same call. Among the
matches whose teams are both free, the longest-waiting takes the lowest free table (`seat`).
Derived like everything else: `assign_tables` replays the order in which matches became
callable and the order of the results over tables numbered 1..N; a finished match frees its
table and its two teams.
"""

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
