"""The paper kit and the results sheet, docs/tournaments.md "The paper
kit": /p/{public_token}/bracket, /results, /score-sheet and /cards are pages the browser
prints (their @media print stylesheet is api/static/print.css), and
/api/e/{public_token}/results.csv is the results for a spreadsheet.

Public, like the board: each shows only what the event's public view holds, read from it
(`public_view`, the board's kept body), never a second copy. A table card's link and QR are
the one exception: they are drawn in the page from the director's phone (the link rides in
the address's #fragment, which never reaches a server: api/static/print.js).
"""

import hashlib

import orjson
from flask import Blueprint as FlaskBlueprint
from flask import Response, render_template, request
from flask.views import MethodView

from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut, NotFound
from ..core.lru import LockedLRU
from ..events.views import public_view
from ..pages.print_bracket import bracket_sheet, table_cards
from ..pages.print_results import results
from ..pages.print_score import score_sheet
from ..transfer.results_csv import results_csv
from .board import MISSING, TOKEN_PATH, wants_html

pages = FlaskBlueprint("prints", __name__)

blp = Blueprint(
    "prints_api",
    __name__,
    url_prefix="/api/e",
    description="A tournament's results for a spreadsheet (public, read-only)",
)

SHEETS = {
    "bracket": ("print_bracket.html", bracket_sheet),
    "results": ("print_results.html", results),
    "score-sheet": ("print_score.html", score_sheet),
    "cards": ("print_cards.html", table_cards),
}

HEADERS = {"X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-cache, private"}

_KEPT = 32

# (event ETag, sheet) -> (page ETag, bytes): the last pages this process made. A sheet is
# the public view's alone, so a hall printing it again, or a phone reloading it, costs one
# small read (a 128-team round robin's bracket sheet is some 8,000 matches to write out).
_SHEETS = LockedLRU(_KEPT)

CSV_DOC = {
    "responses": {
        200: {
            "description": "one row per team under a header row (docs/tournaments.md)",
            "content": {"text/csv": {"schema": {"type": "string"}}},
        }
    }
}


def made(token, sheet, make):
    """(ETag, bytes) of `sheet` of the event whose public token this is, made by
    `make(view)` (text) once per view of the event; NotFound for no such event."""
    etag, body = public_view(token, None)
    kept = _SHEETS.get((etag, sheet))
    if kept is None:
        data = make(orjson.loads(body)).encode()
        kept = (hashlib.sha1(data).hexdigest(), data)
        _SHEETS.put((etag, sheet), kept)
    return kept


def answer(kept, mimetype, headers=None):
    """The kept sheet with its ETag, or 304 when the asker holds it already."""
    headers = {**HEADERS, "ETag": f'"{kept[0]}"', **(headers or {})}
    if request.if_none_match.contains(kept[0]):
        return Response(status=304, headers=headers)
    return Response(kept[1], 200, headers, mimetype=mimetype)


@pages.route(f"/p/{TOKEN_PATH}/<any(bracket, results, 'score-sheet', cards):sheet>")
def print_page(token, sheet):
    """One page of the paper kit; 404 (a page for a browser, the one error shape for a
    program) for a link that is no event's public link."""
    template, build = SHEETS[sheet]

    def page(view):
        return render_template(template, page=build(view), token=token, sheet=sheet)

    try:
        kept = made(token, sheet, page)
    except NotFound:
        if wants_html():
            return render_template("board_missing.html", message=MISSING), 404
        raise
    return answer(kept, "text/html")


@blp.route(f"/{TOKEN_PATH}/results.csv")
class ResultsCsv(MethodView):
    """The results sheet as CSV."""

    @blp.alt_response(404, schema=ErrorOut, description="no event has this public link")
    @blp.doc(operationId="getEventResultsCsv", **CSV_DOC)
    def get(self, token):
        """The event's results as CSV: one row per team

        Place (once the event is over), team, players, matches and games won and lost, how
        the place was reached and every match of the team's path. Read-only, by the public
        link, like the results sheet it copies.
        """
        kept = made(token, "csv", results_csv)
        return answer(
            kept, "text/csv", {"Content-Disposition": 'attachment; filename="results.csv"'}
        )
