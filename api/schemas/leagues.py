"""Request and response schemas of a crew's seasons (docs/leagues.md)."""

from marshmallow import Schema, fields, validate

from ..leagues.seasons import NIGHT_FORMATS
from .base import Int, Name, StrictBoolean, StrictSchema
from .games import GameCreate

MAX_SEASON_TEAMS = 64


class SeasonTeamIn(StrictSchema):
    """A team of the season: its name and its two members from the crew's roster."""

    name = Name(60, required=True)
    players = fields.List(
        fields.UUID(),
        required=True,
        validate=validate.Length(2, 2),
        metadata={"description": "the two partners: crew player ids"},
    )


class SeasonCreate(StrictSchema):
    """A new season: its name, teams, nights, how a night is played, and its playoff."""

    name = Name(60, required=True, metadata={"description": "e.g. Spring 2027"})
    teams = fields.List(
        fields.Nested(SeasonTeamIn),
        required=True,
        validate=validate.Length(2, MAX_SEASON_TEAMS),
    )
    nights = Int(1, 30, required=True, metadata={"description": "how many nights"})
    format = fields.String(
        load_default="round-robin",
        validate=validate.OneOf(NIGHT_FORMATS),
        metadata={"description": "how a night is played (an event format)"},
    )
    first_to = fields.List(
        Int(1, 10),
        load_default=lambda: [1],
        validate=validate.Length(1, 16),
        metadata={"description": "a night's matches: wins needed in each round"},
    )
    ruleset = GameCreate._declared_fields["ruleset"]
    tables = Int(1, 200, load_default=1)
    playoff_teams = Int(
        2,
        MAX_SEASON_TEAMS,
        allow_none=True,
        load_default=None,
        metadata={"description": "the top teams that play the playoff; null: no playoff"},
    )
    playoff_first_to = fields.List(
        Int(1, 10),
        load_default=lambda: [2],
        validate=validate.Length(1, 16),
        metadata={"description": "the playoff's matches: wins needed in each round"},
    )


class SubstituteIn(StrictSchema):
    """Who sits for a member of a team on one night: a crew player, or a name typed in."""

    team = Int(1, 2**31 - 1, required=True, metadata={"description": "the season team's id"})
    member = Int(0, 1, required=True, metadata={"description": "0: its first player; 1: second"})
    player = fields.UUID(allow_none=True, load_default=None)
    name = Name(40, allow_none=True, load_default=None)


class SubstitutesIn(StrictSchema):
    """The night's substitutes, the whole list (an empty list takes them all back)."""

    substitutes = fields.List(
        fields.Nested(SubstituteIn),
        required=True,
        validate=validate.Length(0, 2 * MAX_SEASON_TEAMS),
    )


class SeasonRecord(Schema):
    """A team's record: on one night, or summed over the season."""

    team = fields.Integer()
    team_name = fields.String()
    won = fields.Integer(metadata={"description": "matches won (a forfeit too, a bye not)"})
    lost = fields.Integer()
    marks_won = fields.Integer(metadata={"description": "the totals of the games it played"})
    marks_lost = fields.Integer()


class StandingOut(SeasonRecord):
    """A team's place in the season, with its nights."""

    place = fields.Integer()
    nights = fields.List(fields.Dict())


class NightOut(Schema):
    """A night: its event, its substitutes and results."""

    number = fields.Integer()
    event_id = fields.String()
    name = fields.String()
    started = StrictBoolean()
    finished = StrictBoolean()
    substitutes = fields.List(fields.Dict())
    results = fields.List(fields.Nested(SeasonRecord))


class SeasonOut(Schema):
    """A season, derived on the read from its nights' events."""

    id = fields.String()
    crew_id = fields.String()
    name = fields.String()
    nights = fields.Integer()
    format = fields.String()
    first_to = fields.List(fields.Integer())
    ruleset = fields.String()
    tables = fields.Integer()
    created_at = fields.String(metadata={"format": "date-time"})
    teams = fields.List(fields.Dict())
    played = fields.List(fields.Nested(NightOut))
    next_night = fields.Integer(allow_none=True)
    season_over = StrictBoolean()
    standings = fields.List(fields.Nested(StandingOut))
    playoff = fields.Dict(allow_none=True)


class SeasonStarted(SeasonOut):
    """The season with the event just made and its director and public tokens, shown once."""

    event_id = fields.String()
    director_token = fields.String()
    public_token = fields.String()


class DirectorLink(Schema):
    """A new director token for a night's or the playoff's event (the old one stops)."""

    event_id = fields.String()
    director_token = fields.String()


class BoardLinkOut(Schema):
    """A new link to the season's board (the one before stops), shown this once."""

    board_token = fields.String(metadata={"description": "the board's read-only token"})
    board_url = fields.String(metadata={"description": "the board's page: /season/{token}"})


class SeasonSummary(Schema):
    id = fields.String()
    name = fields.String()
    nights = fields.Integer()
    started = fields.Integer(metadata={"description": "nights started so far"})


class SeasonList(Schema):
    seasons = fields.List(fields.Nested(SeasonSummary))


class SeasonDeleted(Schema):
    """What a deleted season took with it."""

    deleted = fields.String(metadata={"description": "the season's id"})
    teams = fields.Integer()
    nights = fields.Integer(metadata={"description": "nights made (their events went too)"})
    substitutes = fields.Integer()
    games = fields.Integer(
        metadata={"description": "the nights' and playoff's games (the crew no longer counts them)"}
    )
