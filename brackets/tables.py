"""Table assignment: each callable match goes to the next free table, first come first served.

Derived like everything else: replay the order in which matches became callable and the
order of the results, with tables numbered 1..N; a finished match frees its table, and the
longest-waiting match takes the lowest free table.
"""

from dataclasses import dataclass

from .errors import BracketError


@dataclass(frozen=True)
class TablePlan:
    """Where every match was (or is being) played, and the matches still waiting for one."""

    played_at: dict
    playing: dict
    waiting: tuple


def assign_tables(ready_log, results, table_count):
    """Replay `ready_log` ((results applied, match id) pairs) and `results` over N tables.

    A match decided while still waiting (a forfeit called before it reached a table)
    simply leaves the queue.
    """
    if isinstance(table_count, bool) or not isinstance(table_count, int) or table_count < 1:
        raise BracketError(f"an event needs at least one table, not {table_count!r}", "BAD_TABLES")
    free = list(range(1, table_count + 1))
    played_at, queue, done = {}, [], set()
    log = list(ready_log)  # every played match was called first, so it is queued or seated

    def call(upto):
        while log and log[0][0] <= upto:
            queue.append(log.pop(0)[1])
        while free and queue:
            played_at[queue.pop(0)] = free.pop(0)

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
