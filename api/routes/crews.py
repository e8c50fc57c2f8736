"""/api/crews: a crew, its roster, its games, its statistics and ratings (docs/crews.md)."""

from functools import wraps

from flask import current_app, g
from flask.views import MethodView

from ..core.access import edit_token_required
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..crews.flights import crew_flights, flights_etag
from ..crews.ratings import crew_ratings, ratings_etag
from ..crews.roster import (
    add_player,
    attach_game,
    create_crew,
    crew_view,
    detach_game,
    rename_crew,
    rename_player,
    require_crew,
    reseat_game,
)
from ..crews.stats import check_filters, crew_stats, stats_etag
from ..schemas.base import EDIT_TOKEN
from ..schemas.crews import (
    CrewCreate,
    CrewCreated,
    CrewFlightsOut,
    CrewGameIn,
    CrewGameOut,
    CrewOut,
    CrewRatingsOut,
    CrewRename,
    CrewStatsOut,
    FlightsQuery,
    PlayerIn,
    PlayerOut,
    PlayerRename,
    Seats,
    StatsQuery,
)

blp = Blueprint("crews", __name__, url_prefix="/api", description="Crews and statistics")

CREW_TOKEN = [{"crewToken": []}]

CREW_PATH = "/crews/<uuid:crew_id>"


def json_bytes(schema=None):
    """`schema`'s dump (or the answer as the service built it, already in the schema's
    shape) as the body Flask would write, JSON text and a newline, as bytes: the crew's
    reads keep it under their ETag, so a read while nothing changed writes nothing anew
    (2,000 games' statistics are 2.4 MB, about 30 ms to write each time)."""
    dump = schema.dump if schema else lambda data: data
    return lambda data: f"{current_app.json.dumps(dump(data))}\n".encode()


def json_answer(body):
    """A 200 with JSON `body` (bytes, from json_bytes)."""
    return current_app.response_class(body, mimetype=current_app.json.mimetype)


def crew_token_required(view):
    """Check the crew token first (before ETag preconditions): the crew lands in `g.crew`."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        g.crew = require_crew(kwargs["crew_id"])
        return view(*args, **kwargs)

    return wrapper


@blp.route("/crews")
class Crews(MethodView):
    """Starting crews."""

    @blp.arguments(CrewCreate())
    @blp.response(201, CrewCreated)
    @blp.doc(operationId="createCrew")
    def post(self, data):
        """Start a crew: its token and join link come back this once"""
        check_write()
        return create_crew(data)


@blp.route(CREW_PATH)
class CrewById(MethodView):
    """One crew (crew token)."""

    @crew_token_required
    @blp.etag
    @blp.response(200, CrewOut)
    @blp.doc(security=CREW_TOKEN, operationId="getCrew")
    def get(self, crew_id):
        """Get a crew: its name, roster and games"""
        view = crew_view(g.crew)
        blp.set_etag(view)  # what it shows, never a clock
        return view

    @crew_token_required
    @blp.arguments(CrewRename())
    @blp.response(200, CrewOut)
    @blp.doc(security=CREW_TOKEN, operationId="renameCrew")
    def patch(self, data, crew_id):
        """Rename a crew"""
        check_write(str(crew_id))
        return rename_crew(g.crew, data)


@blp.route(f"{CREW_PATH}/players")
class CrewPlayers(MethodView):
    """A crew's roster."""

    @crew_token_required
    @blp.arguments(PlayerIn())
    @blp.response(201, PlayerOut)
    @blp.alt_response(200, schema=PlayerOut, description="the same id and name again")
    @blp.alt_response(
        409,
        schema=ErrorOut,
        description="NAME_TAKEN (the player who has the name is in `player`) or PLAYER_ID_TAKEN",
    )
    @blp.doc(security=CREW_TOKEN, operationId="addCrewPlayer")
    def post(self, data, crew_id):
        """Add a player to the roster (idempotent by the phone-made id)"""
        check_write(str(crew_id))
        return add_player(g.crew, data)


@blp.route(f"{CREW_PATH}/players/<uuid:player_id>")
class CrewPlayerById(MethodView):
    """One roster player."""

    @crew_token_required
    @blp.arguments(PlayerRename())
    @blp.response(200, PlayerOut)
    @blp.alt_response(409, schema=ErrorOut, description="NAME_TAKEN")
    @blp.doc(security=CREW_TOKEN, operationId="renameCrewPlayer")
    def patch(self, data, crew_id, player_id):
        """Rename a roster player"""
        check_write(str(crew_id))
        return rename_player(g.crew, player_id, data)


@blp.route(f"{CREW_PATH}/games/<uuid:game_id>")
class CrewGameById(MethodView):
    """A game of the crew."""

    @crew_token_required
    @blp.arguments(CrewGameIn())
    @blp.response(201, CrewGameOut)
    @blp.alt_response(200, schema=CrewGameOut, description="already the crew's: seats updated")
    @blp.alt_response(409, schema=ErrorOut, description="GAME_IN_OTHER_CREW")
    @blp.doc(security=CREW_TOKEN, operationId="putCrewGame")
    def put(self, data, crew_id, game_id):
        """Put a game in the crew, naming who sat where (the game's edit token in the body)"""
        check_write(str(game_id))
        return attach_game(g.crew, game_id, data)

    @crew_token_required
    @blp.response(204)
    @blp.doc(security=CREW_TOKEN, operationId="removeCrewGame")
    def delete(self, crew_id, game_id):
        """Take a game out of the crew (the game stays)"""
        check_write(str(game_id))
        detach_game(g.crew, game_id)


@blp.route(f"{CREW_PATH}/stats")
class CrewStats(MethodView):
    """A crew's statistics."""

    @crew_token_required
    @blp.etag
    @blp.arguments(StatsQuery(), location="query")
    @blp.response(200, CrewStatsOut)
    @blp.doc(security=CREW_TOKEN, operationId="getCrewStats")
    def get(self, query, crew_id):
        """Get a crew's statistics: players, partnerships, head-to-head, crew totals

        Derived from the games' current hand logs (an edited hand counts as edited).
        """
        filters = check_filters(query)
        etag = stats_etag(g.crew, filters)
        blp.set_etag(etag)  # 304 before any game is read
        # Written once per ETag and kept (crew_stats): a Response passes the schema by; the
        # schema above still documents it. The service builds the schema's shape itself
        # (marshmallow's dump took ~65 % of a 2,000-game read after a change);
        # tests/api/test_api_crew_stats.py checks the answer against the schema.
        return json_answer(crew_stats(g.crew, filters, etag, json_bytes()))


@blp.route(f"{CREW_PATH}/ratings")
class CrewRatings(MethodView):
    """A crew's ratings."""

    @crew_token_required
    @blp.etag
    @blp.response(200, CrewRatingsOut)
    @blp.doc(security=CREW_TOKEN, operationId="getCrewRatings")
    def get(self, crew_id):
        """Get a crew's ratings: players over time, career points, partnerships' chances

        Replayed from the games' current hand logs, oldest first, at every change (an
        edited hand re-rates every game after it); never stored.
        """
        etag = ratings_etag(g.crew)
        blp.set_etag(etag)  # 304 before any game is read
        # Written once per ETag and kept (crew_ratings), as the statistics are. The
        # service builds the schema's shape itself (marshmallow took ~40 % of a 2,000-game
        # replay); tests/api/test_api_crew_ratings.py checks the answer against the schema.
        return json_answer(crew_ratings(g.crew, etag, json_bytes()))


@blp.route(f"{CREW_PATH}/flights")
class CrewFlights(MethodView):
    """A crew's players in two flights by rating."""

    @crew_token_required
    @blp.etag
    @blp.arguments(FlightsQuery(), location="query")
    @blp.response(200, CrewFlightsOut)
    @blp.alt_response(422, schema=ErrorOut, description="NOT_ON_ROSTER")
    @blp.doc(security=CREW_TOKEN, operationId="getCrewFlights")
    def get(self, query, crew_id):
        """Split the crew's players (or those here) into flights A and B by rating

        A is the top half by the rating shown, B the rest, for two events on one night.
        """
        players = query.get("player") or []
        blp.set_etag(flights_etag(g.crew, [str(p) for p in players]))
        return crew_flights(g.crew, players)


@blp.route("/games/<uuid:game_id>/seats")
class GameSeats(MethodView):
    """Who sat where in a crew's game (the game's edit token)."""

    @edit_token_required
    @blp.arguments(Seats())
    @blp.response(200, CrewGameOut)
    @blp.alt_response(409, schema=ErrorOut, description="NOT_IN_CREW")
    @blp.doc(security=EDIT_TOKEN, operationId="setGameSeats")
    def put(self, data, game_id):
        """Change who sat where in a crew's game"""
        check_write(str(game_id))
        return reseat_game(g.game, data)
