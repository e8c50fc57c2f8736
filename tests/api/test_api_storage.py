"""Durability: SQLite pragmas, the idempotency store (in-flight replays, 30-day retention)."""

import datetime

import pytest
from helpers.apitest import PG_SCHEMA, PG_URL, Table, made
from peewee import OperationalError
from playhouse.pool import PooledPostgresqlDatabase

from api.play import hand_log as play_hand_log
from api.store import db as store_db
from api.store.base import utcnow
from api.store.db import flask_db
from api.store.games import Game, Hand, IdempotencyKey, SharedRow
from api.store.schema import prune_idempotency_keys


def test_database_is_durable_sqlite_or_pooled_postgresql(app):
    if PG_URL:
        assert isinstance(flask_db.database.obj, PooledPostgresqlDatabase)
        return
    with app.test_request_context(), flask_db.database.connection_context():
        pragma = flask_db.database.execute_sql
        assert pragma("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert pragma("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert pragma("PRAGMA foreign_keys").fetchone()[0] == 1
        assert pragma("PRAGMA busy_timeout").fetchone()[0] >= 5000
        assert flask_db.database.obj._lock_type == "IMMEDIATE"  # every write: BEGIN IMMEDIATE


def test_replay_while_first_is_in_flight_is_409(table):
    """docs/api-errors.md "Statuses", 409: a replay while the first request with its
    Idempotency-Key is in flight is STILL_PROCESSING with Retry-After (try again shortly, not a
    conflict), said without header names."""
    with play_hand_log.in_flight(table.id, "busy-key"):
        response = table.hand(1, key="busy-key", status=409, **made())
    assert response.headers["Retry-After"] == "1"
    assert response.json["rule_code"] == "STILL_PROCESSING"
    assert "Idempotency" not in response.json["message"]
    table.hand(1, key="busy-key", **made())  # once done, the key works


def test_idempotency_keys_kept_30_days_then_pruned(app, table):
    table.hand(1, key="old", **made())
    table.hand(2, key="new", **made(bidder=2))
    with app.app_context(), flask_db.database.connection_context():
        old = IdempotencyKey.key == "old"
        IdempotencyKey.update(created_at=utcnow() - datetime.timedelta(days=31)).where(
            old
        ).execute()
        assert prune_idempotency_keys(30) == 1
        assert [k.key for k in IdempotencyKey.select()] == ["new"]


def test_prune_command(app, table):
    table.hand(1, key="k", **made())
    result = app.test_cli_runner().invoke(args=["prune-keys"])
    assert "deleted 0 idempotency keys" in result.output


def test_deleting_a_game_deletes_its_hands_and_keys(app, table):
    table.hand(1, key="k", **made())
    table.client.delete(table.url, headers=table.auth, status=204)
    with app.app_context(), flask_db.database.connection_context():
        assert IdempotencyKey.select().count() == 0
        assert Hand.select().count() == 0


def test_database_unavailable_is_503_with_retry_after(app, table, monkeypatch):
    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(Game, "locked", classmethod(locked))
    response = table.hand(1, status=503, **made())
    assert response.headers["Retry-After"] == "1" and response.json["code"] == 503


@pytest.mark.parametrize(
    "url, pooled",
    [
        ("sqlite:////tmp/t42.db", "sqlite+pool:////tmp/t42.db?max_connections=8&stale_timeout=300"),
        ("sqlite:///t42.db", "sqlite+pool:///t42.db?max_connections=8&stale_timeout=300"),
        (
            "sqlite:///t42.db?max_connections=2",
            "sqlite+pool:///t42.db?max_connections=2&stale_timeout=300",
        ),
        (
            "postgresql://postgres@127.0.0.1:5432/t",
            "postgresql+pool://postgres@127.0.0.1:5432/t?max_connections=8&stale_timeout=300&timeout=20",
        ),
        ("mysql://x/y", "mysql://x/y"),
    ],
)
def test_database_urls_are_pooled_with_the_path_kept(url, pooled):
    """Both stores are pooled (no connect + PRAGMAs per request); an absolute SQLite path
    keeps its leading slash instead of being read as a host."""
    assert store_db.pooled_url(url) == pooled


@pytest.mark.skipif(not PG_URL, reason="the first-boot race is PostgreSQL's (pg_type)")
def test_workers_creating_tables_at_once_on_an_empty_schema_all_boot(app):
    """Several workers booting on an empty schema: none fails on a duplicate pg_type row."""
    import threading

    from api.store.schema import MODELS, create_tables

    database = flask_db.database
    for _ in range(5):
        with database.connection_context():
            database.drop_tables(MODELS, cascade=True)
        barrier, failures = threading.Barrier(4), []

        def boot(barrier=barrier, failures=failures):
            try:
                with database.connection_context():
                    barrier.wait()
                    create_tables()
            except Exception as exc:  # noqa: BLE001 (any failure to boot is the bug)
                failures.append(exc)

        workers = [threading.Thread(target=boot) for _ in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert failures == []
    with database.connection_context():
        assert set(database.get_tables()) >= {m._meta.table_name for m in MODELS}


@pytest.mark.skipif(not PG_URL, reason="the advisory lock of table creation is PostgreSQL's")
def test_a_server_that_waited_on_the_lock_runs_none_of_the_ddl_the_first_one_ran(app, caplog):
    """Servers booting at once on an empty database all find the schema incomplete, then queue
    on the advisory lock: the one that gets it after the first must read the catalog again and
    create nothing (its CREATE ... IF NOT EXISTS under the first server's writes deadlocked
    with them: 503 "deadlock detected" in 3 of 4 cold starts of three servers)."""
    import logging
    import threading
    import time

    import psycopg

    from api.store.schema import CREATE_TABLES_LOCK, MODELS, create_tables

    database = flask_db.database
    with database.connection_context():
        database.drop_tables(MODELS, cascade=True)
    caplog.set_level(logging.DEBUG, logger="peewee")  # peewee logs each statement it runs
    with psycopg.connect(PG_URL, autocommit=True) as first:
        first.execute("SELECT pg_advisory_lock(%s)", (CREATE_TABLES_LOCK,))  # the first server

        pids = []

        def boot():
            with database.connection_context():
                pids.append(database.execute_sql("SELECT pg_backend_pid()").fetchone()[0])
                create_tables()

        second = threading.Thread(target=boot)
        second.start()
        deadline = time.monotonic() + 30
        waiting = "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND pid = %s"
        while not pids or first.execute(waiting, pids).fetchone() is None:  # it queues
            assert time.monotonic() < deadline, "the second server never waited on the lock"
            time.sleep(0.02)
        with database.connection_context():  # the first server makes the schema, then lets go
            database.create_tables(MODELS, safe=True)
        first.execute("SELECT pg_advisory_unlock(%s)", (CREATE_TABLES_LOCK,))
        second.join(30)
    ddl = [
        r.msg[0]
        for r in caplog.records
        if r.thread == second.ident and r.msg[0].lstrip().upper().startswith(("CREATE", "ALTER"))
    ]
    assert not second.is_alive()
    assert ddl == []


@pytest.mark.skipif(not PG_URL, reason="SQLite's CREATE INDEX IF NOT EXISTS takes no lock")
def test_a_worker_booting_under_write_load_does_not_wait_on_the_writes(app):
    """A hand being written holds the hand table (ROW EXCLUSIVE) until it commits; a worker
    booting meanwhile must not queue behind it (CREATE INDEX IF NOT EXISTS would, and could
    then deadlock with that POST's update of the game row)."""
    import psycopg

    from api.store.schema import create_tables

    with psycopg.connect(PG_URL, options=f"-c search_path={PG_SCHEMA}") as writer:
        writer.execute("LOCK TABLE hand IN ROW EXCLUSIVE MODE")  # a POST's open transaction
        with flask_db.database.connection_context():
            flask_db.database.execute_sql("SET lock_timeout = '2s'")
            try:
                create_tables()  # raised "canceling statement due to lock timeout" before
            finally:
                flask_db.database.execute_sql("RESET lock_timeout")
        writer.rollback()


def test_a_missing_index_is_created_at_boot(app):
    """Boot creates what is missing, an index included (not just absent tables)."""
    from api.store.schema import create_tables

    database = flask_db.database
    with database.connection_context():
        database.execute_sql("DROP INDEX hand_game_id_hand_no")
        create_tables()
        assert "hand_game_id_hand_no" in {i.name for i in database.get_indexes("hand")}


def test_prebuilt_queries_read_the_same_rows_as_peewee(app, table):
    """Game.by_id / shared / locked / ordered_hands (SQL built once) match peewee's; the
    share read's folded hand log comes back in hand order past hand 9 (not as text sorts)."""
    for hand_no in range(1, 13):
        table.hand(hand_no, **made(bidder=hand_no % 4))
    empty = Table(table.client)
    with flask_db.database.connection_context():
        game = Game.get(Game.id == table.id)
        assert Game.by_id(table.id).__data__ == game.__data__
        shared, shared_hands = Game.shared(table.share_token)
        assert {f: getattr(shared, f) for f in SharedRow.__slots__} == {
            f: game.__data__[f] for f in SharedRow.__slots__
        }
        with flask_db.database.atomic():
            assert Game.locked(table.id).__data__ == game.__data__
        assert Game.by_id("no-such-game") is None and Game.shared("x" * 22) == (None, [])
        expected = [(h.hand_no, h.body, h.result) for h in game.hands.order_by(Hand.hand_no)]
        assert [(h.hand_no, h.body, h.result) for h in game.ordered_hands()] == expected
        assert [(h.hand_no, h.body, h.result) for h in shared_hands] == expected
        assert [h.hand_no for h in shared_hands] == list(range(1, 13))
        no_hands, none = Game.shared(empty.share_token)
        assert no_hands.id == empty.id and none == []


def test_prebuilt_writes_store_what_peewee_reads_back(app, table):
    """insert_statement / state_update run by `run` (one pipeline on PostgreSQL) store rows
    peewee reads back unchanged."""
    posted = table.hand(1, key="k1", **made()).json
    with flask_db.database.connection_context():
        hand = Hand.get((Hand.game == table.id) & (Hand.hand_no == 1))
        assert {"hand_no": 1, "hand": hand.body, "result": hand.result} == posted
        assert isinstance(hand.created_at, datetime.datetime) and hand.created_at == hand.updated_at
        key = IdempotencyKey.get((IdempotencyKey.game == table.id) & (IdempotencyKey.key == "k1"))
        assert (key.status, key.response) == (201, posted)
        assert IdempotencyKey.find(table.id, "k1").__data__ == key.__data__
        assert IdempotencyKey.find(table.id, "other") is None
        game = Game.get(Game.id == table.id)
        assert game.state["next_hand_no"] == 2 and game.updated_at > game.created_at


def test_a_batch_that_breaks_a_constraint_raises_peewees_integrity_error(app, table):
    """`run` (a pipeline on PostgreSQL) reports driver errors as peewee's, like execute_sql,
    so the API's handlers see them; the whole transaction rolls back."""
    from peewee import IntegrityError

    from api.store.base import insert_statement, run

    table.hand(1, **made())
    with flask_db.database.connection_context():
        game = Game.by_id(table.id)
        before = dict(game.state)
        now = utcnow()
        duplicate = insert_statement(
            Hand, game=table.id, hand_no=1, body={}, result={}, created_at=now, updated_at=now
        )
        with pytest.raises(IntegrityError), flask_db.database.atomic():
            run([game.state_update({"changed": True}), duplicate])
        assert Game.by_id(table.id).state == before
        assert [h.hand_no for h in game.ordered_hands()] == [1]


def _drop_pooled_connections_server_side(app):
    """Terminate, from the server, the backends of every idle connection in the app's pool."""
    import psycopg

    pids = [conn.info.backend_pid for _, _, conn in app.config["DATABASE"]._connections]
    assert pids, "the pool holds no idle connection"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


@pytest.mark.skipif(not PG_URL, reason="PostgreSQL's connection pool (api.db.PostgresPool)")
def test_a_dropped_connection_lent_unpinged_costs_one_503_then_the_pool_recovers(app, table):
    """A connection handed back moments ago is lent without `SELECT 1`: if the server dropped
    it meanwhile, that one request is a 503 with Retry-After, and the retry succeeds."""
    table.get()
    _drop_pooled_connections_server_side(app)
    response = table.get(status=503)
    assert response.headers["Retry-After"] == "1"
    table.get()


@pytest.mark.skipif(not PG_URL, reason="PostgreSQL's connection pool (api.db.PostgresPool)")
def test_a_connection_idle_past_ping_after_is_pinged_so_no_request_fails(app, table, monkeypatch):
    table.get()
    monkeypatch.setattr(app.config["DATABASE"], "PING_AFTER", 0.0)
    _drop_pooled_connections_server_side(app)
    table.get()
