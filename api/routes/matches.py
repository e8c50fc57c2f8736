"""/api/matches: start a match (first to N wins), read it, start its next game.

Each game of a match is an ordinary game: its hands go through /api/games/{id}/hands with
the match's edit token, which reaches the match's games and nothing else.
"""

from flask import g
from flask.views import MethodView

from ..core.access import match_token_required
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..games.matches import create_match
from ..games.series import match_view
from ..play.next_game import start_game
from ..schemas.base import EDIT_TOKEN
from ..schemas.games import MatchCreate, MatchCreated, MatchOut, MatchWithGame, NextGame

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/api/matches",
    description="Matches: a series of games between the same two teams",
)

MATCH_ID_FROM_BODY = {"match_id": "$response.body#/id"}

MATCH_ID_FROM_PATH = {"match_id": "$request.path.match_id"}

GAME_FROM_BODY = {"game_id": "$response.body#/game/id"}


def match_links(status, match_id):
    """OpenAPI links from a response carrying a match and one of its games."""
    return {
        "responses": {
            status: {
                "links": {
                    "getMatch": {"operationId": "getMatch", "parameters": match_id},
                    "startMatchGame": {"operationId": "startMatchGame", "parameters": match_id},
                    "getGame": {"operationId": "getGame", "parameters": GAME_FROM_BODY},
                    "recordHand": {"operationId": "recordHand", "parameters": GAME_FROM_BODY},
                }
            }
        }
    }


@blp.route("")
class Matches(MethodView):
    """Starting matches."""

    @blp.arguments(MatchCreate())
    @blp.response(201, MatchCreated)
    @blp.doc(operationId="createMatch", **match_links(201, MATCH_ID_FROM_BODY))
    def post(self, data):
        """Start a match and its first game

        Returns the match, its first game in full, and the match's edit token: send it
        (`Authorization: Bearer`) to read the match, start its next games, and record, edit
        or read the hands of its games.
        """
        check_write()
        return create_match(data)


@blp.route("/<uuid:match_id>")
class MatchById(MethodView):
    """One match (its edit token)."""

    @match_token_required
    @blp.response(200, MatchOut)
    @blp.doc(security=EDIT_TOKEN, operationId="getMatch")
    def get(self, match_id):
        """Get a match: settings, the score derived from its games, and each game"""
        return match_view(g.match)


@blp.route("/<uuid:match_id>/games")
class MatchGames(MethodView):
    """The games of a match."""

    @match_token_required
    @blp.arguments(NextGame())
    @blp.response(201, MatchWithGame)
    @blp.alt_response(
        200,
        schema=MatchWithGame,
        description="that game was already started: it is returned as it is",
    )
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="a game of the match is not over "
        "(`GAME_NOT_OVER`), the match is decided (`MATCH_DECIDED`; by the "
        "director of its tournament: `MATCH_SETTLED`), or `game_no` "
        "is not the next game (`NOT_NEXT_GAME`)",
    )
    @blp.doc(
        security=EDIT_TOKEN, operationId="startMatchGame", **match_links(201, MATCH_ID_FROM_PATH)
    )
    def post(self, data, match_id):
        """Start the next game of a match

        Idempotent: asking again for a game already started returns it (200). Who shakes first
        follows the match's rule; when drawn, the server draws and `games[].shaker` shows it.
        """
        check_write(match_id)
        status, view = start_game(g.match.id, data["game_no"])
        return view, status
