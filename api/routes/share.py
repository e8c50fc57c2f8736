"""Sharing: rotate/revoke the read-only link, read a game by it (JSON), and the /s/ page."""

import hashlib
import os

from flask import Blueprint as FlaskBlueprint
from flask import current_app, render_template
from flask.views import MethodView

from ..core.access import edit_token_required
from ..core.blueprint import Blueprint
from ..core.ratelimit import check_write
from ..core.urls import public_url, share_url
from ..events.said import settled_words
from ..games.rulesets import game_ruleset
from ..games.service import find_shared, set_share, shared_game
from ..games.views import shared_view
from ..pages import summary
from ..pages.charts import share_figure
from ..schemas.base import EDIT_TOKEN
from ..schemas.games import ShareAction, SharedGame, ShareOut

blp = Blueprint("share", __name__, url_prefix="/api", description="Read-only sharing")

pages = FlaskBlueprint("pages", __name__)

OG_IMAGE = "icons/icon-512.png"  # the PWA's icon, when there is one, for link previews

TOKEN_PATH = "<string(minlength=16, maxlength=64):token>"


@blp.route("/games/<uuid:game_id>/share")
class ShareLink(MethodView):
    """A game's share link (edit token)."""

    @edit_token_required
    @blp.arguments(ShareAction())
    @blp.response(200, ShareOut)
    @blp.doc(
        security=EDIT_TOKEN,
        operationId="setShare",
        responses={
            200: {
                "links": {
                    "getSharedGame": {  # OpenAPI link: read it
                        "operationId": "getSharedGame",
                        "parameters": {"token": "$response.body#/share_token"},
                    }
                }
            }
        },
    )
    def post(self, data, game_id):
        """Rotate or revoke the read-only share link"""
        check_write(game_id)
        return set_share(game_id, data["action"])


def with_settled(view):
    """The shared view, its match carrying the director's word when the director settled
    it in a tournament (a forfeit, a no-show, a correction: api/events/said.py)."""
    match = view.get("match")
    if match:
        match["settled"] = settled_words(match["id"])
    return view


@blp.route(f"/share/{TOKEN_PATH}")
class SharedGameView(MethodView):
    """A game as its share link shows it (no Authorization needed: the token is the path)."""

    @blp.etag
    @blp.response(200, SharedGame)
    @blp.doc(operationId="getSharedGame")
    def get(self, token):
        """Read a shared game (read-only)"""
        # Every viewer of a live link polls this, so the body is written once and its hash is
        # the ETag: flask-smorest would dump the view through the schema (a no-op on a view
        # built in the documented shape: tested), write it, then write it again to hash it.
        response = current_app.json.response(with_settled(shared_view(*shared_game(token))))
        blp.set_etag(hashlib.sha1(response.get_data()).hexdigest())  # 304 if it matches
        return response


@pages.route(f"/s/{TOKEN_PATH}")
def share_page(token):
    """The server-rendered summary of a shared game: works without JavaScript."""
    game, hands = find_shared(token)
    if game is None:
        return render_template("share_missing.html"), 404
    ruleset, view = game_ruleset(game), with_settled(shared_view(game, hands))
    page = summary.build(game, ruleset, view)
    headers = {"X-Robots-Tag": "noindex, nofollow"}
    refresh = current_app.config["SHARE_REFRESH_SECONDS"] if page["live"] else None
    if refresh:
        headers["Refresh"] = str(refresh)
    image = os.path.join(current_app.config["PWA_DIR"], OG_IMAGE)
    og_image = public_url(OG_IMAGE) if os.path.isfile(image) else None
    html = render_template(
        "share.html",
        page=page,
        race=share_figure(ruleset, view),
        refresh=refresh,
        og_image=og_image,
        og_url=share_url(token),
    )
    return html, 200, headers
