"""Matches the director settled (a forfeit, a no-show, a correction): the check every table
write makes first, and the calls a hand that ends a match makes after it commits."""

import orjson
from flask import current_app
from peewee import DatabaseError

from brackets import (
    Format,
)

from ..core.errors import Conflict, Refusal
from ..store.db import flask_db, is_sqlite
from ..store.events import Event, EventMatch
from . import derive
from .progress import sync

SETTLED_BY = {
    "forfeit": "the director recorded a forfeit",
    "no-show": "the director recorded a no-show",
    "correction": "the director corrected its result",
}


def _match_where(by_game):
    """The clause that finds the called match of a game (`by_game`) or of a match."""
    p = flask_db.database.param
    if by_game:
        return f'JOIN "game" AS g ON g."match_id" = em."match_id" WHERE g."id" = {p}'
    return f'WHERE em."match_id" = {p}'


def _lock_sql(by_game, exclusive):
    """PostgreSQL: lock the event row of the called match of a game (`by_game`) or of a
    match, FOR SHARE (FOR UPDATE when `exclusive`), in a statement of its own."""
    return (
        'SELECT e."id" FROM "eventmatch" AS em JOIN "event" AS e ON e."id" = em."event_id" '
        f"{_match_where(by_game)} FOR {'UPDATE' if exclusive else 'SHARE'} OF e"
    )


def _settled_sql(by_game):
    """The called match of a game (`by_game`) or of a match, its event's format and the
    director's records, in one read."""
    return (
        'SELECT em."event_id", em."match_id", em."bracket_id", em."teams", e."format", '
        'r."bracket_id", r."kind", r."loser" FROM "eventmatch" AS em JOIN "event" AS e ON '
        'e."id" = em."event_id" LEFT JOIN "eventrecord" AS r ON r."event_id" = em."event_id" '
        f"{_match_where(by_game)}"
    )


def _read_settled(by_game, exclusive, key):
    """The rows of `_settled_sql`, read once the event row is locked for the rest of the
    transaction (SQLite: BEGIN IMMEDIATE already holds the write lock).

    On PostgreSQL the event row is locked FOR SHARE, as every director write locks it FOR
    UPDATE, so no record lands between the check and the write's commit (and the lock comes
    before the game's or match's, in the same order as a director write that touches them).
    `exclusive` locks it FOR UPDATE instead: a hand write that may reopen a decided match
    (api/events/reopen.py) must see every other table's hands committed, and no hand land
    elsewhere in the event, until it commits.

    The lock is taken in a statement of its own, and the records read in the next: under
    READ COMMITTED a statement sees the rows as they were when it began, so a read that
    waited for the lock inside itself would miss the record of the director's write it
    waited for (the table's hand answered 201 in a match just forfeited). A
    casual game or match has no event row: the lock finds nothing and nothing more is read.
    """
    database = flask_db.database
    if not is_sqlite() and not database.execute_sql(_lock_sql(by_game, exclusive), key).fetchall():
        return []
    return database.execute_sql(_settled_sql(by_game), key).fetchall()


def settled(game_id=None, match_id=None, exclusive=False):
    """(bracket id, how) when the game `game_id` (or the match `match_id`) is a tournament
    match's that the director settled: a forfeit or no-show recorded for it, a no-show team
    giving it away (brackets/lateness.py), or a correction of its result; else None.

    Call it first in a write transaction, before the game or match row is locked: it locks
    the event row (`_read_settled`), then reads; the bracket is derived only when a record
    may settle this match (one of its own, or a no-show by one of its teams where a no-show
    gives later matches away). `exclusive`: lock the event row FOR UPDATE on PostgreSQL."""
    by_game = game_id is not None
    rows = _read_settled(by_game, exclusive, (str(game_id if by_game else match_id),))
    if not rows:  # a casual game or match
        return None
    event_id, called_match, bracket_id, teams, fmt = rows[0][:5]
    teams = set(orjson.loads(teams))
    gives_away = fmt != Format.SINGLE.value
    if not any(
        bid == bracket_id or (kind == "no-show" and gives_away and loser in teams)
        for *_called, bid, kind, loser in rows
        if bid is not None
    ):
        return None
    derived = derive.derive(Event.get_by_id(event_id))
    how, row = derived.how.get(bracket_id), derived.called.get(bracket_id)
    if how in SETTLED_BY and row is not None and row.match_id == called_match:
        return bracket_id, how
    return None


def refuse_settled(found):
    """409 MATCH_SETTLED for a match `settled` found settled (None: nothing to refuse): no
    more hands or games are played in it, or its table would score a match that is over."""
    if found is not None:
        bracket_id, how = found
        raise Conflict(f"match {bracket_id} is over: {SETTLED_BY[how]}", rule_code="MATCH_SETTLED")


def call_after_game(match_id):
    """After a hand write committed that ended a game of match `match_id`, or reopened one
    or changed its winner: if the match is an event's, call what that frees now (`sync`), so
    the next match's call time, from which a no-show is measured, is the moment the deciding
    hand was written. Returns {bracket id: table token} of the matches called.

    Never fails the hand: it is stored already. If calling fails (the database, or the event
    deleted meanwhile), nothing is called and the next director's or table's read calls it,
    as it always did (logged)."""
    row = EventMatch.select(EventMatch.event).where(EventMatch.match_id == match_id).first()
    if row is None:  # a match played outside any event
        return {}
    try:
        return sync(row.event_id)[1]
    except (DatabaseError, Refusal) as error:
        current_app.logger.warning(
            "event %s: the match freed by a hand in match %s was not called (%r); the next "
            "read calls it",
            row.event_id,
            match_id,
            error,
        )
        return {}
