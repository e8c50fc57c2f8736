"""/api/games: start, read and delete a game."""

from flask import g
from flask.views import MethodView

from ..core.access import edit_token_required
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..games.service import create_game, delete_game
from ..games.views import etag_data, game_view
from ..schemas.base import EDIT_TOKEN
from ..schemas.games import GameCreate, GameCreated, GameOut

blp = Blueprint("games", __name__, url_prefix="/api/games", description="Games")

# Where a game's life goes next, as OpenAPI links (operationId -> parameters): clients and
# schemathesis's stateful phase follow them from a new game to its hands, edits, share link
# and restore.
GAME_ID_FROM_BODY = {"game_id": "$response.body#/id"}

GAME_ID_FROM_PATH = {"game_id": "$request.path.game_id"}


def links(status, bodies=None, **targets):
    """`blp.doc` arguments declaring links on response `status`: operationId -> parameters
    (and `bodies`: operationId -> request body fields the link supplies)."""
    bodies = bodies or {}
    return {
        "responses": {
            status: {
                "links": {
                    operation_id: {
                        "operationId": operation_id,
                        "parameters": parameters,
                        **({"requestBody": bodies[operation_id]} if operation_id in bodies else {}),
                    }
                    for operation_id, parameters in targets.items()
                }
            }
        }
    }


def game_links(status, game_id):
    """Links from a response carrying a whole game (its id given by `game_id`): its next hand
    is recorded under the game's `next_hand_no`."""
    return links(
        status,
        bodies={"recordHand": {"hand_no": "$response.body#/next_hand_no"}},
        getGame=game_id,
        recordHand=game_id,
        setShare=game_id,
        restoreSetAside=game_id,
        deleteGame=game_id,
        getSharedGame={"token": "$response.body#/share_token"},
    )


@blp.route("")
class Games(MethodView):
    """Starting games."""

    @blp.arguments(GameCreate())
    @blp.response(201, GameCreated)
    @blp.doc(operationId="createGame", **game_links(201, GAME_ID_FROM_BODY))
    @blp.alt_response(
        409, schema=ErrorOut, description="the id exists with another token or content"
    )
    def post(self, data):
        """Start a game

        Replaying the same create (same id, token and content) returns the same game.
        """
        check_write(data.get("id"))
        return create_game(data)


@blp.route("/<uuid:game_id>")
class GameById(MethodView):
    """One game (edit token)."""

    @edit_token_required
    @blp.etag
    @blp.response(200, GameOut)
    @blp.doc(security=EDIT_TOKEN, operationId="getGame", **game_links(200, GAME_ID_FROM_BODY))
    def get(self, game_id):
        """Get a game: teams, rules, every hand with its result, totals, status"""
        blp.set_etag(etag_data(g.game))
        return game_view(g.game)

    @edit_token_required
    @blp.response(204)
    @blp.doc(security=EDIT_TOKEN, operationId="deleteGame")
    def delete(self, game_id):
        """Delete a game and all its hands"""
        check_write(game_id)
        delete_game(g.game)
