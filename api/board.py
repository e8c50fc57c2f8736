"""The board: /b/{public_token}, an event's page for a TV or projector in the hall
(docs/tournaments.md "The board").

Server-rendered from the public view (`event_logic.public_view`, its ETag and its kept body),
so it works without JavaScript (a refresh every BOARD_REFRESH_SECONDS); board-live.js makes it
follow the event's stream where JavaScript runs. The page model is api/board_view.py.
"""

import functools
import hashlib

import orjson
import segno
from flask import Blueprint, current_app, render_template, request
from werkzeug.exceptions import NotFound

from . import board_view, event_logic, logic
from .models import utcnow

pages = Blueprint("board", __name__)

TOKEN_PATH = "<string(minlength=22, maxlength=128):token>"
THEMES = ("dark", "light")
REFRESH_SECONDS = 15
MISSING = "There is no event at this link: it may be mistyped."

_PAGES = {}  # (event ETag, theme, minute) -> (page ETag, HTML): the last pages this process wrote
_PAGES_KEPT = 64


@functools.lru_cache(maxsize=64)
def qr_svg(url):
    """The QR code of `url` as inline SVG (segno; attributes only, so the CSP allows it)."""
    code = segno.make(url, error="m")
    return code.svg_inline(
        omitsize=True, svgclass="qr-code", lineclass=None, dark="#000", light="#fff", border=2
    )


def wants_html():
    """True for a browser (it asks for HTML first); a program gets the API's JSON refusal."""
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "text/html"


def unit_of(view):
    """What the event's games are scored in: "marks" or "points"."""
    ruleset = logic._ruleset(view["ruleset"], logic.canonical_json(view["rules"] or {}))
    return "points" if ruleset.scoring == "points" else "marks"


def render(token, etag, body, theme):
    """The board's HTML for the public view `body` (bytes) at `etag`."""
    view = orjson.loads(body)
    board_url = logic.public_url(f"b/{token}")
    refresh = current_app.config.get("BOARD_REFRESH_SECONDS", REFRESH_SECONDS)
    return render_template(
        "board.html",
        page=board_view.build(view, unit_of(view)),
        theme=theme,
        refresh=refresh,
        board_url=board_url,
        qr=qr_svg(board_url),
        etag=f'"{etag}"',
    )


@pages.route(f"/b/{TOKEN_PATH}")
def board_page(token):
    """The event's board; 404 (a page for a browser, the one error shape for a program)."""
    theme = request.args.get("theme")
    theme = theme if theme in THEMES else "dark"
    try:
        etag, body = event_logic.public_view(token, None)
    except NotFound:
        if wants_html():
            return render_template("board_missing.html", message=MISSING), 404
        raise
    minute = utcnow().replace(second=0, microsecond=0)  # "in about 5 min" moves
    key = (etag, theme, minute, request.host_url)
    kept = _PAGES.get(key)
    if kept is None:
        html = render(token, etag, body, theme)
        kept = (hashlib.sha1(html.encode()).hexdigest(), html)
        if len(_PAGES) >= _PAGES_KEPT:
            _PAGES.pop(next(iter(_PAGES)))
        _PAGES[key] = kept
    headers = {
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": "no-cache, private",
        "ETag": f'"{kept[0]}"',
    }
    if request.if_none_match.contains(kept[0]):
        return "", 304, headers
    return kept[1], 200, headers
