"""An event's live revision and its public ETag, each read in one small query from rows every
write already keeps (the event's write counter, its games' revisions)."""

import hashlib

from ..store.db import flask_db
from ..store.games import game_revision_sql

PREFIX = "e:"


def key(event_id):
    """The Hub's key for an event's streams (never a game id: those are UUIDs)."""
    return PREFIX + str(event_id)


def is_event_key(name):
    return name.startswith(PREFIX)


def revision_sql(where):
    """One row per event: id, public token hash and revision: the event row's write counter
    plus each game's revision + 1 (a write to the event or to any of its games moves it, in
    the write's own transaction; a game taken away moves its share to the counter)."""
    return (
        'SELECT e."id", e."public_token_hash", e."version" + COALESCE(SUM(CASE WHEN g."id" IS '
        f'NULL THEN 0 ELSE {game_revision_sql()} + 1 END), 0) FROM "event" AS e '
        'LEFT JOIN "eventmatch" AS em ON em."event_id" = e."id" LEFT JOIN "game" AS g ON '
        f'g."match_id" = em."match_id" WHERE {where} '
        'GROUP BY e."id", e."version", e."public_token_hash"'
    )


def current(event_id):
    """(revision, ETag, public token hash) of an event, in one read; None when it is gone."""
    sql = revision_sql(f'e."id" = {flask_db.database.param}')
    row = flask_db.database.execute_sql(sql, (str(event_id),)).fetchone()
    if row is None:
        return None
    return int(row[2]), f'"{public_etag(row[0], row[2])}"', row[1]


def by_public_token(token_hash):
    """(event id, revision) of the event with this public token's hash, or None."""
    sql = revision_sql(f'e."public_token_hash" = {flask_db.database.param}')
    row = flask_db.database.execute_sql(sql, (token_hash,)).fetchone()
    return None if row is None else (row[0], int(row[2]))


def public_etag(event_id, revision):
    """The public view's ETag: the event and its revision. Never a clock: two servers'
    clocks differ and two commits can land out of timestamp order, while the revision moves
    with every committed write."""
    return hashlib.sha256(f"{event_id}|{int(revision)}".encode()).hexdigest()[:32]


def fingerprint(event_id):
    """The public view's ETag, in one small read (None when the event is gone)."""
    now = current(event_id)
    return None if now is None else now[1].strip('"')
