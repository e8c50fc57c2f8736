"""/api/events: a director runs a tournament (docs/tournaments.md); /api/e/{token}: its public
read-only view, what the board shows.

Thin views: the logic is in api/events/, the bracket in brackets/.
"""

import re

from flask import Response, current_app, request
from flask.views import MethodView

from ..core.access import director_required, refuse, required_token, table_or_director
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut, abort
from ..core.ratelimit import check_write
from ..events.director import (
    add_team,
    check_in,
    create_event,
    drop_team,
    issue_table_token,
    patch_event,
    record_correction,
    record_forfeit,
    remove_team,
    start_event,
)
from ..events.flights import split_event
from ..events.removal import delete_event
from ..events.round_start import start_round
from ..events.teams import edit_team, undo_check_in, undo_drop
from ..events.views import public_view, sync_and_view, table_view
from ..schemas.events import (
    DIRECTOR_TOKEN,
    TABLE_OR_DIRECTOR,
    Correction,
    EntrantIn,
    EntrantPatch,
    EventCreate,
    EventCreated,
    EventDeleted,
    EventFlights,
    EventOut,
    EventSettings,
    FlightsIn,
    Forfeit,
    TableToken,
    TableView,
)
from ..store.events import Event, EventMatch
from ..store.games import Match

blp = Blueprint(
    "events",
    __name__,
    url_prefix="/api/events",
    description="Tournaments: the director's event, its teams, matches and tables",
)

public = Blueprint(
    "public_events",
    __name__,
    url_prefix="/api/e",
    description="A tournament's public, read-only view (the board's)",
)

EVENT_FROM_BODY = {"event_id": "$response.body#/id"}

EVENT_FROM_PATH = {"event_id": "$request.path.event_id"}

BRACKET_ID = {"pattern": r"^[A-Z][0-9]{1,3}(\.[0-9]{1,4})?$", "maxLength": 9}

STARTED = (
    "the event has started (`EVENT_STARTED`), or a team name or short name is taken "
    "(`TEAM_NAME_TAKEN`, `SHORT_NAME_TAKEN`)"
)
FULL = f"{STARTED}, or the event holds as many teams as it can start (`EVENT_FULL`)"


def links(status, event_id):
    """OpenAPI links from a response carrying the event."""
    return {
        "responses": {
            status: {
                "links": {
                    "getEvent": {"operationId": "getEvent", "parameters": event_id},
                    "addTeam": {"operationId": "addTeam", "parameters": event_id},
                    "startEvent": {"operationId": "startEvent", "parameters": event_id},
                }
            }
        }
    }


def reply(view, status=200, headers=None):
    """The view as JSON, written once (not filtered through the documenting schema)."""
    response = current_app.json.response(view)
    response.status_code = status
    response.headers.update(headers or {})
    return response


def check_bracket_id(bracket_id):
    """404 for a match id no bracket has the shape of (W1.2, L3.1, G1, R4.3, P1.1)."""
    if not re.fullmatch(BRACKET_ID["pattern"], bracket_id):
        abort(404, f"there is no match {bracket_id[:12]!r} in this event", rule_code="NOT_FOUND")


@blp.route("")
class Events(MethodView):
    """Making events."""

    @blp.arguments(EventCreate())
    @blp.response(201, EventCreated)
    @blp.doc(operationId="createEvent", **links(201, EVENT_FROM_BODY))
    def post(self, data):
        """Make an event

        Returns the event with its director token (runs the event: teams, start, forfeits,
        corrections, table links) and its public token (`GET /api/e/{public_token}`), each
        shown this once.
        """
        check_write()
        return reply(create_event(data), 201)


@blp.route("/<uuid:event_id>")
class EventById(MethodView):
    """One event (its director)."""

    @director_required
    @blp.response(200, EventOut)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="getEvent")
    def get(self, event_id):
        """The director's view of the event

        Calls the matches that have become callable to the free tables (their table tokens
        are in `new_table_tokens`, this once), then returns the bracket, tables, standings,
        paths, who is late to check in and the director's records.
        """
        return reply(sync_and_view(event_id, director=True))

    @director_required
    @blp.arguments(EventSettings(partial=True))
    @blp.response(200, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description="the event has started (`EVENT_STARTED`)")
    @blp.doc(security=DIRECTOR_TOKEN, operationId="changeEvent")
    def patch(self, data, event_id):
        """Change the event's settings (before it starts)"""
        check_write(event_id)
        return reply(patch_event(event_id, data))

    @director_required
    @blp.response(200, EventDeleted)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="deleteEvent")
    def delete(self, event_id):
        """Delete the event with its teams, matches, games and links (at any time)

        Every link of the event then finds nothing: the director's, the public one, the
        board's, each table's and each game's share page.
        """
        check_write(event_id)
        return reply(delete_event(event_id))


@blp.route("/<uuid:event_id>/teams")
class Teams(MethodView):
    """The teams of an event."""

    @director_required
    @blp.arguments(EntrantIn())
    @blp.response(201, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description=FULL)
    @blp.doc(security=DIRECTOR_TOKEN, operationId="addTeam")
    def post(self, data, event_id):
        """Enter a team of two players (before the start)"""
        check_write(event_id)
        return reply(add_team(event_id, data), 201)


@blp.route("/<uuid:event_id>/teams/<int(min=1, max=2147483647):team_id>")
class TeamById(MethodView):
    """One team of an event."""

    @director_required
    @blp.arguments(EntrantPatch())
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="a team name or short name is taken (`TEAM_NAME_TAKEN`, `SHORT_NAME_TAKEN`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="changeTeam")
    def patch(self, data, event_id, team_id):
        """Rename a team, set its short name or change its players (at any time)"""
        check_write(event_id)
        return reply(edit_team(event_id, team_id, data))

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description="the event has started")
    @blp.doc(security=DIRECTOR_TOKEN, operationId="removeTeam")
    def delete(self, event_id, team_id):
        """Take a team off the list (before the start)"""
        check_write(event_id)
        return reply(remove_team(event_id, team_id))


@blp.route("/<uuid:event_id>/teams/<int(min=1, max=2147483647):team_id>/check-in")
class CheckIn(MethodView):
    """A team is here."""

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="the event has started, or the team was dropped (`TEAM_DROPPED`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="checkInTeam")
    def post(self, event_id, team_id):
        """Check a team in"""
        check_write(event_id)
        return reply(check_in(event_id, team_id))

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(409, schema=ErrorOut, description="the event has started")
    @blp.doc(security=DIRECTOR_TOKEN, operationId="undoCheckIn")
    def delete(self, event_id, team_id):
        """Take a check-in back (before the start)"""
        check_write(event_id)
        return reply(undo_check_in(event_id, team_id))


@blp.route("/<uuid:event_id>/teams/<int(min=1, max=2147483647):team_id>/drop")
class Drop(MethodView):
    """A team that did not check in by the deadline."""

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="the team checked in "
        "(`TEAM_CHECKED_IN`), check-in is still open (`CHECK_IN_OPEN`), or the "
        "event has started",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="dropTeam")
    def post(self, event_id, team_id):
        """Drop a team that did not check in by the deadline"""
        check_write(event_id)
        return reply(drop_team(event_id, team_id))

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="the event has started, or it is full (`EVENT_FULL`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="undoDrop")
    def delete(self, event_id, team_id):
        """Take a drop back (before the start): the team is in again, not checked in"""
        check_write(event_id)
        return reply(undo_drop(event_id, team_id))


@blp.route("/<uuid:event_id>/start")
class Start(MethodView):
    """Starting the event."""

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="started already (`EVENT_STARTED`), "
        "teams not checked in (`NOT_CHECKED_IN`), too few teams (`BAD_TEAMS`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="startEvent")
    def post(self, event_id):
        """Seed the teams and call the first matches to the tables

        Seeding as listed, or drawn by the server (`SystemRandom`; the draw is the teams'
        `seed`). Byes go as the bracket gives them. The first matches' table tokens are in
        `new_table_tokens`, this once.
        """
        check_write(event_id)
        return reply(start_event(event_id))


@blp.route("/<uuid:event_id>/flights")
class Flights(MethodView):
    """Splitting the event into an A flight and a B flight."""

    @director_required
    @blp.arguments(FlightsIn())
    @blp.response(201, EventFlights)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="started already (`EVENT_STARTED`), made for no crew (`NO_CREW`), fewer "
        "than 4 teams (`TOO_FEW_TEAMS`), a name too long for its flight's (`NAME_TOO_LONG`)",
    )
    @blp.alt_response(403, schema=ErrorOut, description="not the crew's token (`WRONG_TOKEN`)")
    @blp.doc(security=DIRECTOR_TOKEN, operationId="splitEventIntoFlights")
    def post(self, data, event_id):
        """Split the event into flights A and B by its crew's ratings (before the start)

        The teams go in order of their chance against an average pair of the crew; the top
        half (an odd count: the extra team too) stays, the event renamed "..., A flight"; the
        rest go to a new event "..., B flight" with the same settings. Returns both: the new
        one with its director token and public token, shown this once.
        """
        check_write(event_id)
        return reply(split_event(event_id, data["crew_token"]), 201)


@blp.route("/<uuid:event_id>/rounds/<int(min=1, max=99):number>/start")
class RoundStart(MethodView):
    """Starting the next round of a Swiss or drawn rounds."""

    @director_required
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="the round before is still played (`NOT_FINISHED`), the round started "
        "already (`ROUND_STARTED`), the event not started (`EVENT_NOT_STARTED`) or not played "
        "in rounds (`NO_ROUNDS`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="startRound")
    def post(self, event_id, number):
        """Start the next round and call its matches to the tables

        Round N + 1 is paired from round N's results as soon as they are all in; its
        matches are called once the director starts it. The round after the last is the
        championship of the event's cut (`advance`). New table tokens in
        `new_table_tokens`, this once.
        """
        check_write(event_id)
        return reply(start_round(event_id, number))


@blp.route("/<uuid:event_id>/matches/<string:bracket_id>")
class TableMatch(MethodView):
    """A bracket match, as its table's phone sees it."""

    @blp.response(200, TableView)
    @blp.alt_response(
        409, schema=ErrorOut, description="the event has not started (`EVENT_NOT_STARTED`)"
    )
    @blp.doc(security=TABLE_OR_DIRECTOR, operationId="getTableMatch")
    def get(self, event_id, bracket_id):
        """A called match for its table: teams, table, score, games, the next game

        With the table token (or the director's). The next game starts with
        `POST /api/matches/{match_id}/games` and the same token; hands go to
        `/api/games/{id}/hands`.
        """
        check_bracket_id(bracket_id)
        token = required_token("match")
        event = Event.get_or_none(Event.id == str(event_id))
        row = (
            None
            if event is None
            else EventMatch.get_or_none(
                (EventMatch.event == event.id) & (EventMatch.bracket_id == bracket_id)
            )
        )
        match = None if row is None else Match.get_or_none(Match.id == row.match_id)
        if table_or_director(token, event, match):
            if match is None and event.started_at is None:  # as every match route says
                abort(409, f"{event.name} has not started yet", rule_code="EVENT_NOT_STARTED")
            if match is None:
                abort(404, f"match {bracket_id} is not at a table yet", rule_code="NOT_FOUND")
            return reply(table_view(event.id, bracket_id, match))
        refuse(
            token,
            match,
            "there is no such match at a table",
            "this token does not open this match: it belongs to another table, a game or "
            "the public link",
        )
        return None


@blp.route("/<uuid:event_id>/matches/<string:bracket_id>/table-token")
class TableTokens(MethodView):
    """The link of a table's phone."""

    @director_required
    @blp.response(201, TableToken)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="not called to a table (`NOT_CALLED`) or decided (`MATCH_ALREADY_PLAYED`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="issueTableToken")
    def post(self, event_id, bracket_id):
        """Issue a new table token for a called match (the old one stops working)"""
        check_bracket_id(bracket_id)
        check_write(event_id)
        return reply(issue_table_token(event_id, bracket_id), 201)


@blp.route("/<uuid:event_id>/matches/<string:bracket_id>/forfeit")
class Forfeits(MethodView):
    """A forfeit or a no-show."""

    @director_required
    @blp.arguments(Forfeit())
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="decided already "
        "(`MATCH_ALREADY_PLAYED`), teams not known (`MATCH_NOT_READY`), not late "
        "yet (`NOT_LATE_YET`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="recordForfeit")
    def post(self, data, event_id, bracket_id):
        """Record that a team forfeits its match or did not show up (with the time)"""
        check_bracket_id(bracket_id)
        check_write(event_id)
        return reply(record_forfeit(event_id, bracket_id, data["team"], data["reason"]))


@blp.route("/<uuid:event_id>/matches/<string:bracket_id>/correction")
class Corrections(MethodView):
    """The director's correction of a result."""

    @director_required
    @blp.arguments(Correction())
    @blp.response(200, EventOut)
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="a later match that would change was "
        "played or is under way (`RESULT_LOCKED`, with them in `locked`), or the "
        "match has no result (`MATCH_NOT_PLAYED`)",
    )
    @blp.doc(security=DIRECTOR_TOKEN, operationId="correctResult")
    def post(self, data, event_id, bracket_id):
        """Correct who won a match; every later match not yet played follows"""
        check_bracket_id(bracket_id)
        check_write(event_id)
        return reply(record_correction(event_id, bracket_id, data["winner"]))


@public.route("/<string(minlength=22, maxlength=128):token>")
class PublicEvent(MethodView):
    """The public view of an event."""

    @public.response(200, EventOut)
    @public.alt_response(304, description="not changed since the ETag sent in If-None-Match")
    @public.doc(operationId="getPublicEvent")
    def get(self, token):
        """The event for everyone: bracket, live scores, tables, standings, paths

        Read-only, by the public link. ETag and 304: a board polling it costs one small read
        while nothing changes. Shape: docs/tournaments.md.
        """
        sent = next(iter(request.if_none_match), None)
        etag, body = public_view(token, sent)
        if body is None:
            return Response(status=304, headers={"ETag": f'"{etag}"'})
        response = Response(body, mimetype="application/json")
        response.headers["ETag"] = f'"{etag}"'
        return response
