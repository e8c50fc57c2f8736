"""peewee models: a game, its hand log (the truth) and the idempotency keys of its writes."""

import datetime

from peewee import (
    PostgresqlDatabase,
)
from playhouse.migrate import SchemaMigrator, migrate

from .base import utcnow
from .crews import Crew, CrewGame, CrewPlayer
from .db import flask_db
from .events import EVENT_MODELS
from .games import Game, Hand, IdempotencyKey, Match
from .leagues import LEAGUE_MODELS
from .parties import PARTY_MODELS
from .tables import TABLE_MODELS

MODELS = (
    *(Match, Game, Hand, IdempotencyKey, Crew, CrewPlayer, CrewGame),
    *EVENT_MODELS,
    *TABLE_MODELS,
    *PARTY_MODELS,
    *LEAGUE_MODELS,
)

# Any fixed 64-bit key: serialises table creation between the workers of one PostgreSQL.
CREATE_TABLES_LOCK = 0x7461_6C6C_7934_32  # "tally42"


def missing_columns(database):
    """(model, field) for each column an older release's tables lack (catalog reads only)."""
    missing = []
    tables = set(database.get_tables())
    for model in MODELS:
        table = model._meta.table_name
        if table in tables:
            have = {column.name for column in database.get_columns(table)}
            missing += [(model, f) for f in model._meta.sorted_fields if f.column_name not in have]
    return missing


def add_missing_columns(database):
    """Add the nullable columns later releases added (game.set_aside, game.match_id,
    game.match_game_no, hand.counts, eventmatch.seated_at and .here, game.time_called,
    event.time_limit_minutes, team.short_name, season.board_token_hash) to existing tables
    (before any index on them is made)."""
    for model, field in missing_columns(database):
        if not field.null:  # every added column is nullable; anything else is not ours to fix
            raise RuntimeError(f"table {model._meta.table_name} lacks column {field.column_name}")
        migrate(
            SchemaMigrator.from_database(database).add_column(
                model._meta.table_name, field.column_name, field
            )
        )


def schema_complete(database):
    """True if every model's table, column and index exists (catalog reads only: no locks)."""
    tables = set(database.get_tables())
    if missing_columns(database):
        return False
    for model in MODELS:
        table = model._meta.table_name
        if table not in tables:
            return False
        have = {index.name for index in database.get_indexes(table)}
        if any(index._name not in have for index in model._meta.fields_to_index()):
            return False
    return True


def create_tables():
    """Create the tables that are missing (safe to run from several workers at once).

    On PostgreSQL, two workers running CREATE TABLE IF NOT EXISTS on an empty schema can both
    pass the check and collide on pg_type (duplicate key): creation takes a transaction-scoped
    advisory lock, so the second worker waits, then finds the tables there. And CREATE INDEX
    IF NOT EXISTS takes a SHARE lock on its table even when the index exists, so a worker
    booting under write load would wait behind every hand being written, and could deadlock
    with one (the hand POST holds the hand table and then updates the game row): when the
    catalog shows everything in place, a booting worker creates nothing. The catalog is read
    again once the lock is held: servers booting at once on an empty database all find it
    incomplete and queue on the lock, and each one after the first would otherwise run the
    first one's DDL again, under the first one's writes (3 of 4 cold starts of three servers
    answered 503 "deadlock detected").
    """
    database = flask_db.database
    if not isinstance(database.obj, PostgresqlDatabase):
        add_missing_columns(database.obj)
        database.create_tables(MODELS, safe=True)
        return
    if schema_complete(database):
        return
    with database.atomic():
        database.execute_sql("SELECT pg_advisory_xact_lock(%s)", (CREATE_TABLES_LOCK,))
        if schema_complete(database):  # another server made it while this one waited
            return
        add_missing_columns(database.obj)
        database.create_tables(MODELS, safe=True)


def prune_idempotency_keys(days):
    """Delete idempotency keys older than `days`; returns how many were dropped."""
    cutoff = utcnow() - datetime.timedelta(days=days)
    return IdempotencyKey.delete().where(IdempotencyKey.created_at < cutoff).execute()
