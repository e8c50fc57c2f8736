"""A real gunicorn serving the app on a loopback port, for the crash torture test."""

import http.client
import json
import os
from contextlib import contextmanager

# `python3 -m pytest` from the root puts the root on sys.path
from bench.servers import Gunicorn, pg_drop_schema, pg_schema_url

PG_URL = os.environ.get("TEST_DATABASE_URL")


class AppServer(Gunicorn):
    """The app (app:app) under bench's gunicorn runner on `db_url`, rate limits off; the port
    is chosen once, so every restart after a kill comes back on the same one."""

    def __init__(self, db_url, log_path):
        env = {"DATABASE_URL": db_url, "RATELIMIT_ENABLED": "0"}
        super().__init__("app:app", env=env, probe="/api/rulesets", log=log_path)


def call(port, method, path, body=None, token=None, headers=None, timeout=20.0):
    """One request on a new connection; returns (status, parsed JSON or None).

    Raises OSError or http.client.HTTPException when the server is down or dies meanwhile.
    """
    hdrs = {"Content-Type": "application/json", **(headers or {})}
    if token:
        hdrs["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=hdrs)
        resp = conn.getresponse()
        raw = resp.read()
    finally:
        conn.close()
    try:
        return resp.status, json.loads(raw) if raw else None
    except ValueError:
        return resp.status, None


@contextmanager
def pg_schema(name):
    """A fresh PostgreSQL schema `name` on TEST_DATABASE_URL, dropped afterwards; yields (the
    app's DATABASE_URL, pointed at it; a check returning the app's indexes amcheck rejects)."""
    import psycopg

    pg_drop_schema(PG_URL, name)
    url = pg_schema_url(PG_URL, name)
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")  # in public: reachable below

    def check():
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            indexes = conn.execute(
                "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = "
                "i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                "JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = %s AND a.amname = 'btree'",
                (name,),
            ).fetchall()
            bad = []
            for (index,) in indexes:
                try:  # heapallindexed: every row of the table is found through the index
                    conn.execute("SELECT public.bt_index_check(%s::regclass, true)", (index,))
                except psycopg.Error as error:
                    bad.append(f"{index}: {error}")
            assert indexes, f"no indexes found in schema {name}"
            return bad

    try:
        yield url, check
    finally:
        pg_drop_schema(PG_URL, name)
