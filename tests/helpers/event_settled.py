"""A settled event: a write refused as over, what the store holds."""

from api.store.db import flask_db
from api.store.games import Game, Hand


def stored(app, game_id):
    """(hands stored, the game's cached state) of a game, read from the store."""
    with app.app_context(), flask_db.database.connection_context():
        game = Game.get_by_id(game_id)
        return Hand.select().where(Hand.game == game_id).count(), game.state


def refused_as_over(response, bracket_id, words):
    """The one error shape: 409, MATCH_SETTLED, a sentence a player reads."""
    body = response.json
    assert response.status_int == 409
    assert body["code"] == 409 and body["rule_code"] == "MATCH_SETTLED"
    assert body["message"] == f"match {bracket_id} is over: {words}"
    assert body["errors"] == {}
