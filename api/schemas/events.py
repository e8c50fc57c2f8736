"""marshmallow schemas of the tournament routes (docs/tournaments.md): inputs refuse unknown
fields and bound every number; outputs document the views of api/event_logic."""

import copy

from marshmallow import Schema, fields, missing, validate

from brackets import MAX_ROUNDS, MAX_TEAMS, ROUNDS_FORMATS, Format

from .base import Int, Name, StrictBoolean, StrictSchema, stored_text
from .games import SHAKE_RULES, GameCreate, MatchOut

# A team's own short name ("Bubba & Earl" for "Bubba Hrncir & Earl Dusek"): 12 characters
# stay on one line of the narrowest box it replaces a name in, a bracket box of a 128-team
# board's part (six rounds side by side: about 13 letters of the name's type at the least
# scale), and of a phone's 320-pixel list.
SHORT_NAME = 12

FORMATS = (*(f.value for f in Format), *ROUNDS_FORMATS)  # what brackets runs, and no more

MAX_TEAM_ID = 2**31 - 1

DIRECTOR_TOKEN = [{"directorToken": []}]

TABLE_OR_DIRECTOR = [{"tableToken": []}, {"directorToken": []}]

SEEDINGS = ("listed", "random", "rating")  # docs/tournaments.md "Seeding"


def short_name_field():
    """A team's optional short name (null: none, the full name everywhere)."""
    return Name(
        SHORT_NAME,
        allow_none=True,
        metadata={"description": "shown where space forces it (board, tight lists); or null"},
    )


class EntrantIn(StrictSchema):
    """A team entered in an event: its name, its two players and its own short name."""

    name = Name(60, required=True)
    short_name = short_name_field()
    players = fields.List(
        Name(60),
        required=True,
        validate=validate.Length(2, 2),
        metadata={"description": "the two partners"},
    )


class EntrantPatch(StrictSchema):
    """A team's new name, short name or players."""

    name = Name(60)
    short_name = short_name_field()
    players = fields.List(Name(60), validate=validate.Length(2, 2))


class EventSettings(StrictSchema):
    """An event's settings as it is made: its name, rules and format are needed, the rest
    have defaults. A change (PATCH) loads it with `partial=True`: only what it names, and no
    default. Named as api/events/settings.py SETTINGS names them."""

    name = Name(80, required=True)
    date = fields.Date(allow_none=True, metadata={"description": "the day of the event"})
    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    first_to = fields.List(
        Int(1, 10),
        load_default=lambda: [2],
        validate=validate.Length(1, 16),
        metadata={
            "description": "wins needed in each round: [3, 2] is first to 3 in round 1, then 2 "
            "(the last number goes on; the losers' bracket and grand final take the last)"
        },
    )
    advance = Int(
        2,
        MAX_TEAMS,
        allow_none=True,
        metadata={
            "description": "round-robin-playoff, and optional for swiss and drawn: how many "
            "teams go on to the (single-elimination) championship"
        },
    )
    rounds = Int(
        1,
        MAX_ROUNDS,
        allow_none=True,
        metadata={
            "description": "swiss and drawn only: how many rounds (a Swiss plays at most half "
            "as many as it has teams)"
        },
    )
    shake_rule = fields.String(load_default="rotate", validate=validate.OneOf(SHAKE_RULES))
    seeding = fields.String(
        load_default="listed",
        validate=validate.OneOf(SEEDINGS),
        metadata={
            "description": "`listed`: the teams' order; `random`: drawn by the server at "
            "start; `rating`: the teams' chances against an average pair of the event's "
            "crew, strongest first (needs `crew_token` at creation)"
        },
    )
    tables = Int(1, 200, load_default=1)
    checkin_deadline = fields.AwareDateTime(
        allow_none=True, metadata={"description": "teams not checked in by then may be dropped"}
    )
    minutes_per_game = Int(1, 240, load_default=15)
    time_limit_minutes = Int(
        5,
        240,
        allow_none=True,
        load_default=None,
        metadata={
            "description": "the round clock: minutes a game may last before the director calls "
            "time (docs/rules.md 36); null for none"
        },
    )
    no_show_minutes = Int(
        0,
        120,
        load_default=5,
        metadata={"description": "a team this late to its match can be recorded as a no-show"},
    )


class EventCreate(EventSettings):
    """A new event: its settings, the crew it is for, and the teams (they may come later)."""

    crew_token = fields.String(
        validate=stored_text(1, 200),  # compared by its hash; no NUL reaches a query
        load_only=True,
        metadata={
            "description": "the token of the crew whose players the teams name (by name on its "
            "list): seeding `rating` uses its ratings"
        },
    )
    teams = fields.List(fields.Nested(EntrantIn), validate=validate.Length(0, MAX_TEAMS))


def kept_settings():
    """The settings' fields as a file keeps them (an export's event): no defaults, and every
    setting an event always has (a default that is not null) required, so that a file that
    leaves one out is refused, not filled in."""
    kept = {}
    for name, field in EventSettings._declared_fields.items():
        field = copy.deepcopy(field)
        if field.load_default is not missing:
            field.required = field.load_default is not None
            field.load_default = missing
        kept[name] = field
    return kept


# What an export's event extends (api/schemas/transfer_events.py ExportEvent).
KeptEventSettings = type("KeptEventSettings", (StrictSchema,), kept_settings())


class Forfeit(StrictSchema):
    """A team gives its match away: `forfeit`, or `no-show` (too late to its table)."""

    team = Int(1, MAX_TEAM_ID, required=True, metadata={"description": "the team that forfeits"})
    reason = fields.String(load_default="forfeit", validate=validate.OneOf(("forfeit", "no-show")))


class Correction(StrictSchema):
    """Who really won the match."""

    winner = Int(1, MAX_TEAM_ID, required=True)


class EventOut(Schema):
    """An event as docs/tournaments.md describes it (director view: plus `late`, `records`,
    `stale`, `new_table_tokens` and, read by GET, `live_etag`)."""

    class Meta:
        unknown = "include"

    id = fields.String()
    name = fields.String()
    date = fields.String(allow_none=True)
    format = fields.String()
    first_to = fields.List(fields.Integer())
    tables = fields.Integer()
    started_at = fields.String(allow_none=True)
    crew_id = fields.String(
        allow_none=True,
        metadata={"description": "the crew whose players the teams name (seeding `rating`)"},
    )
    teams = fields.List(
        fields.Dict(),
        metadata={
            "description": "{id, name, short_name, players, seed, dropped} (+ checked_in_at, "
            "dropped_at)"
        },
    )
    matches = fields.List(
        fields.Dict(),
        metadata={
            "description": "every bracket match in play order: {id, bracket, round, teams (team "
            'ids, "bye" or null), status, winner, how, said (the director\'s word on a result '
            "settled by forfeit, no-show or correction, or null), result (a decided match in "
            "words, or null), first_to, score, table, called_at, est_start, match_id, name, "
            "games: [{game_no, id, totals, game_over, winner}]}"
        },
    )
    table_plan = fields.List(
        fields.Dict(), metadata={"description": "{table, playing, next} for every table: match ids"}
    )
    clocks = fields.List(
        fields.Dict(),
        metadata={
            "description": "the round clock: {table, game_id, game_no, deadline (the time limit "
            "from the game's start, or null without one), time (the director's call of time "
            "with its phase, or null)} of each game under way"
        },
    )
    finished = StrictBoolean()
    champion = fields.Integer(allow_none=True)
    standings = fields.List(
        fields.Dict(),
        allow_none=True,
        metadata={"description": "{place, team, how}, best first, once the event is over"},
    )
    rounds = fields.Integer(allow_none=True, metadata={"description": "swiss and drawn: rounds"})
    round = fields.Dict(
        allow_none=True,
        metadata={
            "description": "swiss and drawn: {in_play (the round being played; rounds + 1 is "
            'the championship), title ("Round 2 of 4"), to_start (the round paired and waiting '
            'for the director\'s start, or null), start_words ("Start round 3"), pairings '
            "(match ids of the round to start, else of the round in play), standings: "
            "[{place, team, wins, buchholz, how}] as the rounds so far make them}; null for "
            "other formats"
        },
    )
    round_robin = fields.List(
        fields.Dict(),
        allow_none=True,
        metadata={
            "description": "a round robin once started: each team's record as it stands, "
            "{team, seed, won, lost, games_won, games_lost, playing}, most wins first (then "
            "fewest losses, best game difference, seed); null for other formats"
        },
    )
    paths = fields.Dict(metadata={"description": "team id -> [{match, opponent, won, forfeit}]"})
    live_etag = fields.String(
        allow_none=True,
        dump_only=True,
        metadata={
            "description": "director view (GET) only: the ETag of the event's live stream "
            "(GET /api/e/{public_token}/events) as it stood before this view was read; an "
            "`event` with another ETag means the view has changed since"
        },
    )


class EventCreated(EventOut):
    """A new event with its two tokens, shown this once."""

    director_token = fields.String(metadata={"description": "runs the event: keep it"})
    public_url = fields.String(metadata={"description": "the public view's address"})
    public_token = fields.String(
        metadata={"description": "reads the event: GET /api/e/{public_token}"}
    )


class FlightsIn(StrictSchema):
    """Splitting an event into flights: its crew's token (the ratings are the crew's)."""

    crew_token = fields.String(
        required=True,
        validate=EventCreate._declared_fields["crew_token"].validate,
        load_only=True,
        metadata={"description": "the token of the crew the event was made for"},
    )


class EventFlights(Schema):
    """An event split into flights: this event (the A flight) and the new one (B)."""

    a = fields.Nested(EventOut, metadata={"description": "this event, the stronger half"})
    b = fields.Nested(
        EventCreated,
        metadata={"description": "the new event, the rest, with its two tokens shown this once"},
    )


class TableToken(Schema):
    """A called match's new table token (the old one stops working)."""

    match = fields.String()
    table = fields.Integer()
    match_id = fields.String()
    table_token = fields.String(
        metadata={"description": "the match's edit token: its games and nothing else"}
    )


class EventDeleted(Schema):
    """What a deleted event took with it."""

    deleted = fields.String(metadata={"description": "the event's id"})
    teams = fields.Integer()
    matches = fields.Integer(metadata={"description": "matches called to tables"})
    games = fields.Integer()


class TableView(Schema):
    """What a table's phone needs for its match."""

    event = fields.Dict()
    bracket_match = fields.Dict()
    teams = fields.List(fields.Dict())
    table = fields.Integer()
    clock = fields.Dict(
        allow_none=True,
        metadata={
            "description": "the round clock of the game under way: `{table, game_id, game_no, "
            'deadline, time}` (docs/tournaments.md "The round clock"), or null'
        },
    )
    match = fields.Nested(MatchOut)
    next_game_no = fields.Integer(
        allow_none=True,
        metadata={"description": "the game to start (POST /api/matches/{match_id}/games), or null"},
    )
    current_game = fields.String(allow_none=True)
