"""A file renamed for its import, and what the store holds after one."""

import re
import uuid

import orjson

from api.store.db import flask_db
from api.store.schema import MODELS

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def stored():
    """How many rows each table holds."""
    with flask_db.database.connection_context():
        return {model.__name__: model.select().count() for model in MODELS}


def renamed(doc):
    """`doc` with every id in it replaced by a new one (the same id by the same new one)."""
    text = orjson.dumps(doc).decode()
    fresh = {}
    return orjson.loads(UUID.sub(lambda m: fresh.setdefault(m.group(), str(uuid.uuid4())), text))
