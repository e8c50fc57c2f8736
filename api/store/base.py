"""What every model builds on: UTC now, canonical JSON, cached SQL, batched statements."""

import datetime
import json

import orjson
from peewee import (
    PostgresqlDatabase,
    TextField,
)
from peewee import __exception_wrapper__ as peewee_errors

from .db import flask_db


def utcnow():
    """The current time in UTC, without tzinfo (both databases store it as given)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)


def canonical_json(value):
    """JSON text with sorted keys and no spaces: equal values give equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


_SQL = {}  # (database class, name) -> SQL text: peewee rebuilds a query's SQL on every run


def cached_sql(name, build):
    """The SQL text of `build()` (a peewee query or a function of the database's placeholder),
    built once per kind of database: peewee building a query costs ~0.25 ms of CPU, more than
    SQLite running it, and the hand POST runs seven."""
    database = flask_db.database.obj
    key = (type(database), name)
    sql = _SQL.get(key)
    if sql is None:
        built = build() if build.__code__.co_argcount == 0 else build(database.param)
        sql = _SQL[key] = built if isinstance(built, str) else built.sql()[0]
    return sql


def cached_raw(model, name, build, *params):
    """`model` rows of the query `build()` run with `params`, its SQL built once (cached_sql)."""
    return model.raw(cached_sql(name, build), *params)


def insert_statement(model, **values):
    """(SQL, params) inserting one `model` row from field values (the SQL built once per set
    of fields), for `run`."""
    fields = model._meta.fields
    names = tuple(values)

    def build(param):
        columns = ", ".join(f'"{fields[n].column_name}"' for n in names)
        marks = ", ".join([param] * len(names))
        return f'INSERT INTO "{model._meta.table_name}" ({columns}) VALUES ({marks})'

    sql = cached_sql(("insert", model.__name__, names), build)
    return sql, [fields[n].db_value(v) for n, v in values.items()]


def run(statements):
    """Run (SQL, params) statements in order, in the open transaction.

    On PostgreSQL they go as one psycopg pipeline: one round trip for all of them instead of
    one each, and a sync worker sits idle through every round trip. Driver errors come out
    as peewee's (IntegrityError, OperationalError ...), as from `execute_sql`.
    """
    database = flask_db.database.obj
    if not isinstance(database, PostgresqlDatabase):
        for sql, params in statements:
            database.execute_sql(sql, params)
        return
    conn = database.connection()
    with peewee_errors, conn.pipeline(), conn.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)


class JSONField(TextField):
    """A JSON value stored as canonical text (read back by orjson: every read parses the
    game's state and each hand's body and result, ~4x faster than the standard library)."""

    def db_value(self, value):
        """Serialise for storage."""
        return None if value is None else canonical_json(value)

    def python_value(self, value):
        """Parse what was stored."""
        return None if value is None else orjson.loads(value)
