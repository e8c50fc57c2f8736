"""peewee models of a crew: the crew, its players, the games that joined it."""

from peewee import (
    CharField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
    fn,
)

from .base import JSONField, cached_sql, utcnow
from .db import flask_db
from .games import Game


class Crew(flask_db.Model):
    """A crew: people who play together (docs/crews.md). No accounts: its token, kept as a
    SHA-256 like a game's edit token, reads and writes the crew and nothing else."""

    id = CharField(primary_key=True, max_length=36)
    name = CharField(max_length=80)
    token_hash = CharField(max_length=64, unique=True)
    created_at = DateTimeField(default=utcnow)
    updated_at = DateTimeField(default=utcnow)
    # Moved on by every write that changes what the crew's statistics and ratings read (a
    # hand of one of its games, its seats, a game in or out, the roster): their ETag and
    # their per-process cache are keyed by it, so a read while nothing changed reads no game.
    # Null in tables made before it (read as 0).
    revision = IntegerField(null=True, default=0)


class CrewPlayer(flask_db.Model):
    """A player on a crew's roster; the id is made by the phone, so it can name a player
    offline and send it later (the same id and name again change nothing)."""

    id = CharField(primary_key=True, max_length=36)
    crew = ForeignKeyField(Crew, backref="players", on_delete="CASCADE")
    name = CharField(max_length=40)
    name_key = CharField(max_length=40)  # the name folded for comparing (case, spaces)
    created_at = DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("crew", "name_key"), True),)


class CrewGame(flask_db.Model):
    """A game of a crew: who sat in each seat, and a cache of the game's statistics summary
    (stats.game_summary) for the game revision it was computed from. A write to the log bumps
    the game's revision, so a summary of an older revision is never read: it is rebuilt."""

    game = ForeignKeyField(Game, primary_key=True, on_delete="CASCADE")
    crew = ForeignKeyField(Crew, backref="games", on_delete="CASCADE")
    seat_players = JSONField()  # one player id (or null) per seat
    summary = JSONField(null=True)
    summary_revision = IntegerField(null=True)
    attached_at = DateTimeField(default=utcnow)


def crew_moved(game_id):
    """(SQL, params) moving on the revision of the crew (if any) of game `game_id`, for
    `run` in the transaction of a write to the game's log."""
    sql = cached_sql(
        "crew_moved",
        lambda p: (
            'UPDATE "crew" SET "revision" = COALESCE("revision", 0) + 1 WHERE "id" IN '
            f'(SELECT "crew_id" FROM "crewgame" WHERE "game_id" = {p})'
        ),
    )
    return sql, [game_id]


def move_crews(game_ids):
    """Move on the revision of the crews of the games `game_ids` now, in the open
    transaction (before the games go: a deleted game leaves its crew's statistics)."""
    query = CrewGame.select(CrewGame.crew).where(CrewGame.game.in_(list(game_ids)))
    Crew.update(revision=fn.COALESCE(Crew.revision, 0) + 1).where(Crew.id.in_(query)).execute()
