"""marshmallow schemas of the party routes (docs/tournaments.md "Progressive parties"):
inputs refuse unknown fields and bound every number; outputs document api/parties/views.py."""

from marshmallow import Schema, fields, validate

from brackets.party import MAX_HANDS_PER_ROUND
from brackets.progressive import PARTY_PLAYERS, PARTY_ROUNDS

from ..core.names import PLAYER_NAME
from .base import Int, Name, StrictBoolean, StrictSchema
from .games import GameCreate

PARTY_DIRECTOR = [{"partyDirector": []}]
PARTY_READER = [{"partyDirector": []}, {"partyPublic": []}]
PARTY_TABLE = [{"partyTable": []}, {"partyDirector": []}]

PLAYERS = fields.List(
    Name(PLAYER_NAME),
    validate=validate.Length(0, PARTY_PLAYERS),
    metadata={"description": "the players' names in entry order (the last tie-break)"},
)


class PartyCreate(StrictSchema):
    """A new party: its name, rules, round length, number of rounds and players."""

    name = Name(80, required=True)
    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    hands_per_round = Int(
        1,
        MAX_HANDS_PER_ROUND,
        allow_none=True,
        load_default=None,
        metadata={"description": "hands a round lasts (marks only); null: a round is one game"},
    )
    rounds = Int(1, PARTY_ROUNDS, required=True)
    players = PLAYERS
    crew_id = fields.UUID(
        metadata={
            "description": "take the players from this crew's roster (send the crew's token "
            "as the bearer token); `players` then picks some of them"
        }
    )


class PlayersIn(StrictSchema):
    """The party's players, all of them, before the start."""

    players = fields.List(
        Name(PLAYER_NAME), required=True, validate=validate.Length(0, PARTY_PLAYERS)
    )


class RoundIn(StrictSchema):
    """The round to start: the next one (the same again answers as the first time)."""

    round = Int(1, PARTY_ROUNDS, required=True)


class PartyOut(Schema):
    """A party as docs/tournaments.md describes it (the director's adds `next_round`)."""

    class Meta:
        unknown = "include"

    id = fields.String()
    name = fields.String()
    round = fields.Integer(metadata={"description": "the round started last (0 before)"})
    rounds = fields.Integer()
    players = fields.List(fields.String())
    seating = fields.List(
        fields.Dict(),
        metadata={
            "description": "each round started: {round, tables: [{table, north, south, words, "
            "totals, hands, over, game_id}], sitting_out, sitting_out_words}"
        },
    )
    standings = fields.List(
        fields.Dict(),
        metadata={"description": "{place, player, total, tables_won, tables_played, sat_out, how}"},
    )


class PartyCreated(PartyOut):
    """A new party with its tokens, shown this once."""

    director_token = fields.String()
    public_token = fields.String()


class PartyTableRead(Schema):
    """What a party table's phone shows."""

    class Meta:
        unknown = "include"

    table = fields.Integer()
    round = fields.Integer()
    words = fields.String(allow_none=True, metadata={"description": "Table 3: Ann and Cy ..."})
    game = fields.Dict(allow_none=True, metadata={"description": "the table's game this round"})
    waiting = StrictBoolean(metadata={"description": "the round is over at this table"})


class PartyDeleted(Schema):
    """What a deleted party took with it."""

    deleted = fields.String(metadata={"description": "the party's id"})
    players = fields.Integer()
    tables = fields.Integer(metadata={"description": "tables' links (0 before the start)"})
    rounds = fields.Integer(metadata={"description": "rounds started"})
    games = fields.Integer(metadata={"description": "the tables' games, played or under way"})
