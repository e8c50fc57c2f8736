"""peewee models of a tournament (docs/tournaments.md): the event, its teams, the api Match
called for each bracket match, and the director's forfeits, no-shows and corrections.

None of these keeps who won a match: the bracket is derived (api/events/) from the
seeded teams, the games of each event match (through their hand logs) and the director's
records, every time it is read.
"""

from peewee import (
    CharField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
)

from .base import JSONField, utcnow
from .db import flask_db


class Event(flask_db.Model):
    """A tournament: its settings, the hashes of its director and public tokens, and, once
    started, the seed order (team ids, as listed or as the server drew them)."""

    id = CharField(primary_key=True, max_length=36)
    name = CharField(max_length=80)
    date = CharField(max_length=10, null=True)  # ISO date, as the director gave it
    ruleset = CharField(max_length=64)
    overrides = JSONField()
    format = CharField(max_length=32)
    first_to = JSONField()  # wins needed per round: [3, 2] is 3 in round 1, then 2
    advance = IntegerField(null=True)  # round robin places that go on to the championship
    shake_rule = CharField(max_length=16)
    seeding = CharField(max_length=8)
    # The crew whose players the teams name (by name on its roster), given with its token
    # when the event was made: seeding "rating" orders the teams by its ratings.
    crew_id = CharField(max_length=36, null=True)
    table_count = IntegerField()
    checkin_deadline = DateTimeField(null=True)
    minutes_per_game = IntegerField()
    no_show_minutes = IntegerField()
    # The round clock: minutes per game, or null for none (docs/tournaments.md "The round clock")
    time_limit_minutes = IntegerField(null=True)
    director_token_hash = CharField(max_length=64, unique=True)
    public_token_hash = CharField(max_length=64, unique=True)
    seed_order = JSONField(null=True)  # team ids in seed order, set by the start
    # Swiss and drawn rounds (brackets/paired.py): how many rounds, the draw's seed (chosen by
    # the start, a setting like the seed order) and how many rounds the director has started
    # (the championship after the rounds counts as one more).
    rounds = IntegerField(null=True)
    draw_seed = IntegerField(null=True)
    rounds_started = IntegerField(null=True)
    started_at = DateTimeField(null=True)
    # Bumped by every write to the event (settings, teams, calls, records): with its games'
    # count and last change, it makes the public view's ETag without deriving the bracket.
    version = IntegerField(default=0)
    created_at = DateTimeField(default=utcnow)


class Team(flask_db.Model):
    """A team entered in an event: its name, its own short name (optional: shown where space
    forces it, docs/tournaments.md "Short names"), two players, place in the list, check-in."""

    event = ForeignKeyField(Event, backref="teams", on_delete="CASCADE")
    name = CharField(max_length=60)
    short_name = CharField(max_length=12, null=True)  # added later: nullable (store/schema.py)
    players = JSONField()
    list_order = IntegerField()
    checked_in_at = DateTimeField(null=True)
    dropped_at = DateTimeField(null=True)

    class Meta:
        indexes = ((("event", "name"), True),)


class EventMatch(flask_db.Model):
    """A bracket match called to a table: the api Match its games are played in (its edit
    token is an older release's per-match table link; a table's own link is an EventTable,
    api/store/tables.py), the two team ids it was called with, table and call time; when
    both teams sat down (`seated_at`, the table's "We're seated") and the one team that said
    it was there alone (`here`, "We're here, they're not"). Whether a table is seated is
    derived: `seated_at` or a hand recorded (api/events/seating.py)."""

    event = ForeignKeyField(Event, backref="matches", on_delete="CASCADE")
    bracket_id = CharField(max_length=12)
    match_id = CharField(max_length=36, unique=True)
    teams = JSONField()  # [team id of side 0, team id of side 1]
    table = IntegerField()
    called_at = DateTimeField(default=utcnow)
    seated_at = DateTimeField(null=True)
    here = IntegerField(null=True)  # the team id that sat down while the other had not

    class Meta:
        indexes = ((("event", "bracket_id"), True),)


class EventRecord(flask_db.Model):
    """What the director recorded: a forfeit or no-show (`loser` gave the match away), or a
    correction (`winner` is the match's winner whatever its games say). Kept in order."""

    event = ForeignKeyField(Event, backref="records", on_delete="CASCADE")
    bracket_id = CharField(max_length=12)
    kind = CharField(max_length=16)  # "forfeit", "no-show" or "correction"
    winner = IntegerField()
    loser = IntegerField()
    at = DateTimeField(default=utcnow)


EVENT_MODELS = (Event, Team, EventMatch, EventRecord)
