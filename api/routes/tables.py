"""/api/events/{id}/tables/{table}: a table's phone for the whole event (its read, the losing
team's signature on a game, "Call the director") and the director's side of it (a new link
for the table, the call answered, time called there or at every table).
docs/tournaments.md "A table's link", "The round clock".

Thin views: the logic is in api/events/tables.py and api/play/time_call.py.
"""

from flask import Response, current_app, request
from flask.views import MethodView

from ..core.access import director_required, require_table
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..events import tables
from ..play.time_call import call_time
from ..schemas.events import DIRECTOR_TOKEN, EventOut
from ..schemas.tables import (
    TABLE_LINK_OR_DIRECTOR,
    SeatedIn,
    SignIn,
    TableLinkOut,
    TableRead,
    TimeCallIn,
)

blp = Blueprint(
    "tables",
    __name__,
    url_prefix="/api/events",
    description="A table's phone for the whole event: its match, sign-off, calling the director",
)

TABLE = "/<uuid:event_id>/tables/<int(min=1, max=2147483647):table>"

REFUSED = (
    "a link for another table or one the director replaced (`TABLE_LINK_ENDED`, in the "
    "table's words), the public link, a match's or a game's token"
)


def reply(view, status=200):
    """The view as JSON, written once (not filtered through the documenting schema)."""
    response = current_app.json.response(view)
    response.status_code = status
    return response


@blp.route(TABLE)
class Table(MethodView):
    """A table, as its phone sees it."""

    @blp.response(200, TableRead)
    @blp.alt_response(304, description="not changed since the ETag sent in If-None-Match")
    @blp.alt_response(403, schema=ErrorOut, description=REFUSED)
    @blp.doc(security=TABLE_LINK_OR_DIRECTOR, operationId="getTable")
    def get(self, event_id, table):
        """The table's match now, the game to sign, and its call of the director

        With the table's link (or the director's token). The match is the one called to
        the table last: when it is decided and the next is called there, the same link
        shows the next one (no new link). Its games take hands with the same token.
        """
        require_table(event_id, table)
        etag = tables.read_etag(event_id, table)  # read first: never newer than the body
        if etag in request.if_none_match:
            return Response(status=304, headers={"ETag": f'"{etag}"'})
        response = reply(tables.table_read(event_id, table))
        response.headers["ETag"] = f'"{etag}"'
        return response


@blp.route(f"{TABLE}/link")
class TableLink(MethodView):
    """A table's link."""

    @director_required
    @blp.response(201, TableLinkOut)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="newTableLink")
    def post(self, event_id, table):
        """Give the table a new link; the one before stops at once

        For a phone lost, stolen or dead. Shown this once. The old link is refused in the
        table's words (403 `TABLE_LINK_ENDED`) and its game streams end (`event: gone`).
        """
        check_write(event_id)
        return reply(tables.new_link(event_id, table), 201)


@blp.route(f"{TABLE}/sign-off")
class SignOff(MethodView):
    """The losing team's signature on a game."""

    @blp.arguments(SignIn())
    @blp.response(200, TableRead)
    @blp.alt_response(
        409, schema=ErrorOut, description="the game is not over yet (`GAME_NOT_OVER`)"
    )
    @blp.alt_response(403, schema=ErrorOut, description=REFUSED)
    @blp.doc(security=TABLE_LINK_OR_DIRECTOR, operationId="signGame")
    def post(self, data, event_id, table):
        """The team that lost a game confirms its result

        A game of the match called to the table last, or of the one before. Once signed the
        game is closed to the table: a hand, edit or undo with any token but the director's
        is 409 `GAME_SIGNED`. Signing again answers as the first time. Returns the table.
        """
        require_table(event_id, table)
        check_write(event_id)
        return reply(tables.sign(event_id, table, data["game_id"]))


@blp.route(f"{TABLE}/seated")
class Seated(MethodView):
    """The table's "We're seated": the end of the countdown since its match was called."""

    @blp.arguments(SeatedIn(), required=False)
    @blp.response(200, TableRead)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="no match at the table yet (`NO_MATCH_AT_TABLE`), or it is decided "
        "(`MATCH_ALREADY_PLAYED`)",
    )
    @blp.alt_response(403, schema=ErrorOut, description=REFUSED)
    @blp.doc(security=TABLE_LINK_OR_DIRECTOR, operationId="tableSeated")
    def post(self, data, event_id, table):
        """The teams at the table sat down

        For the match called to the table last. With no `here`, both teams are seated and
        the countdown stops (the board shows the table seated). With `here`, that team sat
        down and the other has not: the director is asked about the other when the time is
        up. Once seated, or once a hand is recorded, a tap changes nothing. Returns the table.
        """
        require_table(event_id, table)
        check_write(event_id)
        return reply(tables.seated(event_id, table, data["here"]))


@blp.route(f"{TABLE}/call")
class DirectorCall(MethodView):
    """A table's call of the director."""

    @blp.response(200, TableRead)
    @blp.alt_response(403, schema=ErrorOut, description=REFUSED)
    @blp.doc(security=TABLE_LINK_OR_DIRECTOR, operationId="callDirector")
    def post(self, event_id, table):
        """Call the director to the table

        Shown on the director's phone and on the board until the director answers it.
        Calling again while the call is open changes nothing. Returns the table.
        """
        require_table(event_id, table)
        check_write(event_id)
        return reply(tables.call_director(event_id, table))

    @director_required
    @blp.response(200, EventOut)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="answerCall")
    def delete(self, event_id, table):
        """The director answers the table's call

        Returns the director view (its `calls` without this table).
        """
        check_write(event_id)
        return reply(tables.answer_call(event_id, table))


TIME_REFUSED = (
    "nothing for time to stop: no game under way (`NO_GAME_UNDER_WAY`), time called there "
    "already (`TIME_ALREADY_CALLED`), the event not started (`EVENT_NOT_STARTED`)"
)


@blp.route(f"{TABLE}/time")
class TableTime(MethodView):
    """Time called at one table."""

    @director_required
    @blp.arguments(TimeCallIn(), required=False)
    @blp.response(200, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description=TIME_REFUSED)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="callTimeAtTable")
    def post(self, data, event_id, table):
        """Call time at the table: its hand in play is finished, then the side ahead wins

        Recorded on the game under way as its place in the hand log (docs/rules.md 36-38);
        level sides play one more hand until one is ahead. Returns the director view.
        """
        check_write(event_id)
        return reply(call_time(event_id, table, data["in_play"]))


@blp.route("/<uuid:event_id>/time")
class EventTime(MethodView):
    """Time called at every table."""

    @director_required
    @blp.arguments(TimeCallIn(), required=False)
    @blp.response(200, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description=TIME_REFUSED)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="callTimeEverywhere")
    def post(self, data, event_id):
        """Call time at every table with a game under way (and time not called yet)

        As at one table, at each of them at once. Returns the director view.
        """
        check_write(event_id)
        return reply(call_time(event_id, None, data["in_play"]))
