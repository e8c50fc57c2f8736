"""/api/games: start, read and delete a game."""

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from . import logic, ratelimit
from .auth import edit_token_required
from .errors import ErrorOut
from .schemas import EDIT_TOKEN, GameCreate, GameCreated, GameOut

blp = Blueprint("games", __name__, url_prefix="/api/games", description="Games")


@blp.route("")
class Games(MethodView):
    """Starting games."""

    @blp.arguments(GameCreate())
    @blp.response(201, GameCreated)
    @blp.alt_response(409, schema=ErrorOut, description="the id exists with another token or "
                      "content")
    def post(self, data):
        """Start a game

        Replaying the same create (same id, token and content) returns the same game.
        """
        ratelimit.check_write(data.get("id"))
        return logic.create_game(data)


@blp.route("/<uuid:game_id>")
class GameById(MethodView):
    """One game (edit token)."""

    @edit_token_required
    @blp.etag
    @blp.response(200, GameOut)
    @blp.doc(security=EDIT_TOKEN)
    def get(self, game_id):
        """Get a game: teams, rules, every hand with its result, totals, status"""
        blp.set_etag(logic.etag_data(g.game))
        return logic.game_view(g.game)

    @edit_token_required
    @blp.response(204)
    @blp.doc(security=EDIT_TOKEN)
    def delete(self, game_id):
        """Delete a game and all its hands"""
        ratelimit.check_write(game_id)
        logic.delete_game(g.game)
