"""/api/games/{id}/hands: record a hand, edit any hand, undo the last one; and who shakes
first, which the table may change until the first hand is in."""

from flask import request
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from ..core.access import edit_token_required
from ..core.blueprint import Blueprint, etag_of
from ..core.errors import ErrorOut, abort
from ..core.ratelimit import check_write
from ..games.views import etag_data
from ..play import hand_log
from ..play.first_shaker import set_first_dealer
from ..play.hand_log import delete_last_hand, record_hand, replace_hand, restore_set_aside
from ..schemas.base import EDIT_TOKEN
from ..schemas.games import FirstDealer, GameOut, HandBody, HandOut, HandPost
from .games import GAME_ID_FROM_PATH, game_links, links

blp = Blueprint("hands", __name__, url_prefix="/api/games", description="Hands of a game")

KEY_DOC = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": True,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
    "description": "client-made, unique per hand attempt; replays return the stored response",
}

HAND_FROM_BODY = {**GAME_ID_FROM_PATH, "hand_no": "$response.body#/hand_no"}


def idempotency_key():
    """The Idempotency-Key header; 400 if it is missing or not 1..255 visible ASCII chars."""
    key = request.headers.get("Idempotency-Key", "")
    if not (0 < len(key) <= 255 and key.isascii() and key.isprintable() and " " not in key):
        abort(400, "an Idempotency-Key header (1..255 visible ASCII characters) is required")
    return key


def check_game_etag(game):
    """412 unless If-Match carries the game's current ETag."""
    blp.check_etag(etag_data(game))


def check_game_etag_on_post(game):
    """As check_game_etag, for a POST (flask-smorest checks If-Match on PUT and DELETE only):
    428 without If-Match, 412 when it is not the game's current ETag."""
    if not request.if_match:
        abort(428, "this change needs If-Match with the game's current ETag")
    if not request.if_match.contains_raw(etag_of(etag_data(game))):
        abort(412, "the game changed since you last read it; read it again first")


class EditQuery(Schema):
    """What to do with later hands when an edit ends the game sooner."""

    later = fields.String(
        validate=validate.OneOf(("set_aside",)),
        metadata={
            "description": "`set_aside`: if the edit ends the game before the last hand, "
            "take the hands after the end off the log and keep them on the game "
            "(`set_aside`), in this same request; without it such an edit is 422 "
            "GAME_OVER listing them in `no_longer_fit`"
        },
    )


@blp.route("/<uuid:game_id>/hands")
class Hands(MethodView):
    """A game's hand log."""

    @edit_token_required
    @blp.etag
    @blp.arguments(HandPost())
    @blp.response(201, HandOut)
    @blp.doc(
        parameters=[KEY_DOC],
        security=EDIT_TOKEN,
        operationId="recordHand",
        **links(
            201,
            editHand=HAND_FROM_BODY,
            undoHand=HAND_FROM_BODY,
            recordHand=GAME_ID_FROM_PATH,
            getGame=GAME_ID_FROM_PATH,
        ),
    )
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="hand_no taken by other content (`stored_hand`), a gap, "
        "(`MATCH_SETTLED`) a tournament match the director settled, or "
        "(`STILL_PROCESSING`, with `Retry-After`) the first request with this "
        "Idempotency-Key has not finished: send it again shortly",
    )
    def post(self, data, game_id):
        """Record a hand (an all-pass reshuffle is a hand too)

        A game keeps at most 500 hands: hand 501 is 422 with rule_code `GAME_TOO_LONG`.
        """
        check_write(game_id)
        status, response, game = record_hand(game_id, data, idempotency_key())
        blp.set_etag(etag_data(game))
        return response, status


@blp.route(f"/<uuid:game_id>/hands/<int(min=1, max={hand_log.MAX_GAME_HANDS}):hand_no>")
class HandByNo(MethodView):
    """One hand; If-Match must carry the game's ETag."""

    @edit_token_required
    @blp.etag
    @blp.arguments(HandBody())
    @blp.arguments(EditQuery(), location="query")
    @blp.response(200, HandOut)
    @blp.doc(
        security=EDIT_TOKEN,
        operationId="editHand",
        **links(
            200,
            editHand=HAND_FROM_BODY,
            restoreSetAside=GAME_ID_FROM_PATH,
            getGame=GAME_ID_FROM_PATH,
            recordHand=GAME_ID_FROM_PATH,
        ),
    )
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="(`MATCH_SETTLED`) a tournament match "
        "the director settled, or (`LATER_MATCH_STARTED`, with `locked`) an edit "
        "that would reopen a decided tournament match or change its winner once a "
        "later match depending on it has a hand played or was settled by the "
        "director",
    )
    @blp.alt_response(
        422,
        schema=ErrorOut,
        description="the hand breaks the rules, or (rule_code "
        "GAME_OVER) the edit ends the game while later hands exist: they are "
        "listed in `no_longer_fit`; send `?later=set_aside` to set them aside",
    )
    def put(self, data, query, game_id, hand_no):
        """Edit a hand; every later hand is re-scored

        If the edit ends the game sooner, the hands after the new end are refused, or with
        `?later=set_aside` taken off the log and kept on the game as `set_aside` (undo with
        `POST .../set-aside/restore`). Any other write to the log clears `set_aside`.
        """
        check_write(game_id)
        hand, game = replace_hand(
            game_id, hand_no, data, check_game_etag, set_aside=query.get("later") == "set_aside"
        )
        blp.set_etag(etag_data(game))
        return hand

    @edit_token_required
    @blp.etag
    @blp.response(200, GameOut)
    @blp.doc(security=EDIT_TOKEN, operationId="undoHand", **game_links(200, GAME_ID_FROM_PATH))
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="not the last hand, "
        "(`MATCH_SETTLED`) a tournament match the director settled, or "
        "(`LATER_MATCH_STARTED`, with `locked`) an undo that would reopen a decided "
        "tournament match once a later match depending on it has a hand played or "
        "was settled by the director",
    )
    def delete(self, game_id, hand_no):
        """Undo the last hand; returns the game (its new ETag in the header)"""
        check_write(game_id)
        view, game = delete_last_hand(game_id, hand_no, check_game_etag)
        # flask-smorest sets no ETag on DELETE; the phone needs the game's new one.
        return view, 200, {"ETag": etag_of(etag_data(game))}


@blp.route("/<uuid:game_id>/set-aside/restore")
class SetAsideRestore(MethodView):
    """Undo an edit that set hands aside."""

    @edit_token_required
    @blp.etag
    @blp.response(200, GameOut)
    @blp.doc(
        security=EDIT_TOKEN,
        operationId="restoreSetAside",
        **game_links(200, GAME_ID_FROM_PATH),
        parameters=[
            {
                "in": "header",
                "name": "If-Match",
                "required": True,
                "schema": {"type": "string"},
                "description": "the game's current ETag",
            }
        ],
    )
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="nothing is set aside, "
        "(`MATCH_SETTLED`) a tournament match the director settled, or "
        "(`LATER_MATCH_STARTED`) putting hands back would reopen a decided "
        "tournament match, or change its winner, once a later match depending "
        "on it has a hand played or was settled by the director",
    )
    @blp.alt_response(412, schema=ErrorOut, description="If-Match is not the game's ETag")
    @blp.alt_response(428, schema=ErrorOut, description="no If-Match")
    def post(self, game_id):
        """Put set-aside hands back: the edited hand as it was, then the hands set aside

        Returns the game (its new ETag in the header), with `set_aside` null.
        """
        check_write(game_id)
        view, game = restore_set_aside(game_id, check_game_etag_on_post)
        blp.set_etag(etag_data(game))
        return view


@blp.route("/<uuid:game_id>/first-dealer")
class FirstDealerOfGame(MethodView):
    """Who shakes first; If-Match must carry the game's ETag."""

    @edit_token_required
    @blp.etag
    @blp.arguments(FirstDealer())
    @blp.response(200, GameOut)
    @blp.doc(
        security=EDIT_TOKEN, operationId="setFirstDealer", **game_links(200, GAME_ID_FROM_PATH)
    )
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="(`HANDS_PLAYED`) the first hand is in, or (`IN_A_MATCH`) the game is "
        "part of a match, whose rule says who shakes first",
    )
    @blp.alt_response(422, schema=ErrorOut, description="no such seat at this table")
    def put(self, data, game_id):
        """Set who shakes first, before the first hand

        The table sets it, or draws for it, as on paper; the game's state starts again from
        that seat. Returns the game (its new ETag in the header).
        """
        check_write(game_id)
        view, game = set_first_dealer(game_id, data["first_dealer"], check_game_etag)
        blp.set_etag(etag_data(game))
        return view
