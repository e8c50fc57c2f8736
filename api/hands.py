"""/api/games/{id}/hands: record a hand, edit any hand, undo the last one."""

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

from . import hand_log, logic, ratelimit
from .auth import edit_token_required
from .errors import ErrorOut, abort
from .schemas import EDIT_TOKEN, GameOut, HandBody, HandOut, HandPost

blp = Blueprint("hands", __name__, url_prefix="/api/games", description="Hands of a game")

KEY_DOC = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": True,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
    "description": "client-made, unique per hand attempt; replays return the stored response",
}


def idempotency_key():
    """The Idempotency-Key header; 400 if it is missing or not 1..255 visible ASCII chars."""
    key = request.headers.get("Idempotency-Key", "")
    if not (0 < len(key) <= 255 and key.isascii() and key.isprintable() and " " not in key):
        abort(400, "an Idempotency-Key header (1..255 visible ASCII characters) is required")
    return key


def check_game_etag(view):
    """412 unless If-Match carries the game's current ETag."""
    blp.check_etag(logic.etag_data(view))


@blp.route("/<uuid:game_id>/hands")
class Hands(MethodView):
    """A game's hand log."""

    @edit_token_required
    @blp.etag
    @blp.arguments(HandPost())
    @blp.response(201, HandOut)
    @blp.doc(parameters=[KEY_DOC], security=EDIT_TOKEN)
    @blp.alt_response(409, schema=ErrorOut,
                      description="hand_no taken by other content (`stored_hand`), or a gap")
    def post(self, data, game_id):
        """Record a hand (an all-pass reshuffle is a hand too)"""
        ratelimit.check_write(game_id)
        status, response, game = hand_log.record_hand(game_id, data, idempotency_key())
        blp.set_etag(logic.etag_data(game))
        return response, status


@blp.route("/<uuid:game_id>/hands/<int(min=1, max=10000):hand_no>")
class HandByNo(MethodView):
    """One hand; If-Match must carry the game's ETag."""

    @edit_token_required
    @blp.etag
    @blp.arguments(HandBody())
    @blp.response(200, HandOut)
    @blp.doc(security=EDIT_TOKEN)
    def put(self, data, game_id, hand_no):
        """Edit a hand; every later hand is re-scored"""
        ratelimit.check_write(game_id)
        hand, game = hand_log.replace_hand(game_id, hand_no, data, check_game_etag)
        blp.set_etag(logic.etag_data(game))
        return hand

    @edit_token_required
    @blp.etag
    @blp.response(200, GameOut)
    @blp.doc(security=EDIT_TOKEN)
    @blp.alt_response(409, schema=ErrorOut, description="not the last hand")
    def delete(self, game_id, hand_no):
        """Undo the last hand; returns the game (its new ETag in the header)"""
        ratelimit.check_write(game_id)
        game = hand_log.delete_last_hand(game_id, hand_no, check_game_etag)
        # flask-smorest sets no ETag on DELETE; the phone needs the game's new one.
        return game, 200, {"ETag": f'"{blp._generate_etag(logic.etag_data(game))}"'}
