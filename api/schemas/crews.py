"""Request and response schemas of the crew routes (docs/crews.md)."""

from marshmallow import Schema, fields, validate

from .base import MAX_SEAT, Name, StrictBoolean, StrictSchema, stored_text

SEATS_DOC = (
    "one crew player id (or null: not on the roster) per seat, seat 1 first; the "
    "same player may not sit twice"
)


class CrewCreate(StrictSchema):
    """A new crew: its name."""

    name = Name(80, required=True, metadata={"description": "e.g. Thursday table"})


class CrewRename(StrictSchema):
    """A crew's new name."""

    name = CrewCreate._declared_fields["name"]


class PlayerIn(StrictSchema):
    """A roster player, named on a phone (maybe offline): the phone makes the id."""

    id = fields.UUID(
        required=True,
        metadata={
            "description": "client-made UUID: sending the same id and name again changes nothing"
        },
    )
    name = Name(40, required=True)


class PlayerRename(StrictSchema):
    """A roster player's new name."""

    name = PlayerIn._declared_fields["name"]


class Seats(StrictSchema):
    """Who sat in each seat of a game."""

    seats = fields.List(
        fields.UUID(allow_none=True),
        required=True,
        validate=validate.Length(1, MAX_SEAT + 1),
        metadata={"description": SEATS_DOC},
    )


class CrewGameIn(Seats):
    """A game joining a crew: the game's edit token proves the asker keeps its score."""

    game_token = fields.String(
        required=True,
        validate=stored_text(1, 128),
        metadata={
            "description": "the game's edit token (or its match's): only a phone keeping the "
            "game's score may put it in a crew"
        },
    )


class PlayerOut(Schema):
    """A roster player."""

    id = fields.String()
    name = fields.String()


class CrewGameOut(Schema):
    """A game of the crew and who sat where."""

    game_id = fields.String()
    crew_id = fields.String()
    seats = fields.List(fields.String(allow_none=True), metadata={"description": SEATS_DOC})
    # written by the view (api/core/times.py `iso`, with its Z), passed through as it is
    attached_at = fields.String(
        metadata={"format": "date-time", "description": "when the game joined the crew (UTC)"}
    )


class CrewOut(Schema):
    """A crew, its roster and its games."""

    id = fields.String()
    name = fields.String()
    players = fields.List(fields.Nested(PlayerOut))
    games = fields.List(fields.Nested(CrewGameOut))
    join_url = fields.String(
        metadata={
            "description": "opens the crew on another phone (the "
            "token is in the fragment: never sent to a server)"
        }
    )


class CrewCreated(CrewOut):
    """A new crew with its token, shown this once."""

    token = fields.String(
        metadata={
            "description": "the crew token (256 random bits); the server keeps only its SHA-256"
        }
    )


class StatsQuery(StrictSchema):
    """Which games the statistics cover."""

    ruleset = fields.String(
        validate=stored_text(1, 64), metadata={"description": "only games of this preset"}
    )
    from_ = fields.Date(
        data_key="from",
        metadata={"description": "only games started on or after this day (UTC, YYYY-MM-DD)"},
    )
    to = fields.Date(metadata={"description": "only games started on or before this day"})


class MadeOut(Schema):
    """Bids and how many were made."""

    bids = fields.Integer()
    made = fields.Integer()
    made_pct = fields.Float(allow_none=True)


class StreaksOut(Schema):
    """Winning streaks over finished games, oldest first."""

    longest_win = fields.Integer()
    current = fields.Dict(
        allow_none=True,
        metadata={"description": '{"result": "won" | "lost" | "tied", "length": n}, or null'},
    )


class CrewLineOut(Schema):
    """The counters every line of the statistics has (docs/crews.md defines each)."""

    games = fields.Integer(metadata={"description": "finished games"})
    hands = fields.Integer()
    reshuffles = fields.Integer()
    bids = fields.Integer()
    made = fields.Integer()
    made_pct = fields.Float(allow_none=True)
    by_level = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(MadeOut),
        metadata={"description": "30-34, 35-41, 1 mark, 2+ marks"},
    )
    by_contract = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(MadeOut),
        metadata={"description": "plain, nello, plunge, splash, sevens, dip, dive"},
    )
    forced = fields.Nested(MadeOut)
    sets_suffered = fields.Integer()
    penalties = fields.Dict(keys=fields.String(), values=fields.Integer())


class StatLineOut(CrewLineOut):
    """A player's or a partnership's statistics."""

    wins = fields.Integer()
    losses = fields.Integer()
    ties = fields.Integer()
    win_pct = fields.Float(allow_none=True)
    sets_dealt = fields.Integer()
    marks_for = fields.Integer()
    marks_against = fields.Integer()
    points_for = fields.Integer()
    points_against = fields.Integer()
    streaks = fields.Nested(StreaksOut)


class PlayerStatsOut(StatLineOut):
    """One player's statistics."""

    id = fields.String()
    name = fields.String()


class PartnershipStatsOut(StatLineOut):
    """One partnership's statistics (a whole side of a game: the same players together)."""

    key = fields.String(metadata={"description": "the players' ids, sorted, joined by +"})
    players = fields.List(fields.String())
    names = fields.List(fields.String())


class HeadToHeadOut(Schema):
    """Two partnerships' finished games against each other."""

    a = fields.String()
    b = fields.String()
    a_names = fields.List(fields.String())
    b_names = fields.List(fields.String())
    games = fields.Integer()
    a_wins = fields.Integer()
    b_wins = fields.Integer()
    ties = fields.Integer()


class CrewStatsOut(Schema):
    """A crew's statistics, derived from its games' hand logs."""

    crew_id = fields.String()
    filters = fields.Dict()
    games = fields.Integer(
        metadata={"description": "the crew's games these cover, finished or not"}
    )
    players = fields.List(fields.Nested(PlayerStatsOut))
    partnerships = fields.List(fields.Nested(PartnershipStatsOut))
    head_to_head = fields.List(fields.Nested(HeadToHeadOut))
    crew = fields.Nested(CrewLineOut)


class RatingPointOut(Schema):
    """A player's rating after one of their rated games."""

    game = fields.Integer(
        metadata={"description": "the game's number among the crew's rated games (1 is oldest)"}
    )
    rating = fields.Float(metadata={"description": "the rating shown after that game"})


class PlayerRatingOut(Schema):
    """One player's rating and career points (docs/crews.md "Ratings")."""

    id = fields.String()
    name = fields.String()
    rating = fields.Float(
        metadata={
            "description": "mu - 3 sigma, to two decimals: 0 for a new player, rising as "
            "the games show how good they are"
        }
    )
    mu = fields.Float(metadata={"description": "openskill's skill estimate"})
    sigma = fields.Float(metadata={"description": "openskill's uncertainty about it"})
    games = fields.Integer(metadata={"description": "rated games played"})
    provisional = StrictBoolean(
        metadata={"description": "fewer rated games than `provisional_games`"}
    )
    career = fields.Integer(
        metadata={
            "description": "career points: 2 a game won, 1 a game tied, never going down as "
            "games are added"
        }
    )
    history = fields.List(fields.Nested(RatingPointOut), metadata={"description": "oldest first"})


class PartnershipRatingOut(Schema):
    """Two partners' rated games together and their chance against an average pair."""

    key = fields.String(metadata={"description": "the players' ids, sorted, joined by +"})
    players = fields.List(fields.String())
    names = fields.List(fields.String())
    games = fields.Integer()
    wins = fields.Integer()
    losses = fields.Integer()
    ties = fields.Integer()
    chance = fields.Float(
        metadata={
            "description": "the chance (0 to 1) that these two, as rated now, beat two "
            "players rated at the crew's average"
        }
    )


class RatedGameOut(Schema):
    """A rated game: a finished game of the crew whose every seat names a crew player."""

    id = fields.String()
    day = fields.String(metadata={"format": "date", "description": "the day it started (UTC)"})


class CrewRatingsOut(Schema):
    """A crew's ratings, replayed from its games' hand logs at every change, never stored."""

    crew_id = fields.String()
    provisional_games = fields.Integer(
        metadata={"description": "a rating is provisional until this many rated games"}
    )
    average = fields.Dict(
        metadata={"description": '{"mu", "sigma"}: the crew\'s average rated player'}
    )
    rated_games = fields.List(
        fields.Nested(RatedGameOut), metadata={"description": "in the order they were rated"}
    )
    players = fields.List(
        fields.Nested(PlayerRatingOut),
        metadata={"description": "settled ratings first, highest first; then provisional ones"},
    )
    partnerships = fields.List(
        fields.Nested(PartnershipRatingOut), metadata={"description": "best chance first"}
    )


class FlightsQuery(StrictSchema):
    """Whose flights: the players here (all the crew's players when none is named)."""

    player = fields.List(
        fields.UUID(),
        validate=validate.Length(0, 500),
        metadata={"description": "a player here tonight (repeat for each); none: everybody"},
    )


class FlightPlayerOut(Schema):
    """A player in a flight."""

    id = fields.String()
    name = fields.String()
    rating = fields.Float(metadata={"description": "the rating shown (0 with no rated game)"})
    games = fields.Integer(metadata={"description": "rated games played"})
    provisional = StrictBoolean()


class CrewFlightsOut(Schema):
    """The players split by rating: A the top half, B the rest (the middle player of an odd
    number in A)."""

    crew_id = fields.String()
    a = fields.List(fields.Nested(FlightPlayerOut), metadata={"description": "highest first"})
    b = fields.List(fields.Nested(FlightPlayerOut), metadata={"description": "highest first"})
    provisional_games = CrewRatingsOut._declared_fields["provisional_games"]
