"""/api/parties: a progressive party (docs/tournaments.md "Progressive parties"): the
director makes it, enters the players, starts it and each next round; the public token reads
it; each table's link reads its table and keeps its game's score (through the games API).

Thin views: the logic is in api/parties/, the seating and standings in brackets/.
"""

from flask import Blueprint as PageBlueprint
from flask import Response, current_app, render_template, request
from flask.views import MethodView

from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..crews.roster import require_crew
from ..parties import director
from ..parties.access import (
    DIRECTOR,
    party_by_public_token,
    require_party_director,
    require_party_reader,
    require_party_table,
)
from ..parties.derive import derive
from ..parties.removal import delete_party
from ..parties.views import party_etag, party_view, read_etag, table_read
from ..schemas.parties import (
    PARTY_DIRECTOR,
    PARTY_READER,
    PARTY_TABLE,
    PartyCreate,
    PartyCreated,
    PartyDeleted,
    PartyOut,
    PartyTableRead,
    PlayersIn,
    RoundIn,
)
from ..schemas.tables import TableLinkOut

blp = Blueprint(
    "parties",
    __name__,
    url_prefix="/api/parties",
    description="Progressive parties: individuals at tables of four, new partners every round",
)

pages = PageBlueprint("party_pages", __name__)

PARTY = "/<uuid:party_id>"
BOARD_REFRESH_SECONDS = 15
BOARD_STANDINGS = 14  # the standings a board lists beside the seating
# (most tables, the board's class): columns and letter size so a round fits 1920x1080 up to
# 20 tables (80 players); a bigger party's board scrolls
BOARD_FITS = ((4, "fit-2"), (6, "fit-3"), (12, "fit-4"), (20, "fit-5"))
MISSING = (
    "There is no party at this link: it may be mistyped, or the party was deleted by its director."
)
TABLE = f"{PARTY}/tables/<int(min=1, max=2147483647):table>"
STARTED = "the party has started (`PARTY_STARTED`)"


def reply(view, status=200, headers=None):
    """The view as JSON, written once (not filtered through the documenting schema)."""
    response = current_app.json.response(view)
    response.status_code = status
    response.headers.update(headers or {})
    return response


@blp.route("")
class Parties(MethodView):
    """Making parties."""

    @blp.arguments(PartyCreate())
    @blp.response(201, PartyCreated)
    @blp.doc(operationId="createParty")
    def post(self, data):
        """Make a progressive party

        The players are the names given, or (with `crew_id` and the crew's token) the crew's
        roster. Returns the party with its director token and public token, shown this once.
        """
        check_write()
        roster = None
        if "crew_id" in data:
            crew = require_crew(data["crew_id"])
            roster = director.roster_names(crew, data.get("players"))
        return reply(director.create_party(data, roster), 201)


@blp.route(PARTY)
class PartyById(MethodView):
    """One party."""

    @blp.response(200, PartyOut)
    @blp.alt_response(304, description="not changed since the ETag sent in If-None-Match")
    @blp.doc(security=PARTY_READER, operationId="getParty")
    def get(self, party_id):
        """The party: each round's seating, the tables' scores and the standings

        With the director's token (adds `next_round`: the round that can start now) or the
        public token. Totals and standings are worked out from the games' hands each read.
        """
        party, who = require_party_reader(party_id)
        etag = party_etag(party, who == DIRECTOR)  # read first: never newer than the body
        if etag in request.if_none_match:
            return Response(status=304, headers={"ETag": f'"{etag}"'})
        view = party_view(derive(party), director=who == DIRECTOR)
        return reply(view, headers={"ETag": f'"{etag}"'})

    @blp.response(200, PartyDeleted)
    @blp.doc(security=PARTY_DIRECTOR, operationId="deleteParty")
    def delete(self, party_id):
        """Delete the party with its players, tables' links and games (at any time)

        Every link of it then finds nothing: the board, the tables' links, the games' share
        pages. Answers with what went, in counts. This cannot be undone.
        """
        require_party_director(party_id)
        check_write(party_id)
        return reply(delete_party(party_id))


@blp.route(f"{PARTY}/players")
class PartyPlayers(MethodView):
    """The party's players."""

    @blp.arguments(PlayersIn())
    @blp.response(200, PartyOut)
    @blp.alt_response(409, schema=ErrorOut, description=STARTED)
    @blp.doc(security=PARTY_DIRECTOR, operationId="setPartyPlayers")
    def put(self, data, party_id):
        """Enter the players (all of them, in order) before the start"""
        require_party_director(party_id)
        check_write(party_id)
        return reply(director.set_players(party_id, data["players"]))


@blp.route(f"{PARTY}/start")
class PartyStart(MethodView):
    """The start."""

    @blp.response(200, PartyOut)
    @blp.alt_response(409, schema=ErrorOut, description=STARTED)
    @blp.doc(security=PARTY_DIRECTOR, operationId="startParty")
    def post(self, party_id):
        """Start the party: the seating is drawn and round 1 seated

        Returns the party with `table_links` ({table: token}), each table's link for the
        whole party, shown this once.
        """
        require_party_director(party_id)
        check_write(party_id)
        return reply(director.start_party(party_id))


@blp.route(f"{PARTY}/rounds")
class PartyRounds(MethodView):
    """The rounds."""

    @blp.arguments(RoundIn())
    @blp.response(200, PartyOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="a game of the round is still played (`ROUND_NOT_OVER`), not the next "
        "round (`NOT_NEXT_ROUND`), past the last (`PARTY_OVER`) or before the start",
    )
    @blp.doc(security=PARTY_DIRECTOR, operationId="startPartyRound")
    def post(self, data, party_id):
        """Start the next round once every table's game is over

        The tables' links move to the new round's games. Sending the round already started
        answers as the first time.
        """
        require_party_director(party_id)
        check_write(party_id)
        return reply(director.start_round(party_id, data["round"]))


@blp.route(TABLE)
class PartyTable(MethodView):
    """A table, as its phone sees it."""

    @blp.response(200, PartyTableRead)
    @blp.alt_response(304, description="not changed since the ETag sent in If-None-Match")
    @blp.doc(security=PARTY_TABLE, operationId="getPartyTable")
    def get(self, party_id, table):
        """The table's seating this round and its game

        With the table's link (or the director's token). The game takes hands with the same
        link (`POST /api/games/{id}/hands`); when the director starts the next round the same
        link reads, and keeps, the next round's game.
        """
        party, _who = require_party_table(party_id, table)
        etag = read_etag(party, table)
        if etag in request.if_none_match:
            return Response(status=304, headers={"ETag": f'"{etag}"'})
        return reply(table_read(party, table), headers={"ETag": f'"{etag}"'})


def board_fit(tables):
    """The board's class for a round of `tables` tables (BOARD_FITS)."""
    return next((fit for most, fit in BOARD_FITS if tables <= most), "fit-6")


@pages.route("/party/<string(minlength=22, maxlength=128):token>")
def board_page(token):
    """The party's board (the public token is its address): the round's seating in letters
    readable across a room, and the standings; refreshed every 15 s, no script. `?theme=light`
    for a bright room."""
    party = party_by_public_token(token)
    theme = "light" if request.args.get("theme") == "light" else "dark"
    if party is None:
        html = render_template("party_board.html", party=None, message=MISSING, theme=theme)
        return html, 404
    view = party_view(derive(party))
    seating = view["seating"]
    return render_template(
        "party_board.html",
        party=view,
        round=seating[-1] if seating else None,
        fit=board_fit(len(seating[-1]["tables"]) if seating else 0),
        theme=theme,
        refresh=BOARD_REFRESH_SECONDS,
        shown=BOARD_STANDINGS,
    )


@blp.route(f"{TABLE}/link")
class PartyTableLink(MethodView):
    """A table's link."""

    @blp.response(201, TableLinkOut)
    @blp.alt_response(409, schema=ErrorOut, description="before the start (`PARTY_NOT_STARTED`)")
    @blp.doc(security=PARTY_DIRECTOR, operationId="newPartyTableLink")
    def post(self, party_id, table):
        """Give the table a new link; the one before stops at once

        For a phone lost, stolen or dead. Shown this once; the table's game this round takes
        hands with the new link only.
        """
        require_party_director(party_id)
        check_write(party_id)
        return reply(director.new_table_link(party_id, table), 201)
