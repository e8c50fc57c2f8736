"""The board: /b/{public_token}, an event's page for a TV or projector in the hall
(docs/tournaments.md "The board").

Server-rendered from the public view (`event_logic.public_view`, its ETag and its kept body),
so it works without JavaScript (a refresh every BOARD_REFRESH_SECONDS, or on to the next
screen every BOARD_SCREEN_SECONDS); board-live.js makes it follow the event's stream and
rotate its screens where JavaScript runs. The page model is api/pages/board_view.py, its screens
api/pages/board_screens.py.
"""

import functools
import hashlib
from datetime import UTC, datetime

import orjson
import segno
from flask import Blueprint, Response, current_app, render_template, request, url_for

from ..core.errors import NotFound
from ..core.lru import LockedLRU
from ..core.urls import public_url
from ..events.views import public_view
from ..games.rulesets import ruleset_of
from ..pages import board_phone, board_view
from ..pages.board_screens import screen_number
from ..store.base import canonical_json, utcnow

pages = Blueprint("board", __name__)

TOKEN_PATH = "<string(minlength=22, maxlength=128):token>"

THEMES = ("dark", "light")

REFRESH_SECONDS = 15

SCREEN_SECONDS = 15  # how long a board of several screens shows each one

MISSING = "There is no event at this link: it may be mistyped, or its director deleted it."

_PAGES_KEPT = 64

# (event ETag, theme, minute, host, screen, hold) -> (page ETag, HTML): the last pages this
# process wrote. LockedLRU (api/core/lru.py): threaded workers share these caches safely.
_PAGES = LockedLRU(_PAGES_KEPT)

_MODELS_KEPT = 8

_MODELS = LockedLRU(_MODELS_KEPT)  # (event ETag, minute) -> page model: the last ones built


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
    ruleset = ruleset_of(view["ruleset"], canonical_json(view["rules"] or {}))
    return "points" if ruleset.scoring == "points" else "marks"


def page_model(etag, body, minute):
    """The board's page model (every screen) at the view's `etag`, built once a minute (the
    estimates move) per process and shared by every screen, theme and host."""
    key = (etag, minute)
    page = _MODELS.get(key)
    if page is None:
        view = orjson.loads(body)
        page = board_view.build(view, unit_of(view))
        _MODELS.put(key, page)
    return page


def refresh_of(token, screen_no, count, theme, hold):
    """(the meta refresh's content, the next screen's URL or None): a board of one screen,
    or one held, reloads itself; else it moves on to the next screen (keeping the theme)."""
    config = current_app.config
    refresh = config.get("BOARD_REFRESH_SECONDS", REFRESH_SECONDS)
    theme = None if theme == THEMES[0] else theme
    if count == 1:
        return str(refresh), None
    if hold:
        here = url_for("board.board_page", token=token, screen=screen_no, hold=1, theme=theme)
        return f"{refresh}; url={here}", None
    following = screen_no % count + 1
    there = url_for("board.board_page", token=token, screen=following, theme=theme)
    seconds = config.get("BOARD_SCREEN_SECONDS", SCREEN_SECONDS)
    return f"{seconds}; url={there}", there


def render(token, etag, page, theme, screen_no, hold):
    """The board's HTML: screen `screen_no` of the page model `page` at `etag`."""
    board_url = public_url(f"b/{token}")
    phone_url = public_url(f"b/{token}/phone")  # the QR's: the page made for a phone
    screens = page["screens"]
    shown = screens[screen_no - 1]
    content, next_url = refresh_of(token, screen_no, len(screens), theme, hold)
    words = ""
    if len(screens) > 1:
        words = f"{shown['title']} · screen {screen_no} of {len(screens)}"
    return render_template(
        "board.html",
        page=page,
        shown=shown,
        screen_no=screen_no,
        screen_words=words,
        next_url=next_url,
        screen_seconds=current_app.config.get("BOARD_SCREEN_SECONDS", SCREEN_SECONDS),
        theme=theme,
        refresh=current_app.config.get("BOARD_REFRESH_SECONDS", REFRESH_SECONDS),
        refresh_content=content,
        board_url=board_url,
        phone_url=phone_url,
        qr=qr_svg(phone_url),
        etag=f'"{etag}"',
    )


def send(kept):
    """A page kept as (ETag, HTML): 304 when the browser has it, else the HTML."""
    headers = {
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": "no-cache, private",
        "ETag": f'"{kept[0]}"',
    }
    if request.if_none_match.contains(kept[0]):
        return "", 304, headers
    return Response(kept[1], 200, headers, mimetype="text/html")


def public_or_missing(token):
    """(ETag, body) of the event's public view; a missing page (404) for a browser."""
    try:
        return public_view(token, None), None
    except NotFound:
        if wants_html():
            return None, (render_template("board_missing.html", message=MISSING), 404)
        raise


@pages.route(f"/b/{TOKEN_PATH}/phone")
def phone_page(token):
    """The board on a phone (what its QR opens): one column, no turning screens, and "find
    my team" (`?team=` filters without JavaScript; board-phone.js filters as one types)."""
    found, missing = public_or_missing(token)
    if missing:
        return missing
    etag, body = found
    query = (request.args.get("team") or "").strip()[:60]
    now = utcnow().replace(second=0, microsecond=0)
    key = (etag, "phone", now, request.host_url, query.casefold())
    kept = _PAGES.get(key)
    if kept is None:
        view = orjson.loads(body)
        model = board_phone.build(view, page_model(etag, body, now), datetime.now(UTC))
        html = render_template(
            "board_phone.html",
            model=model,
            query=query,
            folded=query.casefold(),
            shown=sum(query.casefold() in t["find"] for t in model["teams"]),
            board_url=public_url(f"b/{token}"),
            refresh=current_app.config.get("BOARD_REFRESH_SECONDS", REFRESH_SECONDS),
            etag=f'"{etag}"',
        ).encode()
        kept = (hashlib.sha1(html).hexdigest(), html)
        _PAGES.put(key, kept)
    return send(kept)


@pages.route(f"/b/{TOKEN_PATH}")
def board_page(token):
    """The event's board, one screen of it (`?screen=N`, `?hold=1` to stay there); 404 (a
    page for a browser, the one error shape for a program)."""
    theme = request.args.get("theme")
    theme = theme if theme in THEMES else "dark"
    hold = request.args.get("hold") == "1"
    found, missing = public_or_missing(token)
    if missing:
        return missing
    etag, body = found
    minute = utcnow().replace(second=0, microsecond=0)  # "in about 5 min" moves
    page = page_model(etag, body, minute)
    screen_no = screen_number(request.args.get("screen"), len(page["screens"]))
    key = (etag, theme, minute, request.host_url, screen_no, hold)
    kept = _PAGES.get(key)
    if kept is None:
        html = render(token, etag, page, theme, screen_no, hold).encode()  # encoded once
        kept = (hashlib.sha1(html).hexdigest(), html)
        _PAGES.put(key, kept)
    return send(kept)
