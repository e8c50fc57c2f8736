"""peewee models of the table: a game, its hand log (the truth), a match, idempotency keys."""

from dataclasses import dataclass

import orjson
from peewee import (
    CharField,
    CompositeKey,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
)

from .base import JSONField, cached_raw, cached_sql, insert_statement, utcnow
from .db import flask_db, is_sqlite


def game_revision_sql(alias="g"):
    """SQL for a game row's revision, read by the database from its cached state's JSON
    (every write to the game moves it, in the write's own statement: Game.state_update)."""
    if is_sqlite():
        return f"COALESCE(json_extract({alias}.\"state\", '$.revision'), 0)"
    return f"COALESCE(({alias}.\"state\"::jsonb ->> 'revision')::bigint, 0)"


class Match(flask_db.Model):
    """A match: games between the same two teams until one has `first_to` wins (docs/matches.md).

    Only what was chosen at the start is stored; the score is derived from its games' states
    (each replayed from its own hand log) whenever it is read, never kept beside them.
    """

    id = CharField(primary_key=True, max_length=36)
    ruleset = CharField(max_length=64)
    overrides = JSONField()
    teams = JSONField()
    first_dealer = IntegerField()
    first_to = IntegerField()
    shake_rule = CharField(max_length=16)
    edit_token_hash = CharField(max_length=64, unique=True)
    created_at = DateTimeField(default=utcnow)


class Game(flask_db.Model):
    """One game: its rules, teams and tokens, plus a cache of the state replayed from its hands."""

    id = CharField(primary_key=True, max_length=36)
    ruleset = CharField(max_length=64)
    overrides = JSONField()
    teams = JSONField()
    first_dealer = IntegerField()
    start_totals = JSONField(null=True)
    content_hash = CharField(max_length=64)
    edit_token_hash = CharField(max_length=64, unique=True)
    # Kept readable: every editing device must be able to show the share link again.
    share_token = CharField(max_length=64, unique=True, null=True)
    state = JSONField()
    # Hands taken off the log by an edit that ended the game sooner, kept so the edit can be
    # undone (hand_log.replace_hand); null when nothing is set aside.
    set_aside = JSONField(null=True)
    created_at = DateTimeField(default=utcnow)
    updated_at = DateTimeField(default=utcnow)
    # The match this game belongs to and its number in it (1-based); null for a casual game.
    # Unique together (casual games' nulls are all distinct): a match never has two game 2s.
    match_id = CharField(max_length=36, null=True)
    match_game_no = IntegerField(null=True)
    # The director's call of time on this game (docs/rules.md 36): where the hand log stood,
    # {"hands": k, "in_play": bool, "at": ISO time}; null while time is not called. A record,
    # not a winner: the state is derived from the log and this call.
    time_called = JSONField(null=True)

    class Meta:
        indexes = ((("match_id", "match_game_no"), True),)

    @classmethod
    def _one(cls, name, build, *params):
        """The first row of `build()` (a select of every field) as a Game, or None: made from
        the cursor's tuple, as peewee's row processing cost ~0.1 ms (a tenth of a share read)."""
        row = flask_db.database.execute_sql(cached_sql(name, build), params).fetchone()
        return None if row is None else cls._from_row(row)

    @classmethod
    def _from_row(cls, row):
        """A Game from a tuple holding every field in peewee's order (that of cls.select())."""
        game = cls(
            __no_default__=1,
            **{
                f.name: f.python_value(v) for f, v in zip(cls._meta.sorted_fields, row, strict=True)
            },
        )
        game._dirty.clear()
        return game

    @classmethod
    def shared(cls, token):
        """(SharedRow, its HandRows in order) for a share token, or (None, []).

        Every viewer of a live link reads it again and again, so it is one row: the columns
        the read-only views use, and the hand log folded into one JSON array by the database
        (`[[hand_no, body, result], ...]` from the stored JSON texts; one parse here instead
        of a row per hand repeating every game column)."""
        sql = cached_sql(
            "shared_game",
            lambda p: (
                'SELECT g."id", g."ruleset", g."overrides", g."teams", g."first_dealer", '
                'g."start_totals", g."share_token", g."state", g."set_aside", g."match_id", '
                'g."match_game_no", '
                f"""(SELECT '[' || {"group_concat" if is_sqlite() else "string_agg"}("""
                """'[' || h."hand_no" || ',' || h."body" || ',' || h."result" || ']', ',') """
                """|| ']' FROM "hand" AS h WHERE h."game_id" = g."id") """
                f'FROM "game" AS g WHERE g."share_token" = {p}'
            ),
        )
        row = flask_db.database.execute_sql(sql, (token,)).fetchone()
        if row is None:
            return None, []
        (
            game_id,
            ruleset,
            overrides,
            teams,
            first_dealer,
            start_totals,
            share,
            state,
            set_aside,
            match_id,
            match_game_no,
            log,
        ) = row
        game = SharedRow(
            game_id,
            ruleset,
            orjson.loads(overrides),
            orjson.loads(teams),
            first_dealer,
            None if start_totals is None else orjson.loads(start_totals),
            share,
            orjson.loads(state),
            None if set_aside is None else orjson.loads(set_aside),
            match_id,
            match_game_no,
        )
        hands = sorted(
            (HandRow(*h) for h in orjson.loads(log)) if log else (), key=lambda h: h.hand_no
        )  # neither aggregate promises an order
        return game, hands

    @classmethod
    def by_id(cls, game_id):
        """The game with this id, or None."""
        return cls._one("game_by_id", lambda: cls.select().where(cls.id == ""), game_id)

    @classmethod
    def locked(cls, game_id):
        """The game row, locked for the rest of the write transaction; None if it is gone."""
        if is_sqlite():  # SQLite already holds the database write lock (BEGIN IMMEDIATE)
            return cls.by_id(game_id)
        return cls._one(
            "game_for_update", lambda: cls.select().where(cls.id == "").for_update(), game_id
        )

    def state_update(self, state, set_aside=None):
        """Set a new cached state, set-aside record (None: nothing set aside; every write to
        the log clears it) and updated_at on this game; returns the statement that stores
        those columns, for `run`."""
        self.state, self.set_aside, self.updated_at = state, set_aside, utcnow()
        sql = cached_sql(
            "game_state_update",
            lambda p: (
                f'UPDATE "game" SET "state" = {p}, "set_aside" = {p}, "updated_at" = {p} '
                f'WHERE "id" = {p}'
            ),
        )
        return sql, [
            Game.state.db_value(self.state),
            Game.set_aside.db_value(self.set_aside),
            Game.updated_at.db_value(self.updated_at),
            self.id,
        ]

    def ordered_hands(self):
        """The hand log in order, as HandRows."""
        return self.hands_from(1)

    def hands_from(self, hand_no):
        """Hand `hand_no` and every later one, in order, as HandRows (with their counts): an
        edit re-scores from the edited hand on, reading none of the hands before it but one."""
        sql = cached_sql(
            "hands_from",
            lambda: (
                Hand.select(Hand.hand_no, Hand.body, Hand.result, Hand.counts)
                .where((Hand.game == "") & (Hand.hand_no >= 0))
                .order_by(Hand.hand_no)
            ),
        )
        rows = flask_db.database.execute_sql(sql, (self.id, hand_no)).fetchall()
        return [
            HandRow(
                no,
                orjson.loads(body),
                orjson.loads(result),
                None if counts is None else orjson.loads(counts),
            )
            for no, body, result, counts in rows
        ]

    def hand(self, hand_no):
        """Hand `hand_no` as a HandRow, or None: the one row a repeated POST is checked against."""
        sql = cached_sql(
            "hand_by_no",
            lambda: Hand.select(Hand.hand_no, Hand.body, Hand.result, Hand.counts).where(
                (Hand.game == "") & (Hand.hand_no == 0)
            ),
        )
        row = flask_db.database.execute_sql(sql, (self.id, hand_no)).fetchone()
        if row is None:
            return None
        no, body, result, counts = row
        return HandRow(
            no,
            orjson.loads(body),
            orjson.loads(result),
            None if counts is None else orjson.loads(counts),
        )


@dataclass(slots=True)
class SharedRow:
    """A game as the read-only views use it (Game.shared): no token hash, no timestamps."""

    id: str
    ruleset: str
    overrides: dict
    teams: list
    first_dealer: int
    start_totals: list | None
    share_token: str
    state: dict
    set_aside: dict | None
    match_id: str | None = None
    match_game_no: int | None = None


@dataclass(slots=True)
class HandRow:
    """One hand of the log as the views use it: read straight from the cursor, since building
    a peewee model per row cost more than the rest of the share view together."""

    hand_no: int
    body: dict
    result: dict
    counts: dict | None = None  # the game's counts after this hand (Hand.counts)


class Hand(flask_db.Model):
    """One recorded hand: what the table entered (`body`) and what rules/ made of it."""

    game = ForeignKeyField(Game, backref="hands", on_delete="CASCADE")
    hand_no = IntegerField()
    body = JSONField()
    result = JSONField()
    # What the result does not carry but scoring the next hand needs: the made-or-set hands
    # and each side's table-talk count after this hand ({"scored_hands", "warnings"}); null on
    # hands stored by a release before it (their game is then re-scored from hand 1).
    counts = JSONField(null=True)
    created_at = DateTimeField(default=utcnow)
    updated_at = DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("game", "hand_no"), True),)

    @staticmethod
    def rewrite(game_id, row):
        """The statement storing a HandRow's body, result and counts over its hand, for `run`."""
        sql = cached_sql(
            "hand_rewrite",
            lambda p: (
                f'UPDATE "hand" SET "body" = {p}, "result" = {p}, "counts" = {p}, '
                f'"updated_at" = {p} WHERE "game_id" = {p} AND "hand_no" = {p}'
            ),
        )
        return sql, [
            Hand.body.db_value(row.body),
            Hand.result.db_value(row.result),
            Hand.counts.db_value(row.counts),
            Hand.updated_at.db_value(utcnow()),
            game_id,
            row.hand_no,
        ]

    @staticmethod
    def insert(game_id, row):
        """The statement inserting a HandRow as a new hand of the game, for `run`."""
        now = utcnow()
        return insert_statement(
            Hand,
            game=game_id,
            hand_no=row.hand_no,
            body=row.body,
            result=row.result,
            counts=row.counts,
            created_at=now,
            updated_at=now,
        )

    @staticmethod
    def remove(game_id, hand_no):
        """The statement deleting hand `hand_no` of the game, for `run`."""
        sql = cached_sql(
            "hand_remove", lambda p: f'DELETE FROM "hand" WHERE "game_id" = {p} AND "hand_no" = {p}'
        )
        return sql, [game_id, hand_no]

    @staticmethod
    def remove_from(game_id, hand_no):
        """The statement deleting hand `hand_no` of the game and every later one, for `run`."""
        sql = cached_sql(
            "hand_remove_from",
            lambda p: f'DELETE FROM "hand" WHERE "game_id" = {p} AND "hand_no" >= {p}',
        )
        return sql, [game_id, hand_no]


class IdempotencyKey(flask_db.Model):
    """The stored response to a write made under an `Idempotency-Key` (kept 30 days or more)."""

    game = ForeignKeyField(Game, backref="idempotency_keys", on_delete="CASCADE")
    key = CharField(max_length=255)
    request_hash = CharField(max_length=64)
    status = IntegerField()
    response = JSONField()
    created_at = DateTimeField(default=utcnow, index=True)

    class Meta:
        primary_key = CompositeKey("game", "key")

    @classmethod
    def find(cls, game_id, key):
        """The stored response for this game and key, or None."""
        rows = cached_raw(
            cls,
            "idempotency_key",
            lambda: cls.select().where((cls.game == "") & (cls.key == "")),
            game_id,
            key,
        )
        return next(iter(rows), None)
