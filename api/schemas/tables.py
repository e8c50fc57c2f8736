"""marshmallow schemas of a table's routes (docs/tournaments.md "A table's link"): the new
link, the sign-off's request, and what a table's phone reads."""

from marshmallow import Schema, fields

from .base import Int, StrictBoolean, StrictSchema
from .events import MAX_TEAM_ID

TABLE_LINK_OR_DIRECTOR = [{"tableLink": []}, {"directorToken": []}]


class TableLinkOut(Schema):
    """A table's new link (the one before it stops working)."""

    table = fields.Integer()
    table_token = fields.String(
        metadata={
            "description": "the table's link for the whole event: the match called to the "
            "table last and its games, and nothing else. Shown this once"
        }
    )


class SignIn(StrictSchema):
    """The game the losing team confirms."""

    game_id = fields.UUID(
        required=True, metadata={"description": "a game of a match called to this table"}
    )


class SeatedIn(StrictSchema):
    """Who sat down at the table: both teams (no body, or `here` null), or one."""

    here = Int(
        1,
        MAX_TEAM_ID,
        allow_none=True,
        load_default=None,
        metadata={
            "description": "the team that is at the table while the other is not (\"We're "
            "here, they're not\"); null or left out: both teams are seated"
        },
    )


class TimeCallIn(StrictSchema):
    """The director's call of time (docs/rules.md 36)."""

    in_play = StrictBoolean(
        load_default=True,
        metadata={
            "description": "a hand was being played when time was called (the usual case): "
            "it is finished first; false when the table was between hands"
        },
    )


class TableRead(Schema):
    """What a table's phone shows."""

    event = fields.Dict(metadata={"description": "`{id, name, finished}`"})
    table = fields.Integer()
    started = StrictBoolean()
    match = fields.Dict(
        allow_none=True,
        metadata={
            "description": "the match called to this table last, as "
            "`GET /api/events/{id}/matches/{bracket_id}` shows it; null before the first"
        },
    )
    waiting = StrictBoolean(
        metadata={"description": "true while no undecided match is at the table"}
    )
    signed = fields.Dict(metadata={"description": "game id -> `{side, at}` of its signature"})
    to_sign = fields.Dict(
        allow_none=True,
        metadata={
            "description": "the oldest game over and not signed of this match or the one "
            "before: `{game_id, game_no, match, teams, winner, signer, totals}`"
        },
    )
    call = fields.Dict(
        allow_none=True, metadata={"description": "`{at}` while the table calls the director"}
    )
    now = fields.String(
        metadata={"description": "the server's clock (ISO 8601): count down to `seat_by` from it"}
    )
