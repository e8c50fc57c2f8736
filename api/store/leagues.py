"""peewee models of a league (docs/leagues.md): a crew's season, its teams, its nights (each a
normal event) and the substitutes of a night.

None of these keeps a result: the season's standings are derived from its nights' events
(their games' hand logs and the director's records) every time they are read.
"""

from peewee import (
    CharField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
)

from .base import JSONField, utcnow
from .crews import Crew
from .db import flask_db
from .events import Event


class Season(flask_db.Model):
    """A crew's season: its name, how many nights, how a night is played (an event format,
    its series length, ruleset and tables) and its playoff (the top `playoff_teams` in a
    single-elimination event, once the last night is over), and its board's link."""

    id = CharField(primary_key=True, max_length=36)
    crew = ForeignKeyField(Crew, backref="seasons", on_delete="CASCADE")
    name = CharField(max_length=80)
    nights = IntegerField()
    format = CharField(max_length=32)
    first_to = JSONField()
    ruleset = CharField(max_length=64)
    tables = IntegerField()
    playoff_teams = IntegerField(null=True)  # None: no playoff
    playoff_first_to = JSONField()
    playoff_event = ForeignKeyField(Event, null=True, on_delete="SET NULL")
    playoff_map = JSONField(null=True)  # {event team id (text): season team id}
    created_at = DateTimeField(default=utcnow)
    # The SHA-256 of the season board's token (its read-only address, /season/{token}); a new
    # one replaces it. None: no board link made yet (or a season of an older release).
    board_token_hash = CharField(max_length=64, null=True, unique=True)

    class Meta:
        indexes = ((("crew", "name"), True),)


class SeasonTeam(flask_db.Model):
    """A team of the season: its name and its two members (crew player ids), in list order."""

    season = ForeignKeyField(Season, backref="teams", on_delete="CASCADE")
    name = CharField(max_length=60)
    players = JSONField()  # [crew player id, crew player id]
    list_order = IntegerField()

    class Meta:
        indexes = ((("season", "name"), True),)


class Night(flask_db.Model):
    """A night of the season: the event it is played as, and which event team is which
    season team. A night whose event the director deletes is gone with it."""

    season = ForeignKeyField(Season, backref="night_rows", on_delete="CASCADE")
    number = IntegerField()
    event = ForeignKeyField(Event, on_delete="CASCADE")
    teams = JSONField()  # {event team id (text): season team id}
    created_at = DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("season", "number"), True),)


class Substitute(flask_db.Model):
    """One night's substitute: who sits for member `member` (0 or 1) of a team: a crew
    player, or a name typed in (`player` None)."""

    night = ForeignKeyField(Night, backref="substitutes", on_delete="CASCADE")
    team = ForeignKeyField(SeasonTeam, on_delete="CASCADE")
    member = IntegerField()
    player = CharField(max_length=36, null=True)
    name = CharField(max_length=40)

    class Meta:
        indexes = ((("night", "team", "member"), True),)


LEAGUE_MODELS = (Season, SeasonTeam, Night, Substitute)
