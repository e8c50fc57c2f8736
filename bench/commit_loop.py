"""The durable-commit baseline: a bare loop of `INSERT; COMMIT`, one row a transaction.

Same durability as the app: SQLite in WAL mode with `synchronous=FULL` and `BEGIN IMMEDIATE`
on a file in the same directory (same disk) as the app's database; PostgreSQL with the
server's own settings (`fsync`, `synchronous_commit` as configured) through psycopg 3.
The row is about the size of a stored hand. The figure is the limit for durable single
commits from one client: what a hand POST is measured against.
"""

import json
import os
import sqlite3
import time
import uuid

ROW = json.dumps(
    {
        "hand_no": 1,
        "bidder": 1,
        "bid": 30,
        "result": {"captured": 32},
        "outcome": "made",
        "awarded": [0, 1],
        "totals": [0, 1],
    }
)


def sqlite_loop(path, seconds):
    """Commit single-row transactions to a fresh SQLite file at `path` for `seconds`.

    Returns commits per second. Removes the file (and its WAL) afterwards.
    """
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS hand (id INTEGER PRIMARY KEY, game TEXT, "
        "hand_no INTEGER, idem TEXT UNIQUE, body TEXT, UNIQUE (game, hand_no))"
    )
    n, game = 0, uuid.uuid4().hex
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "INSERT INTO hand (game, hand_no, idem, body) VALUES (?, ?, ?, ?)",
            (game, n, uuid.uuid4().hex, ROW),
        )
        conn.execute("COMMIT")
        n += 1
    rate = n / (time.perf_counter() - start)
    conn.close()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return rate


def pg_loop(url, seconds):
    """Commit single-row transactions to PostgreSQL at `url` for `seconds`; commits/s."""
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("DROP TABLE IF EXISTS bench_commit_loop")
        conn.execute(
            "CREATE TABLE bench_commit_loop (id SERIAL PRIMARY KEY, game TEXT, "
            "hand_no INTEGER, idem TEXT UNIQUE, body TEXT, UNIQUE (game, hand_no))"
        )
        conn.commit()
        n, game = 0, uuid.uuid4().hex
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            conn.execute(
                "INSERT INTO bench_commit_loop (game, hand_no, idem, body) VALUES (%s, %s, %s, %s)",
                (game, n, uuid.uuid4().hex, ROW),
            )
            conn.commit()
            n += 1
        rate = n / (time.perf_counter() - start)
        conn.execute("DROP TABLE bench_commit_loop")
        conn.commit()
    return rate


if __name__ == "__main__":
    import sys
    import tempfile

    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as d:
        print("sqlite commits/s", round(sqlite_loop(os.path.join(d, "loop.db"), secs)))
    from servers import pg_ensure_db

    print("pg commits/s", round(pg_loop(pg_ensure_db(), secs)))
