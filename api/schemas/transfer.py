"""marshmallow schemas of the export format (docs/export.md) as the import reads it, and of
the import's answer. Hands are read by the same HandBody schema as POST .../hands, so an
import accepts exactly the bodies the hand routes accept; rules/ then checks each hand."""

from marshmallow import fields, validate

from ..core.refusals import first_error
from ..play import hand_log
from .base import MAX_POINTS, MAX_SEAT, Int, Name, StrictBoolean, StrictSchema, stored_text
from .games import GameCreate, HandBody, TeamIn
from .transfer_events import ExportEvent, ExportParty, ExportSeason, ImportedEvent

# A phone's whole history, or a crew of 500 games, in one file; more is split into files.
MAX_IMPORT_GAMES = 1000


class ExportQuery(StrictSchema):
    """Which export: `json` (complete, re-importable) or `csv` (one row per hand)."""

    # Checked by the view, so a wrong one is refused in a player's words (UNKNOWN_FORMAT).
    format = fields.String(
        load_default="json", validate=validate.Length(1, 100), metadata={"enum": ["json", "csv"]}
    )


class ExportHand(StrictSchema):
    """A hand of the log as it stands (edits applied): its number and what was entered."""

    hand_no = Int(1, hand_log.MAX_GAME_HANDS, required=True)
    hand = fields.Nested(HandBody, required=True)


class ExportSetAside(StrictSchema):
    """Hands an edit took off the log (it ended the game sooner), kept so it can be undone."""

    hand_no = Int(1, hand_log.MAX_GAME_HANDS, required=True)
    previous = fields.Nested(HandBody, required=True)
    first_hand_no = Int(1, hand_log.MAX_GAME_HANDS, required=True)
    hands = fields.List(
        fields.Nested(HandBody),
        required=True,
        validate=validate.Length(1, hand_log.MAX_GAME_HANDS),
    )


class ExportMatchLink(StrictSchema):
    """The match a game belongs to, and its number in it."""

    id = fields.UUID(required=True)
    game_no = Int(1, 100, required=True)


class ExportTimeCalled(StrictSchema):
    """Time called on a game by the round clock: after how many hands, whether one was in
    play, and when (docs/rules.md 36-38)."""

    hands = Int(0, hand_log.MAX_GAME_HANDS, required=True)
    in_play = StrictBoolean(required=True)
    at = fields.String(required=True, validate=stored_text(1, 40))


class ExportGame(StrictSchema):
    """One game: settings, teams and players, and its hand log."""

    id = fields.UUID(required=True)
    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    teams = fields.List(fields.Nested(TeamIn), required=True, validate=validate.Length(1, 8))
    first_dealer = Int(0, MAX_SEAT, required=True)
    start_totals = fields.List(
        Int(-MAX_POINTS, MAX_POINTS), allow_none=True, validate=validate.Length(1, 8)
    )
    hands = fields.List(
        fields.Nested(ExportHand),
        required=True,
        validate=validate.Length(0, hand_log.MAX_GAME_HANDS),
    )
    set_aside = fields.Nested(ExportSetAside, allow_none=True)
    match = fields.Nested(ExportMatchLink, allow_none=True)
    time_called = fields.Nested(ExportTimeCalled, allow_none=True)
    created_at = fields.DateTime(
        allow_none=True,
        metadata={"description": "when the game started (UTC, ISO 8601): kept by the import"},
    )
    # Derived: written for a person reading the file, re-derived (not read) on import.
    totals = fields.List(Int(-10 * MAX_POINTS, 10 * MAX_POINTS), validate=validate.Length(0, 8))
    game_over = StrictBoolean()
    winner = Int(0, MAX_SEAT, allow_none=True)


class ExportMatch(StrictSchema):
    """A match the exported games belong to: what was chosen when it started."""

    id = fields.UUID(required=True)
    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    teams = fields.List(fields.Nested(TeamIn), required=True, validate=validate.Length(1, 8))
    first_dealer = Int(0, MAX_SEAT, required=True)
    first_to = Int(1, 10, required=True)
    shake_rule = fields.String(required=True, validate=validate.OneOf(("rotate", "loser", "draw")))


class ExportCrewPlayer(StrictSchema):
    """A player of the crew's roster."""

    id = fields.UUID(required=True)
    name = Name(40, required=True)


class ExportCrewGame(StrictSchema):
    """A game of the crew (it is in the file's `games`) and who sat in each seat."""

    game_id = fields.UUID(required=True)
    seats = fields.List(
        fields.UUID(allow_none=True), required=True, validate=validate.Length(1, MAX_SEAT + 1)
    )
    attached_at = fields.DateTime(allow_none=True)


class ExportCrew(StrictSchema):
    """A crew: its name, its roster and its games (docs/export.md, "A crew")."""

    id = fields.UUID(required=True)
    name = Name(80, required=True)
    players = fields.List(
        fields.Nested(ExportCrewPlayer), required=True, validate=validate.Length(0, 1000)
    )
    games = fields.List(
        fields.Nested(ExportCrewGame),
        required=True,
        validate=validate.Length(0, MAX_IMPORT_GAMES),
    )
    seasons = fields.List(
        fields.Nested(ExportSeason),
        load_default=list,
        validate=validate.Length(0, 100),
        metadata={"description": "the crew's seasons (docs/export.md \"A crew's seasons\")"},
    )


class ExportDocument(StrictSchema):
    """An export (docs/export.md): its format and version, games and their matches."""

    format = fields.String(required=True, validate=validate.Equal("tally42-export"))
    version = Int(1, 1, required=True)
    games = fields.List(
        fields.Nested(ExportGame), required=True, validate=validate.Length(0, MAX_IMPORT_GAMES)
    )
    matches = fields.List(
        fields.Nested(ExportMatch), load_default=list, validate=validate.Length(0, MAX_IMPORT_GAMES)
    )
    exported_at = fields.String(validate=stored_text(0, 40))
    crew = fields.Nested(
        ExportCrew,
        allow_none=True,
        metadata={"description": "a crew's export: the crew, its roster and who sat where"},
    )
    event = fields.Nested(
        ExportEvent,
        allow_none=True,
        metadata={"description": "an event's export: its settings, teams, bracket and records"},
    )
    party = fields.Nested(
        ExportParty,
        allow_none=True,
        metadata={"description": "a party's export: its settings, players and rounds"},
    )
    device = fields.Dict(
        metadata={
            "description": "a phone backup's own part (its games' "
            "edit tokens, outbox, settings): read by the phone's "
            "restore only, ignored here"
        }
    )


class ImportedItem(StrictSchema):
    """What the import did with one game or match."""

    id = fields.String()
    outcome = fields.String(
        metadata={
            "description": "`created`, `unchanged` (already here, "
            "the same) or `conflict` (here with other content: "
            "left as it is)"
        }
    )
    message = fields.String(metadata={"description": "what happened, in a player's words"})
    edit_token = fields.String(
        metadata={"description": "created only: the new edit token (shown this once)"}
    )
    share_token = fields.String(allow_none=True)


class ImportedCrew(ImportedItem):
    """What the import did with the file's crew."""

    token = fields.String(
        metadata={"description": "created only: the new crew token (shown this once)"}
    )
    join_url = fields.String(metadata={"description": "created only: the crew's join link"})


class ImportOut(StrictSchema):
    """The import's answer: per game and per match (and the crew of a crew's file), created /
    unchanged / conflict."""

    games = fields.List(fields.Nested(ImportedItem))
    matches = fields.List(fields.Nested(ImportedItem))
    crew = fields.Nested(ImportedCrew)
    event = fields.Nested(ImportedEvent)
    party = fields.Nested(ImportedEvent)


def place_in_file(errors):
    """Where in an import the schema's first refusal is, in a player's words ("Game 2 of the
    file, hand 5: "), or "" when it is not inside a game or match."""
    found = first_error(errors)
    path = [str(p) for p in found[0]] if found else []
    if len(path) < 2 or path[0] not in ("games", "matches") or not path[1].isdigit():
        return ""
    what = f"{'Game' if path[0] == 'games' else 'Match'} {int(path[1]) + 1} of the file"
    if len(path) > 3 and path[2] == "hands" and path[3].isdigit():
        what += f", hand {int(path[3]) + 1}"
    return f"{what}: "
