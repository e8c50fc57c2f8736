"""peewee models of a tournament's tables (docs/tournaments.md "A table's link"): each
table's link (its token's hash), the director's calls from a table, and the games signed at
their table; and `match_holders`, the tokens that reach a called match.

A table's link belongs to the table for the whole event: it reaches the match called to that
table last (while it plays, and once it is over until the next is called) and nothing else.
A signature is a fact with a time; the game's result stays derived from its hand log.
"""

from peewee import (
    JOIN,
    CharField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
    fn,
)

from .base import utcnow
from .db import flask_db
from .events import Event, EventMatch
from .games import Game, Match


class EventTable(flask_db.Model):
    """A table's link: the SHA-256 of its token, made at the start or by the director's
    "new link", which ends the one before (`ended_at`: kept, so an ended link is refused in
    the table's words rather than as a token nobody knows). One open link a table, kept so
    under the event's lock."""

    event = ForeignKeyField(Event, backref="table_links", on_delete="CASCADE")
    table = IntegerField()
    token_hash = CharField(max_length=64, unique=True)
    issued_at = DateTimeField(default=utcnow)
    ended_at = DateTimeField(null=True)

    class Meta:
        indexes = ((("event", "table"), False),)


class TableCall(flask_db.Model):
    """A table called the director ("Call the director"); open until the director answers."""

    event = ForeignKeyField(Event, backref="calls", on_delete="CASCADE")
    table = IntegerField()
    at = DateTimeField(default=utcnow)
    answered_at = DateTimeField(null=True)


class GameSignoff(flask_db.Model):
    """A game's result confirmed at its table by the team that lost it (Bridgemate: one side
    enters, the other confirms). Closes the game to the table; only the director changes it."""

    game = ForeignKeyField(Game, unique=True, on_delete="CASCADE")
    side = IntegerField()  # the side that signed: the game's loser
    revision = IntegerField()  # the game's revision when it was signed
    at = DateTimeField(default=utcnow)


TABLE_MODELS = (EventTable, TableCall, GameSignoff)


def latest_at_table():
    """The join condition "the EventMatch is the one called to its table last" (no later row
    at the same table of the same event): the match a table's link reaches."""
    later = EventMatch.alias("later")
    newer = later.select(later.id).where(
        (later.event == EventMatch.event)
        & (later.table == EventMatch.table)
        & (later.id > EventMatch.id)
    )
    return ~fn.EXISTS(newer)


def match_holders(match_id):
    """The SHA-256s of the tokens that reach match `match_id` and its games besides each
    game's own edit token: the match's own (an older release's per-match table link), the
    director's of the event that called it, and the link of the table it was called to while
    it is the match called there last; empty for a match that no longer exists. One query:
    the edit check (api/core/access.require_edit) and the live hub's check of an editor
    stream's standing."""
    rows = (
        Match.select(Match.edit_token_hash, Event.director_token_hash, EventTable.token_hash)
        .join(EventMatch, JOIN.LEFT_OUTER, on=(EventMatch.match_id == Match.id))
        .join(Event, JOIN.LEFT_OUTER, on=(Event.id == EventMatch.event))
        .join(
            EventTable,
            JOIN.LEFT_OUTER,
            on=(
                (EventTable.event == EventMatch.event)
                & (EventTable.table == EventMatch.table)
                & EventTable.ended_at.is_null()
                & latest_at_table()
            ),
        )
        .where(Match.id == str(match_id))
        .tuples()
    )
    return {digest for row in rows for digest in row if digest is not None}


def open_calls(event_id):
    """The tables calling the director now, first call first: [{table, at}]."""
    return [
        {"table": table, "at": at}
        for table, at in TableCall.select(TableCall.table, TableCall.at)
        .where((TableCall.event == str(event_id)) & TableCall.answered_at.is_null())
        .order_by(TableCall.id)
        .tuples()
    ]
