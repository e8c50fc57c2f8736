"""/api/crews/{crew_id}/seasons: a crew's leagues, their nights, substitutes and playoff
(docs/leagues.md). The crew token runs them; a night is a normal event (api/routes/events.py).
And /season/{token}: a season's board for the club's TV (HTML), its token its address."""

from flask import Blueprint as PageBlueprint
from flask import g, render_template, request
from flask.views import MethodView

from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut
from ..core.ratelimit import check_write
from ..leagues.board import new_board_link, season_by_board_token
from ..leagues.nights import director_link, set_substitutes, start_night, start_playoff
from ..leagues.removal import delete_season
from ..leagues.seasons import create_season, crew_seasons, require_season, season_view
from ..pages.season_board import board_model
from ..schemas.leagues import (
    BoardLinkOut,
    DirectorLink,
    SeasonCreate,
    SeasonDeleted,
    SeasonList,
    SeasonOut,
    SeasonStarted,
    SubstitutesIn,
)
from .crews import CREW_PATH, CREW_TOKEN, crew_token_required

blp = Blueprint("leagues", __name__, url_prefix="/api", description="A crew's seasons")
pages = PageBlueprint("season_pages", __name__)

BOARD_REFRESH_SECONDS = 15  # as a party's board
MISSING = (
    "There is no season board at this link: it may be mistyped, or the crew made the board a "
    "new link or deleted the season."
)

SEASON_PATH = f"{CREW_PATH}/seasons/<uuid:season_id>"

NIGHT = "<int(min=1, max=30):number>"


@blp.route(f"{CREW_PATH}/seasons")
class Seasons(MethodView):
    """A crew's seasons."""

    @crew_token_required
    @blp.response(200, SeasonList)
    @blp.doc(security=CREW_TOKEN, operationId="listSeasons")
    def get(self, crew_id):
        """List the crew's seasons"""
        return {"seasons": crew_seasons(g.crew)}

    @crew_token_required
    @blp.arguments(SeasonCreate())
    @blp.response(201, SeasonOut)
    @blp.alt_response(409, schema=ErrorOut, description="SEASON_NAME_TAKEN")
    @blp.doc(security=CREW_TOKEN, operationId="createSeason")
    def post(self, data, crew_id):
        """Make a season: its teams of the crew's players, nights and playoff"""
        check_write(str(crew_id))
        return create_season(g.crew, data)


@blp.route(SEASON_PATH)
class SeasonById(MethodView):
    """One season."""

    @crew_token_required
    @blp.response(200, SeasonOut)
    @blp.doc(security=CREW_TOKEN, operationId="getSeason")
    def get(self, crew_id, season_id):
        """Get a season: its nights and standings, derived from the nights' events now"""
        return season_view(require_season(g.crew, season_id))

    @crew_token_required
    @blp.response(200, SeasonDeleted)
    @blp.doc(security=CREW_TOKEN, operationId="deleteSeason")
    def delete(self, crew_id, season_id):
        """Delete a season with its teams, nights (their events and games) and playoff

        The games its nights filed into the crew go too: the crew's statistics and ratings no
        longer count them. Answers with what went, in counts. This cannot be undone.
        """
        check_write(str(crew_id))
        return delete_season(require_season(g.crew, season_id))


@blp.route(f"{SEASON_PATH}/nights")
class Nights(MethodView):
    """A season's nights."""

    @crew_token_required
    @blp.response(201, SeasonStarted)
    @blp.alt_response(409, schema=ErrorOut, description="NIGHT_NOT_OVER or SEASON_OVER")
    @blp.doc(security=CREW_TOKEN, operationId="startNight")
    def post(self, crew_id, season_id):
        """Make tonight's night: an event of the season's teams, checked in

        Its director token comes back this once; the director starts the event.
        """
        check_write(str(crew_id))
        return start_night(require_season(g.crew, season_id))


@blp.route(f"{SEASON_PATH}/nights/{NIGHT}/substitutes")
class Substitutes(MethodView):
    """A night's substitutes."""

    @crew_token_required
    @blp.arguments(SubstitutesIn())
    @blp.response(200, SeasonOut)
    @blp.doc(security=CREW_TOKEN, operationId="setSubstitutes")
    def put(self, data, crew_id, season_id, number):
        """Name a night's substitutes (the whole list)"""
        check_write(str(crew_id))
        return set_substitutes(require_season(g.crew, season_id), number, data["substitutes"])


@blp.route(f"{SEASON_PATH}/nights/{NIGHT}/director-link")
class NightDirector(MethodView):
    """A night's director link."""

    @crew_token_required
    @blp.response(201, DirectorLink)
    @blp.doc(security=CREW_TOKEN, operationId="nightDirectorLink")
    def post(self, crew_id, season_id, number):
        """A new director token for the night's event (the old one stops working)"""
        check_write(str(crew_id))
        return director_link(require_season(g.crew, season_id), number)


@blp.route(f"{SEASON_PATH}/playoff")
class Playoff(MethodView):
    """A season's playoff."""

    @crew_token_required
    @blp.response(201, SeasonStarted)
    @blp.alt_response(
        409, schema=ErrorOut, description="NO_PLAYOFF, SEASON_NOT_OVER or PLAYOFF_STARTED"
    )
    @blp.doc(security=CREW_TOKEN, operationId="startPlayoff")
    def post(self, crew_id, season_id):
        """Make the playoff: the top teams in a single-elimination event, seeded by standing"""
        check_write(str(crew_id))
        return start_playoff(require_season(g.crew, season_id))


@blp.route(f"{SEASON_PATH}/playoff/director-link")
class PlayoffDirector(MethodView):
    """The playoff's director link."""

    @crew_token_required
    @blp.response(201, DirectorLink)
    @blp.doc(security=CREW_TOKEN, operationId="playoffDirectorLink")
    def post(self, crew_id, season_id):
        """A new director token for the playoff's event (the old one stops working)"""
        check_write(str(crew_id))
        return director_link(require_season(g.crew, season_id))


@blp.route(f"{SEASON_PATH}/board-link")
class SeasonBoardLink(MethodView):
    """The season's board link."""

    @crew_token_required
    @blp.response(201, BoardLinkOut)
    @blp.doc(security=CREW_TOKEN, operationId="seasonBoardLink")
    def post(self, crew_id, season_id):
        """A new link to the season's board for the club's TV (the one before stops)

        The board (`/season/{token}`) shows the standings, the nights and the playoff, read
        only; the token comes back this once.
        """
        check_write(str(crew_id))
        return new_board_link(require_season(g.crew, season_id))


@pages.route("/season/<string(minlength=22, maxlength=128):token>")
def board_page(token):
    """The season's board (its board token is its address): the standings in letters read
    across a room, the nights and the playoff; refreshed every 15 s, no script.
    `?theme=light` for a bright room."""
    season = season_by_board_token(token)
    theme = "light" if request.args.get("theme") == "light" else "dark"
    if season is None:
        html = render_template("season_board.html", board=None, message=MISSING, theme=theme)
        return html, 404
    board = board_model(season_view(season))
    return render_template(
        "season_board.html", board=board, theme=theme, refresh=BOARD_REFRESH_SECONDS
    )
