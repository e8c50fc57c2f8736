"""An export file checked against its JSON schema, and the rows it counts."""

import json
from pathlib import Path

import jsonschema

from api.store.db import flask_db
from api.store.games import Game, Hand, Match

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())


def validate(doc):
    """The export is valid under the documented JSON Schema ("Document the formats,
    with a JSON Schema")."""
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)


def counts(app):
    """(games, hands, matches) stored."""
    with flask_db.database.connection_context():
        return Game.select().count(), Hand.select().count(), Match.select().count()
