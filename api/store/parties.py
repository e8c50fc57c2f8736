"""peewee models of a progressive party (docs/tournaments.md "Progressive parties"): the
party, its players in entry order, each table's link, and the api Match each table of each
round plays its game in.

None of these keeps a score: each player's total and the standings are derived
(api/parties/) from the seed, the players and the games' hand logs every time they are read.
"""

from peewee import (
    CharField,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
)

from .base import JSONField, utcnow
from .db import flask_db


class Party(flask_db.Model):
    """A party: its settings, the hashes of its director and public tokens, and, once started,
    the seed of its seating and the round the director has started last."""

    id = CharField(primary_key=True, max_length=36)
    name = CharField(max_length=80)
    ruleset = CharField(max_length=64)
    overrides = JSONField()
    hands_per_round = IntegerField(null=True)  # None: a round is one game
    rounds = IntegerField()
    director_token_hash = CharField(max_length=64, unique=True)
    public_token_hash = CharField(max_length=64, unique=True)
    seed = IntegerField(null=True)  # drawn by the start; the seating follows from it
    current_round = IntegerField(default=0)  # 0 before the start
    # Bumped by every write to the party (players, start, a round): with its games'
    # revisions it makes the reads' ETags.
    version = IntegerField(default=0)
    created_at = DateTimeField(default=utcnow)


class PartyPlayer(flask_db.Model):
    """A player entered in a party, in entry order (the last tie-break of the standings)."""

    party = ForeignKeyField(Party, backref="players", on_delete="CASCADE")
    name = CharField(max_length=25)
    list_order = IntegerField()

    class Meta:
        indexes = ((("party", "list_order"), True),)


class PartyTable(flask_db.Model):
    """A table's link for the whole party (its token's SHA-256), made by the start."""

    party = ForeignKeyField(Party, backref="tables", on_delete="CASCADE")
    table = IntegerField()
    token_hash = CharField(max_length=64, unique=True)

    class Meta:
        indexes = ((("party", "table"), True),)


class PartyEndedLink(flask_db.Model):
    """A table's link the director replaced (its token's SHA-256), kept so the old link is
    refused in the table's words ("replaced") rather than as a token nobody knows, as an
    event's ended table link is."""

    party = ForeignKeyField(Party, backref="ended_links", on_delete="CASCADE")
    table = IntegerField()
    token_hash = CharField(max_length=64, unique=True)
    ended_at = DateTimeField(default=utcnow)


class PartyGame(flask_db.Model):
    """The api Match (a series of one game) played at `table` in `round`. While it is its
    table's current game the match's edit token is the table's link; the next round gives
    the old match a token nobody holds."""

    party = ForeignKeyField(Party, backref="games", on_delete="CASCADE")
    round = IntegerField()
    table = IntegerField()
    match_id = CharField(max_length=36, unique=True)

    class Meta:
        indexes = ((("party", "round", "table"), True),)


PARTY_MODELS = (Party, PartyPlayer, PartyTable, PartyEndedLink, PartyGame)


def party_director_hash(match_id):
    """The SHA-256 of the director token of the party whose table played match `match_id`,
    or None: a party's director reaches every game of the party, of every round, to put a
    wrong hand right (the totals follow, derived from the hands)."""
    row = (
        Party.select(Party.director_token_hash)
        .join(PartyGame)
        .where(PartyGame.match_id == str(match_id))
        .tuples()
        .first()
    )
    return None if row is None else row[0]
