"""marshmallow schemas of an export's `event` and `party` parts (docs/export.md "An event",
"A party") as the import reads them. Teams are named by their number in the file."""

from marshmallow import fields, validate

from brackets import MAX_ROUNDS, MAX_TEAMS
from brackets.progressive import PARTY_ROUNDS

from .base import Int, Name, StrictSchema
from .events import FORMATS, EntrantIn, KeptEventSettings, short_name_field
from .games import GameCreate
from .leagues import MAX_SEASON_TEAMS, SeasonCreate, SeasonTeamIn
from .parties import PartyCreate, PlayersIn

BRACKET_ID = validate.Regexp(r"^[A-Z][0-9]{1,3}(\.[0-9]{1,4})?$")
MAX_CALLS = 4 * MAX_TEAMS  # every match of the biggest bracket, called again after a correction
TEAM = Int(1, MAX_TEAMS)


def _when(**kwargs):
    return fields.AwareDateTime(**kwargs)


class ExportEventTeam(StrictSchema):
    """A team of the event: its number in the file, name, players, place in the list."""

    number = Int(1, MAX_TEAMS, required=True)
    name = EntrantIn._declared_fields["name"]
    short_name = short_name_field()
    players = EntrantIn._declared_fields["players"]
    order = Int(0, 2**31 - 1, required=True)
    checked_in_at = _when(allow_none=True)
    dropped_at = _when(allow_none=True)


class ExportEventMatch(StrictSchema):
    """A bracket match called to a table: the match of the file its games are played in."""

    bracket_id = fields.String(required=True, validate=BRACKET_ID)
    match_id = fields.UUID(required=True)
    teams = fields.List(TEAM, required=True, validate=validate.Length(2, 2))
    table = Int(1, 200, required=True)
    called_at = _when(required=True)
    seated_at = _when(allow_none=True)
    here = Int(1, MAX_TEAMS, allow_none=True)


class ExportEventRecord(StrictSchema):
    """A forfeit, no-show or correction the director recorded, in order."""

    bracket_id = fields.String(required=True, validate=BRACKET_ID)
    kind = fields.String(
        required=True, validate=validate.OneOf(("forfeit", "no-show", "correction"))
    )
    winner = Int(1, MAX_TEAMS, required=True)
    loser = Int(1, MAX_TEAMS, required=True)
    at = _when(required=True)


class ExportSignoff(StrictSchema):
    """A game's result confirmed at its table by the side that lost it."""

    game_id = fields.UUID(required=True)
    side = Int(0, 1, required=True)
    at = _when(required=True)


class ExportEvent(KeptEventSettings):
    """An event: its settings, teams, called matches, records and signatures."""

    id = fields.UUID(required=True)
    crew_id = fields.UUID(allow_none=True)
    draw_seed = Int(0, 2**31 - 1, allow_none=True)
    rounds_started = Int(0, MAX_ROUNDS + 1, allow_none=True)
    started_at = _when(allow_none=True)
    created_at = _when(allow_none=True)
    seed_order = fields.List(TEAM, allow_none=True, validate=validate.Length(0, MAX_TEAMS))
    teams = fields.List(
        fields.Nested(ExportEventTeam), required=True, validate=validate.Length(0, MAX_TEAMS)
    )
    matches = fields.List(
        fields.Nested(ExportEventMatch), required=True, validate=validate.Length(0, MAX_CALLS)
    )
    records = fields.List(
        fields.Nested(ExportEventRecord), required=True, validate=validate.Length(0, MAX_CALLS)
    )
    signoffs = fields.List(
        fields.Nested(ExportSignoff), load_default=list, validate=validate.Length(0, 1000)
    )


class ExportPartyTable(StrictSchema):
    """A table of a round of the party: the match of the file its game is played in."""

    round = Int(1, PARTY_ROUNDS, required=True)
    table = Int(1, MAX_TEAMS, required=True)
    match_id = fields.UUID(required=True)


class ExportParty(StrictSchema):
    """A progressive party: its settings, players, seating's seed and rounds started."""

    id = fields.UUID(required=True)
    name = Name(80, required=True)
    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    hands_per_round = PartyCreate._declared_fields["hands_per_round"]
    rounds = PartyCreate._declared_fields["rounds"]
    seed = Int(0, 2**31 - 1, allow_none=True)
    current_round = Int(0, PARTY_ROUNDS, required=True)
    created_at = _when(allow_none=True)
    players = PlayersIn._declared_fields["players"]
    tables = fields.List(
        fields.Nested(ExportPartyTable), required=True, validate=validate.Length(0, 10_000)
    )


class ExportSeasonTeam(StrictSchema):
    """A team of the season: its number in the file, name, two crew players, list place."""

    number = Int(1, MAX_SEASON_TEAMS, required=True)
    name = SeasonTeamIn._declared_fields["name"]
    players = SeasonTeamIn._declared_fields["players"]
    order = Int(0, 2**31 - 1, required=True)


class ExportSubstitute(StrictSchema):
    """Who sat for a member of a season team on one night."""

    team = Int(1, MAX_SEASON_TEAMS, required=True)
    member = Int(0, 1, required=True)
    player = fields.UUID(allow_none=True, load_default=None)
    name = Name(40, required=True)


# {an event team's number in the file (as text): a season team's number}
TEAM_MAP = fields.Dict(
    keys=fields.String(validate=validate.Regexp(r"^[1-9][0-9]{0,3}$")),
    values=Int(1, MAX_SEASON_TEAMS),
    required=True,
)


class ExportNight(StrictSchema):
    """A night of the season: its event in full, which event team is which season team, and
    the night's substitutes."""

    number = Int(1, 30, required=True)
    created_at = _when(allow_none=True)
    event = fields.Nested(ExportEvent, required=True)
    teams = TEAM_MAP
    substitutes = fields.List(
        fields.Nested(ExportSubstitute), load_default=list, validate=validate.Length(0, 128)
    )


class ExportPlayoff(StrictSchema):
    """The season's playoff: its event, and which event team is which season team."""

    event = fields.Nested(ExportEvent, required=True)
    teams = TEAM_MAP


class ExportSeason(StrictSchema):
    """A season of the crew: settings, teams, nights played and playoff."""

    id = fields.UUID(required=True)
    name = SeasonCreate._declared_fields["name"]
    nights = Int(1, 30, required=True)
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    first_to = fields.List(Int(1, 10), required=True, validate=validate.Length(1, 16))
    ruleset = GameCreate._declared_fields["ruleset"]
    tables = Int(1, 200, required=True)
    playoff_teams = Int(2, MAX_SEASON_TEAMS, allow_none=True)
    playoff_first_to = fields.List(Int(1, 10), required=True, validate=validate.Length(1, 16))
    created_at = _when(allow_none=True)
    teams = fields.List(
        fields.Nested(ExportSeasonTeam), required=True, validate=validate.Length(0, 64)
    )
    played = fields.List(fields.Nested(ExportNight), required=True, validate=validate.Length(0, 30))
    playoff = fields.Nested(ExportPlayoff, allow_none=True)


class ImportedEvent(StrictSchema):
    """What the import did with the file's event (or party)."""

    id = fields.String()
    outcome = fields.String(metadata={"description": "`created`, `unchanged` or `conflict`"})
    message = fields.String(metadata={"description": "what happened, in a director's words"})
    director_token = fields.String(
        metadata={"description": "created only: the new director token (shown this once)"}
    )
    public_token = fields.String(
        metadata={"description": "created only: the new public token (shown this once)"}
    )
    public_url = fields.String(metadata={"description": "created only (an event): its public view"})
