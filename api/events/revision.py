"""An event's live revision and its public ETag, each read in one small query from rows every
write already keeps (the event's write counter, its games' revisions)."""

import hashlib

from ..store.db import flask_db, is_sqlite

PREFIX = "e:"


def key(event_id):
    """The Hub's key for an event's streams (never a game id: those are UUIDs)."""
    return PREFIX + str(event_id)


def is_event_key(name):
    return name.startswith(PREFIX)


def game_revision():
    """SQL for a game row's revision (kept in its cached state's JSON)."""
    if is_sqlite():
        return "COALESCE(json_extract(g.\"state\", '$.revision'), 0)"
    return "COALESCE((g.\"state\"::jsonb ->> 'revision')::integer, 0)"


def revision_sql(where):
    """One row per event: id, version, games' count and last change (the ETag's parts, as
    fingerprint reads them), the public token's hash and the revision."""
    return (
        'SELECT e."id", e."version", COUNT(g."id"), MAX(g."updated_at"), '
        'e."public_token_hash", e."version" + COALESCE(SUM(CASE WHEN g."id" IS NULL THEN 0 '
        f'ELSE {game_revision()} + 1 END), 0) FROM "event" AS e '
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
    return int(row[5]), f'"{public_etag(row[:4])}"', row[4]


def fingerprint_sql(where):
    return (
        'SELECT e."id", e."version", COUNT(g."id"), MAX(g."updated_at") FROM "event" AS e '
        'LEFT JOIN "eventmatch" AS em ON em."event_id" = e."id" LEFT JOIN "game" AS g ON '
        f'g."match_id" = em."match_id" WHERE e."{where}" = {flask_db.database.param} '
        'GROUP BY e."id", e."version"'
    )


def public_etag(row):
    """The public view's ETag from the fingerprint's row (id, version, games, last change)."""
    event_id, version, games, changed = row
    return hashlib.sha256(f"{event_id}|{version}|{games}|{changed}".encode()).hexdigest()[:32]


def fingerprint(event_id):
    """The public view's ETag, in one small read: made from the event's write counter and its
    games' count and last change (a hand recorded anywhere in the event moves it)."""
    row = flask_db.database.execute_sql(fingerprint_sql("id"), (event_id,)).fetchone()
    return None if row is None else public_etag(row)
