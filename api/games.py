"""/api/games: start, read and delete a game."""

from flask.views import MethodView
from flask_smorest import Blueprint

from . import logic, ratelimit
from .auth import bearer_token, require_edit
from .schemas import GameCreate, GameCreated, GameOut

blp = Blueprint("games", __name__, url_prefix="/api/games", description="Games")


@blp.route("")
class Games(MethodView):
    """Starting games."""

    @blp.arguments(GameCreate)
    @blp.response(201, GameCreated)
    @blp.alt_response(409, description="the id exists with another token or content")
    def post(self, data):
        """Start a game

        Replaying the same create (same id, token and content) returns the same game.
        """
        ratelimit.check_write(data.get("id"))
        return logic.create_game(data, bearer_token())


@blp.route("/<uuid:game_id>")
class GameById(MethodView):
    """One game (edit token)."""

    @blp.etag
    @blp.response(200, GameOut)
    def get(self, game_id):
        """Get a game: teams, rules, every hand with its result, totals, status"""
        return logic.game_view(require_edit(game_id))

    @blp.response(204)
    def delete(self, game_id):
        """Delete a game and all its hands"""
        ratelimit.check_write(game_id)
        logic.delete_game(require_edit(game_id))
