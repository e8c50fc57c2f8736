"""A table's hand write that would reopen a decided tournament match, or change who won it
(docs/tournaments.md "Calling matches without a director").

The hand that decides a match frees its table, and the next match is called there at once
(api/events/ `call_after_game`); the match's winner goes on to the match it feeds. An
undo, edit or set-aside restore at the first table can then take that result back. While the
later match has no hand played, its call is taken back in the same transaction (it waits for
a table again, or for its teams). Once it has a hand played, its players are at work: a
reopened match would be a second match at one table, a changed winner would leave a match
under way with a team that no longer belongs in it. That write is refused (409
LATER_MATCH_STARTED, nothing stored); the director's correction is the way to fix it, and
it says what can no longer change (RESULT_LOCKED).
"""

import dataclasses

from ..core.errors import Conflict
from ..store.events import Event, EventMatch
from . import derive, progress
from .derive import derived_from, has_hands
from .settlement import SETTLED_BY


def check(game, before, state):
    """In the hand write's transaction, the event row locked FOR UPDATE (`settled`
    with `exclusive`), before the write is stored: `before` is the game's (game over, winner)
    as stored, `state` the game's state after the write. If the write reopens the game's
    decided match or changes its winner: 409 LATER_MATCH_STARTED when a later match that
    depends on it (one it fed, one called after it at its table or with one of its teams)
    has a hand played, or was settled by the director (a forfeit, a no-show, a correction);
    else the calls of those later matches are taken back here. Nothing happens for a casual game,
    nor for a write that leaves who won the game as it was (a fixed typo in an old hand)."""
    if game.match_id is None or not before[0] or (state["game_over"], state["winner"]) == before:
        return
    row = EventMatch.get_or_none(EventMatch.match_id == game.match_id)
    if row is None:  # a match played outside any event
        return
    now = derive.derive(Event.get_by_id(row.event_id))
    bracket_id = row.bracket_id
    if now.how.get(bracket_id) != "games" or bracket_id not in now.called:
        return  # not decided by its games: nothing to reopen
    then = _after_write(now, game, state)
    reopened = then.how.get(bracket_id) != "games"
    winner = now.tournament.match(bracket_id).winner
    if not reopened and then.tournament.match(bracket_id).winner == winner:
        return  # the series keeps its winner
    later = _depending(now, then, bracket_id, reopened)
    started = [r for r in later if has_hands(r) or _settled(now, r)]
    if started:
        _refuse(now, bracket_id, started)
    idle = {r.bracket_id for r in later}
    progress.drop_stale(
        dataclasses.replace(then, stale=[r for r in then.rows.values() if r.bracket_id in idle])
    )


def _after_write(derived, game, state):
    """`derived` as it would be with the game's state `state` (no read, nothing stored)."""
    rows = {}
    for bid, row in derived.rows.items():
        if row.match_id == game.match_id:
            games = [
                (no, gid, dealer, state if gid == game.id else old)
                for no, gid, dealer, old in row.games
            ]
            row = dataclasses.replace(row, games=games)
        rows[bid] = row
    return derived_from(derived.event, derived.teams, derived.records, rows)


def _depending(now, then, bracket_id, reopened):
    """The called matches, in call order, that depend on match `bracket_id`'s result: those
    it fed whose teams the write changes, and, when the match is reopened, those called
    after it at its table (its players would take that table back) not yet decided, and
    those of its teams called after it, elsewhere, not yet decided (one table per team:
    its players would be at two tables)."""
    table, teams = now.called[bracket_id].table, set(now.called[bracket_id].teams)
    order = list(now.rows)
    after = order[order.index(bracket_id) + 1 :]
    found = []
    for bid in after:
        row = now.rows[bid]
        fed = bid in now.called and bid not in then.called
        at_table = reopened and row.table == table and (bid not in then.how or has_hands(row))
        its_team = reopened and bid not in then.how and not teams.isdisjoint(row.teams)
        if fed or at_table or its_team:
            found.append(row)
    return found


def _settled(derived, row):
    """True if the director settled the later match `row` (a forfeit, a no-show, a
    correction): it is over by the director's word, which a table's write may not take back
    (the director's own correction would be refused: RESULT_LOCKED)."""
    return derived.how.get(row.bracket_id) in SETTLED_BY


def _refuse(derived, bracket_id, started):
    """409 LATER_MATCH_STARTED naming the later matches under way or settled by the
    director (`locked`), in words for the table: the director corrects the result."""
    if len(started) == 1:
        row = started[0]
        how = derived.how.get(row.bracket_id)
        where = (
            f"match {row.bracket_id} is over: {SETTLED_BY[how]};"
            if _settled(derived, row)
            else f"match {row.bracket_id} has already started at table {row.table}:"
        )
    else:
        names = [f"{r.bracket_id} (table {r.table})" for r in started]
        over = " or are over" if any(_settled(derived, r) for r in started) else ""
        where = f"matches {', '.join(names[:-1])} and {names[-1]} have already started{over}:"
    raise Conflict(
        f"{where} ask the director to correct the result of match {bracket_id}",
        rule_code="LATER_MATCH_STARTED",
        locked=[r.bracket_id for r in started],
    )
