"""The peewee database: one `DATABASE_URL` picks SQLite (durable pragmas) or PostgreSQL, both
pooled: opening a connection per request (connect, four PRAGMAs, close with a WAL checkpoint)
cost more CPU than the share view's own work (bench/README.md)."""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from peewee import SqliteDatabase
from playhouse.db_url import connect
from playhouse.flask_utils import FlaskDB

flask_db = FlaskDB()

# Every connection: WAL, fsync on commit, wait (not fail) on a busy lock, enforce foreign keys.
SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "full",
    "busy_timeout": 15000,
    "foreign_keys": 1,
}
POOL_DEFAULTS = {"max_connections": "8", "stale_timeout": "300", "timeout": "20"}


SQLITE_POOL_DEFAULTS = {"max_connections": "8", "stale_timeout": "300"}


def pooled_url(url):
    """Return `url` switched to peewee's pool (SQLite and PostgreSQL), with pool defaults added;
    any other URL is returned as it is."""
    scheme, sep, rest = url.partition("://")
    if scheme in {"sqlite", "sqlite+pool"}:
        # not urlsplit: it would read the first folder of an absolute path as a host
        path, _, query = rest.partition("?")
        query = urlencode({**SQLITE_POOL_DEFAULTS, **dict(parse_qsl(query))})
        return f"sqlite+pool://{path}?{query}"
    if scheme not in {"postgres", "postgresql", "postgresql+pool"} or not sep:
        return url
    parts = urlsplit(url)
    query = {**POOL_DEFAULTS, **dict(parse_qsl(parts.query))}
    return urlunsplit(parts._replace(scheme="postgresql+pool", query=urlencode(query)))


def open_database(url):
    """Build the peewee Database for `url`; SQLite writes take the lock at BEGIN (IMMEDIATE).

    Raises ValueError for a URL scheme peewee does not know.
    """
    url = pooled_url(url)
    if url.startswith("sqlite"):
        # check_same_thread off: the pool lends each connection to one thread at a time, but
        # not always to the thread that opened it
        return connect(url, pragmas=SQLITE_PRAGMAS, timeout=15, lock_type="IMMEDIATE",
                       check_same_thread=False)
    return connect(url)


def is_sqlite():
    """True when the bound database is SQLite (which has no SELECT ... FOR UPDATE)."""
    return isinstance(flask_db.database.obj, SqliteDatabase)


def write_transaction():
    """A transaction for a write: `BEGIN IMMEDIATE` on SQLite, a plain BEGIN on PostgreSQL."""
    return flask_db.database.atomic()
