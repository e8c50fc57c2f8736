"""A crew's statistics: the per-game summaries read and cached by ETag, summed by stats/."""

import datetime
import hashlib

import orjson

import stats

from ..core.errors import Invalid
from ..core.lru import LockedLRU
from ..core.names import name_key
from ..games.rulesets import game_ruleset
from ..store.base import cached_sql, run
from ..store.crews import CrewGame
from ..store.db import flask_db, write_transaction
from ..store.games import Game, game_revision_sql
from .roster import roster_names

# Each game's id, seats and revision: what the ratings' kept replay compares (a read after a
# change, not every read). Every write to a game's log moves its revision (Game.state_update);
# never a clock, which two servers read differently.
KEYS_SQL = (
    'SELECT cg."game_id", cg."seat_players", {revision} FROM "crewgame" AS cg '
    'JOIN "game" AS g ON g."id" = cg."game_id" WHERE cg."crew_id" = {p}'
)

# What a read that must sum again runs: the cached summaries, and the game's revision read
# by the database from its cached state (so nothing parses the state here).
ROWS_SQL = (
    'SELECT cg."game_id", cg."seat_players", cg."summary", cg."summary_revision", {revision}, '
    'g."ruleset", g."created_at" FROM "crewgame" AS cg JOIN "game" AS g ON g."id" = cg."game_id" '
    'WHERE cg."crew_id" = {p}'
)

RESULTS_KEPT = 64

_RESULTS = LockedLRU(RESULTS_KEPT)  # (crew id, stats ETag digest) -> statistics


def _filtered(template, crew, filters):
    """(SQL, params) of a crew's games under `filters`, oldest first."""
    param = flask_db.database.obj.param
    sql = template.format(p=param, revision=game_revision_sql())
    params = [crew.id]
    if filters.get("ruleset"):
        sql, params = f'{sql} AND g."ruleset" = {param}', [*params, filters["ruleset"]]
    if filters.get("from_"):
        start = datetime.datetime.combine(filters["from_"], datetime.time())
        sql, params = f'{sql} AND g."created_at" >= {param}', [*params, start]
    if filters.get("games"):  # the ratings' read of only the games after a kept replay
        marks = ", ".join([param] * len(filters["games"]))
        sql, params = f'{sql} AND cg."game_id" IN ({marks})', [*params, *filters["games"]]
    if filters.get("to") and filters["to"] < datetime.date.max:  # the last day: no end
        end = datetime.datetime.combine(filters["to"] + datetime.timedelta(days=1), datetime.time())
        sql, params = f'{sql} AND g."created_at" < {param}', [*params, end]
    return f'{sql} ORDER BY g."created_at", g."id"', params


def stats_keys(crew, filters):
    """(id, seats as JSON text, revision) of the crew's games under `filters`."""
    return flask_db.database.execute_sql(*_filtered(KEYS_SQL, crew, filters)).fetchall()


def stats_rows(crew, filters):
    """The crew's games under `filters` as [id, seats (JSON text), summary (JSON text or
    None), its revision, the game's revision, ruleset, started], oldest first."""
    rows = flask_db.database.execute_sql(*_filtered(ROWS_SQL, crew, filters))
    return [list(row) for row in rows.fetchall()]


def stats_etag(crew, filters):
    """What the statistics' ETag hashes: the crew's revision (moved on by every write to
    its roster, its games' seats and logs, a game in or out: store/crews.py), the filters,
    and the version of the summaries (a release that sums differently answers anew). No
    game is read: a read while nothing changed costs the crew's row."""
    text = f"{crew.revision or 0}|{sorted(filters.items())}|{stats.SUMMARY_VERSION}"
    return {"crew": crew.id, "digest": hashlib.sha256(text.encode()).hexdigest()}


def fresh_summaries(rows):
    """Each row's summary for its game's current revision: a cached one, or (when the game's
    log changed since, or the summary is of an older SUMMARY_VERSION) rebuilt from the hand
    log and stored for the next read."""
    for row in rows:
        if row[2] is not None:
            row[2] = orjson.loads(row[2])
    stale = [
        r for r in rows if r[2] is None or r[3] != r[4] or r[2].get("v") != stats.SUMMARY_VERSION
    ]
    if stale:
        _rebuild(stale)
    return [r[2] for r in rows]


def _rebuild(rows):
    """Summarise the stale rows' games from their hand logs and cache the summaries."""
    for row in rows:
        game = Game.by_id(row[0])
        hands = game.ordered_hands()
        summary = stats.game_summary(
            game_ruleset(game),
            [(h.body, h.result) for h in hands],
            game.start_totals,
            game.state["totals"],
            game.state["game_over"],
            game.state["winner"],
        )
        row[2], row[4] = summary, game.state.get("revision", 0)
    # One statement text for every row (peewee building an UPDATE per row took ~30 % of a
    # first read of 2,000 games), run as one pipeline on PostgreSQL.
    sql = cached_sql(
        "crewgame_summary",
        lambda p: (
            f'UPDATE "crewgame" SET "summary" = {p}, "summary_revision" = {p} WHERE "game_id" = {p}'
        ),
    )
    with write_transaction():
        run([(sql, [CrewGame.summary.db_value(r[2]), r[4], r[0]]) for r in rows])


def crew_stats(crew, filters, etag, dump):
    """The statistics of the crew's games `rows`, with players' and partnerships' names, as
    `dump` (the route's: the response schema's dump, written as the body) gives them.

    The answer is kept per worker under its ETag digest, which changes with the crew's
    revision: a repeated read reads no game (the schema's dump alone cost ~10 ms for 500
    games, writing 2,000 games' ~30 ms)."""
    build = lambda: dump(_crew_stats(crew, stats_rows(crew, filters), filters))  # noqa: E731
    return kept_answer(_RESULTS, (crew.id, etag["digest"]), build)


def kept_answer(cache, key, build):
    """The answer `cache` (a LockedLRU) keeps under `key`, or `build()`'s, kept there."""
    kept = cache.get(key)
    if kept is None:
        kept = build()
        cache.put(key, kept)
    return kept


def game_entries(rows, summaries):
    """stats.GameEntry of each row (stats_rows's) with its fresh summary, oldest first."""
    return [
        stats.GameEntry(r[0], s, tuple(orjson.loads(r[1])), (r[6], r[0]))
        for r, s in zip(rows, summaries, strict=True)
    ]


def named_players(lines, names, order):
    """{player id: line} as a list of lines with "id" and "name", sorted by `order`."""
    named = ({"id": key, "name": names.get(key, "?"), **line} for key, line in lines.items())
    return sorted(named, key=order)


def named_pairs(lines, names):
    """[(key, line)] of partnerships as lines with "key", "players" and "names"."""
    return [
        {
            "key": key,
            "players": key.split("+"),
            "names": [names.get(p, "?") for p in key.split("+")],
        }
        | line
        for key, line in lines
    ]


def _crew_stats(crew, rows, filters):
    """The statistics of `rows`, computed (crew_stats keeps them)."""
    result = stats.crew_stats(game_entries(rows, fresh_summaries(rows)))
    names = roster_names(crew)
    players = named_players(result["players"], names, lambda p: (name_key(p["name"]), p["id"]))
    partnerships = named_pairs(sorted(result["partnerships"].items()), names)
    h2h = [
        {
            **pair,
            "a_names": [names.get(p, "?") for p in pair["a"].split("+")],
            "b_names": [names.get(p, "?") for p in pair["b"].split("+")],
        }
        for pair in result["head_to_head"]
    ]
    return {
        "crew_id": crew.id,
        "games": result["games"],
        "crew": result["crew"],
        "filters": {
            "ruleset": filters.get("ruleset"),
            "from": _day(filters.get("from_")),
            "to": _day(filters.get("to")),
        },
        "players": players,
        "partnerships": partnerships,
        "head_to_head": h2h,
    }


def _day(value):
    return None if value is None else value.isoformat()


def check_filters(filters):
    """422 BAD_DATES when `from` comes after `to`."""
    start, end = filters.get("from_"), filters.get("to")
    if start and end and start > end:
        raise Invalid(f"the dates run backwards: from {start} to {end}", rule_code="BAD_DATES")
    return filters
