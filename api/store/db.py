"""The peewee database: one `DATABASE_URL` picks SQLite (durable pragmas) or PostgreSQL, both
pooled: opening a connection per request (connect, four PRAGMAs, close with a WAL checkpoint)
cost more CPU than the share view's own work (bench/README.md)."""

import fcntl
import os
import threading
import time
from contextlib import contextmanager, nullcontext
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from peewee import SqliteDatabase
from playhouse.db_url import connect, parse
from playhouse.flask_utils import FlaskDB
from playhouse.pool import PooledPostgresqlDatabase

from . import nudge

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


class PostgresPool(PooledPostgresqlDatabase):
    """peewee's PostgreSQL pool, minus one round trip per request.

    peewee checks every connection it lends with a `SELECT 1`. Here a connection handed back
    less than PING_AFTER seconds ago, with no transaction open, is lent without the ping. If
    the server dropped it in that window (a restart), that request fails with 503 and
    Retry-After (api/core/errors.py), the pool discards the broken connection on its return, and
    the retry gets a fresh one.
    """

    PING_AFTER = 5.0  # seconds idle after which a connection is pinged before it is lent

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._returned_at = {}  # id(connection) -> monotonic time it was handed back

    def _can_reuse(self, conn):
        reusable = super()._can_reuse(conn)
        if reusable:
            self._returned_at[id(conn)] = time.monotonic()
        return reusable

    def _close_raw(self, conn):
        self._returned_at.pop(id(conn), None)  # closed (stale, broken, close_all): forget it
        super()._close_raw(conn)

    def _is_closed(self, conn):
        returned_at = self._returned_at.pop(id(conn), None)
        if (
            returned_at is not None
            and time.monotonic() - returned_at < self.PING_AFTER
            and not conn.closed
            and self._adapter.txn_status(conn) == self._adapter.txn_idle
        ):
            return False
        return super()._is_closed(conn)


def open_database(url):
    """Build the peewee Database for `url`; SQLite writes take the lock at BEGIN (IMMEDIATE).

    Raises ValueError for a URL scheme peewee does not know.
    """
    url = pooled_url(url)
    if url.startswith("sqlite"):
        # check_same_thread off: the pool lends each connection to one thread at a time, but
        # not always to the thread that opened it
        return connect(
            url, pragmas=SQLITE_PRAGMAS, timeout=15, lock_type="IMMEDIATE", check_same_thread=False
        )
    if url.startswith("postgresql+pool://"):
        return PostgresPool(**parse(url))
    return connect(url)


def is_sqlite():
    """True when the bound database is SQLite (which has no SELECT ... FOR UPDATE)."""
    return isinstance(flask_db.database.obj, SqliteDatabase)


def locked_row(model, row_id):
    """The `model` row `row_id`, locked for the rest of the write transaction, or None
    (SQLite has no FOR UPDATE: its BEGIN IMMEDIATE already holds the write lock)."""
    query = model.select().where(model.id == str(row_id))
    return (query if is_sqlite() else query.for_update()).first()


class WriterQueue:
    """Lines up this machine's writers to one SQLite file before they BEGIN IMMEDIATE.

    SQLite admits one writer; a second one gets SQLITE_BUSY and its busy handler *sleeps*
    (1, 2, 5, 10 ... 100 ms) before it tries again, so two gunicorn workers writing at once
    lost most of their time asleep: 233 hand POSTs/s and a p99 of 558 ms at 200/s, with the
    CPU half idle (bench/README.md). An exclusive `flock` on `<database>-writelock` makes the
    waiter block in the kernel and wake the moment the holder is done. The kernel drops the
    lock when its holder dies (kill -9 included). The threading lock covers threads of one
    process, which share one open file (a flock is held per open file, not per thread); the
    file is opened again after a fork, so workers never share one.
    """

    def __init__(self, path):
        self.database_path = path
        self.path = f"{path}-writelock"
        self._thread_lock = threading.Lock()
        self._fd = None
        self._pid = None

    def _file(self):
        if self._pid != os.getpid():
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            self._pid = os.getpid()
        return self._fd

    @contextmanager
    def held(self):
        """Hold the lock for the `with` block (blocking until it is free)."""
        with self._thread_lock:
            fd = self._file()
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)


_queues = {}  # database file -> its WriterQueue (one per process and file)

_queues_lock = threading.Lock()


def sqlite_file(database):
    """The absolute path of a SQLite file database, or None (in-memory, or not SQLite)."""
    if not isinstance(database, SqliteDatabase):
        return None
    path = database.database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return os.path.abspath(path)


def writer_queue(database):
    """The WriterQueue of a SQLite file database, or None (in-memory, or not SQLite)."""
    path = sqlite_file(database)
    if path is None:
        return None
    with _queues_lock:
        return _queues.setdefault(path, WriterQueue(path))


@contextmanager
def write_transaction():
    """A transaction for a write: on SQLite, wait in the writer queue, then `BEGIN IMMEDIATE`,
    and once it committed nudge the live processes on this machine (api/store/nudge.py); on
    PostgreSQL a plain BEGIN (row locks do the queueing there, without sleeps; the write's own
    NOTIFY tells the live processes). Inside another write's transaction it joins it (a
    savepoint): the writer queue is held already, and the outer write nudges once done."""
    database = flask_db.database.obj
    if database.in_transaction():
        with database.atomic():
            yield
        return
    queue = writer_queue(database)
    with queue.held() if queue else nullcontext(), database.atomic():
        yield
    if queue:
        nudge.send(queue.database_path)
