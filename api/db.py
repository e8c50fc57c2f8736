"""The peewee database: one `DATABASE_URL` picks SQLite (durable pragmas) or pooled PostgreSQL."""

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


def pooled_url(url):
    """Return `url` with PostgreSQL switched to peewee's pool (defaults for its size added)."""
    parts = urlsplit(url)
    scheme = parts.scheme
    if scheme in {"postgres", "postgresql"}:
        scheme = "postgresql+pool"
    if scheme != "postgresql+pool":
        return url
    query = {**POOL_DEFAULTS, **dict(parse_qsl(parts.query))}
    return urlunsplit(parts._replace(scheme=scheme, query=urlencode(query)))


def open_database(url):
    """Build the peewee Database for `url`; SQLite writes take the lock at BEGIN (IMMEDIATE).

    Raises ValueError for a URL scheme peewee does not know.
    """
    url = pooled_url(url)
    if url.startswith("sqlite"):
        return connect(url, pragmas=SQLITE_PRAGMAS, timeout=15, lock_type="IMMEDIATE")
    return connect(url)


def is_sqlite():
    """True when the bound database is SQLite (which has no SELECT ... FOR UPDATE)."""
    return isinstance(flask_db.database.obj, SqliteDatabase)


def write_transaction():
    """A transaction for a write: `BEGIN IMMEDIATE` on SQLite, a plain BEGIN on PostgreSQL."""
    return flask_db.database.atomic()
