"""Crews for the views: tokens, roster, games joining a crew, and their statistics (the
arithmetic is stats/'s; this module reads and caches the per-game summaries)."""

import datetime
import hashlib
import hmac
import unicodedata
import uuid
from contextlib import contextmanager

import orjson
from peewee import IntegrityError

import stats

from .auth import hash_token, match_with_token, new_token, require_holder
from .db import flask_db, is_sqlite, write_transaction
from .errors import abort
from .logic import game_ruleset, public_url
from .lru import LockedLRU
from .models import Crew, CrewGame, CrewPlayer, Game, utcnow


def require_crew(crew_id):
    """The crew `crew_id` if the request carries its token; else 401, 403 (a game's edit or
    share token, another crew's token) or 404 (auth.require_holder)."""
    return require_holder(
        Crew,
        crew_id,
        "token_hash",
        "only this crew's phones can do that: open the crew's join link on this "
        "phone first (it carries the crew's token)",
        "there is no such crew",
        "this token does not open this crew: it belongs to a game, or to another crew",
    )


def join_url(crew_id, token):
    """The crew's join link: the PWA's crew-join screen, the token in the fragment."""
    return public_url(f"#/crew-join/{crew_id}/{token}")


def name_key(name):
    """A name folded for comparing: case, accents' composition and inner spaces ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())[:40]


def clean_name(name, what):
    """`name` trimmed, with its inner spaces single; 422 BAD_NAME if nothing readable is left."""
    cleaned = " ".join(name.split())
    if not cleaned or any(unicodedata.category(ch)[0] == "C" for ch in cleaned):
        abort(
            422,
            f"{what} needs a name of letters, digits or signs you can read: {name!r} is not one",
            rule_code="BAD_NAME",
        )
    return cleaned


@contextmanager
def same_moment_conflict():
    """409 CONFLICT for a unique key broken by another request in the same moment (on
    PostgreSQL two transactions can both find a name free, and the index refuses the second)."""
    try:
        yield
    except IntegrityError:
        abort(
            409,
            "another phone changed this crew at the same moment: load the crew again and check",
            rule_code="CONFLICT",
        )


# ---- the crew and its roster ----


def create_crew(data):
    """A new crew and its token (returned this once)."""
    token = new_token()
    with write_transaction():
        crew = Crew.create(
            id=str(uuid.uuid4()),
            name=clean_name(data["name"], "A crew"),
            token_hash=hash_token(token),
        )
    return {**crew_view(crew), "token": token, "join_url": join_url(crew.id, token)}


def crew_view(crew):
    """The crew, its roster (by name) and its games (oldest first)."""
    players = (
        CrewPlayer.select(CrewPlayer.id, CrewPlayer.name)
        .where(CrewPlayer.crew == crew.id)
        .order_by(CrewPlayer.name_key, CrewPlayer.id)
    )
    games = (
        CrewGame.select(CrewGame.game, CrewGame.seat_players, CrewGame.attached_at)
        .where(CrewGame.crew == crew.id)
        .order_by(CrewGame.attached_at, CrewGame.game)
    )
    return {
        "id": crew.id,
        "name": crew.name,
        "players": [{"id": p.id, "name": p.name} for p in players],
        "games": [crew_game_view(g, crew.id) for g in games],
    }


def crew_game_view(row, crew_id):
    """A CrewGame row as JSON."""
    return {
        "game_id": row.game_id,
        "crew_id": crew_id,
        "seats": row.seat_players,
        "attached_at": row.attached_at,
    }


def crew_etag(crew):
    """What the crew's ETag hashes: the crew row and its roster and games."""
    return crew_view(crew) | {"updated_at": crew.updated_at.isoformat()}


def rename_crew(crew, data):
    """Give the crew a new name."""
    crew.name, crew.updated_at = clean_name(data["name"], "A crew"), utcnow()
    with write_transaction():
        Crew.update(name=crew.name, updated_at=crew.updated_at).where(Crew.id == crew.id).execute()
    return crew_view(crew)


def add_player(crew, data):
    """(player, 201) for a new roster player, (player, 200) for the same id and name again.

    409 PLAYER_ID_TAKEN when the id names another player, NAME_TAKEN when another player of
    the crew has the name already (the phone can offer that player instead: `player`)."""
    player_id, name = str(data["id"]), clean_name(data["name"], "A player")
    with same_moment_conflict(), write_transaction():
        found = CrewPlayer.get_or_none(CrewPlayer.id == player_id)
        if found is not None:
            if found.crew_id == crew.id and found.name == name:
                return {"id": found.id, "name": found.name}, 200
            abort(
                409,
                f"this player was already added as {found.name!r}: a new player needs a new id",
                rule_code="PLAYER_ID_TAKEN",
            )
        _refuse_taken_name(crew, name)
        CrewPlayer.create(id=player_id, crew=crew.id, name=name, name_key=name_key(name))
        _touch(crew)
    return {"id": player_id, "name": name}, 201


def _refuse_taken_name(crew, name, except_id=None):
    """409 NAME_TAKEN if another player of the crew goes by `name` (folded)."""
    query = CrewPlayer.select().where(
        (CrewPlayer.crew == crew.id) & (CrewPlayer.name_key == name_key(name))
    )
    if except_id is not None:
        query = query.where(CrewPlayer.id != except_id)
    taken = query.first()
    if taken is not None:
        abort(
            409,
            f"{taken.name} is already on this crew's list: pick {taken.name}, or tell "
            f"the two apart (say {name} B.)",
            rule_code="NAME_TAKEN",
            player={"id": taken.id, "name": taken.name},
        )


def rename_player(crew, player_id, data):
    """Give a roster player a new name (409 NAME_TAKEN if another player has it)."""
    name = clean_name(data["name"], "A player")
    with same_moment_conflict(), write_transaction():
        player = CrewPlayer.get_or_none(
            (CrewPlayer.id == str(player_id)) & (CrewPlayer.crew == crew.id)
        )
        if player is None:
            abort(404, "this crew has no such player", rule_code="NOT_FOUND")
        _refuse_taken_name(crew, name, except_id=player.id)
        player.name, player.name_key = name, name_key(name)
        player.save()
        _touch(crew)
    return {"id": player.id, "name": player.name}


def _touch(crew):
    """Move the crew's updated_at on (its ETag and its statistics' ETag change)."""
    crew.updated_at = utcnow()
    Crew.update(updated_at=crew.updated_at).where(Crew.id == crew.id).execute()


# ---- games of a crew ----


def check_seats(crew, game, seats):
    """`seats` as a list of player ids or None, one per seat of `game`; 422 if it does not
    fit the table or names a player twice or one who is not on the crew's roster."""
    named = [str(s) for s in seats if s is not None]
    known = {
        p
        for (p,) in CrewPlayer.select(CrewPlayer.id)
        .where((CrewPlayer.crew == crew.id) & (CrewPlayer.id.in_(named)))
        .tuples()
    }
    return check_seats_shape(game_ruleset(game).players, seats, known)


def check_seats_shape(players, seats, known):
    """`seats` as player ids or None, checked against a table of `players` seats and the
    roster's ids `known` (422 SEATS_COUNT, PLAYER_TWICE, NOT_ON_ROSTER); the import checks a
    crew's file with it too."""
    if len(seats) != players:
        abort(
            422,
            f"this game has {players} seats, so name {players} players (or leave a "
            f"seat empty), not {len(seats)}",
            rule_code="SEATS_COUNT",
        )
    named = [str(s) for s in seats if s is not None]
    if len(set(named)) != len(named):
        abort(422, "the same player can't sit in two seats of one game", rule_code="PLAYER_TWICE")
    if set(named) - set(known):
        abort(
            422,
            "a seat names someone who is not on this crew's list: add the player to the crew first",
            rule_code="NOT_ON_ROSTER",
        )
    return [None if s is None else str(s) for s in seats]


def attach_game(crew, game_id, data):
    """Put a game in the crew (or change who sat where): (view, 201 or 200).

    The game's own edit token (or its match's) must come in the body; 403 if it is not that,
    404 if there is no such game, 409 GAME_IN_OTHER_CREW."""
    game = Game.by_id(str(game_id))
    if game is None:
        abort(404, "there is no such game: it may have been deleted", rule_code="NOT_FOUND")
    token = data["game_token"]
    if not (
        hmac.compare_digest(game.edit_token_hash, hash_token(token))
        or (game.match_id and match_with_token(token, game.match_id))
    ):
        abort(
            403,
            "that is not this game's edit token: only a phone keeping the game's score "
            "can put it in a crew",
            rule_code="WRONG_TOKEN",
        )
    seats = check_seats(crew, game, data["seats"])
    with same_moment_conflict(), write_transaction():
        row = CrewGame.get_or_none(CrewGame.game == game.id)
        if row is not None and row.crew_id != crew.id:
            abort(409, "this game already belongs to another crew", rule_code="GAME_IN_OTHER_CREW")
        if row is None:
            row = CrewGame.create(game=game.id, crew=crew.id, seat_players=seats)
            status = 201
        else:
            row.seat_players, status = seats, 200
            row.save()
        _touch(crew)
    return crew_game_view(row, crew.id), status


def detach_game(crew, game_id):
    """Take a game out of the crew (the game itself stays); 404 if it is not the crew's."""
    with write_transaction():
        deleted = (
            CrewGame.delete()
            .where((CrewGame.game == str(game_id)) & (CrewGame.crew == crew.id))
            .execute()
        )
        if not deleted:
            abort(404, "this game is not one of this crew's games", rule_code="NOT_FOUND")
        _touch(crew)


def reseat_game(game, data):
    """Change who sat where in a crew's game (the game's edit token); 409 NOT_IN_CREW."""
    row = CrewGame.get_or_none(CrewGame.game == game.id)
    if row is None:
        abort(
            409,
            "this game is not in a crew: put it in one first (from the crew)",
            rule_code="NOT_IN_CREW",
        )
    crew = Crew.get_by_id(row.crew_id)
    seats = check_seats(crew, game, data["seats"])
    with write_transaction():
        # Only the seats, and only while the game is still in the crew the seats were checked
        # against: a detach or a move to another crew in between is never undone.
        changed = (
            CrewGame.update(seat_players=seats)
            .where((CrewGame.game == game.id) & (CrewGame.crew == row.crew_id))
            .execute()
        )
        if not changed:
            abort(
                409,
                "this game was just taken out of its crew or moved to another: load the "
                "crew again and seat the players there",
                rule_code="NOT_IN_CREW",
            )
        _touch(crew)
    row.seat_players = seats
    return crew_game_view(row, crew.id)


# ---- statistics ----

# What a statistics read always runs: each game's id, seats and last change, for the ETag.
# `updated_at` is set by every write to a game's log (Game.state_update), in the same
# statement that moves its revision on.
KEYS_SQL = (
    'SELECT cg."game_id", cg."seat_players", g."updated_at" FROM "crewgame" AS cg '
    'JOIN "game" AS g ON g."id" = cg."game_id" WHERE cg."crew_id" = {p}'
)
# What a read that must sum again runs: the cached summaries, and the game's revision read
# by the database from its cached state (so nothing parses the state here).
ROWS_SQL = (
    'SELECT cg."game_id", cg."seat_players", cg."summary", cg."summary_revision", {revision}, '
    'g."ruleset", g."created_at" FROM "crewgame" AS cg JOIN "game" AS g ON g."id" = cg."game_id" '
    'WHERE cg."crew_id" = {p}'
)
REVISION_SQL = {
    True: "COALESCE(json_extract(g.\"state\", '$.revision'), 0)",
    False: "COALESCE((g.\"state\"::json->>'revision')::bigint, 0)",
}
RESULTS_KEPT = 64
_RESULTS = LockedLRU(RESULTS_KEPT)  # (crew id, stats ETag digest) -> statistics


def _filtered(template, crew, filters):
    """(SQL, params) of a crew's games under `filters`, oldest first."""
    param = flask_db.database.obj.param
    sql = template.format(p=param, revision=REVISION_SQL[is_sqlite()])
    params = [crew.id]
    if filters.get("ruleset"):
        sql, params = f'{sql} AND g."ruleset" = {param}', [*params, filters["ruleset"]]
    if filters.get("from_"):
        start = datetime.datetime.combine(filters["from_"], datetime.time())
        sql, params = f'{sql} AND g."created_at" >= {param}', [*params, start]
    if filters.get("to") and filters["to"] < datetime.date.max:  # the last day: no end
        end = datetime.datetime.combine(filters["to"] + datetime.timedelta(days=1), datetime.time())
        sql, params = f'{sql} AND g."created_at" < {param}', [*params, end]
    return f'{sql} ORDER BY g."created_at", g."id"', params


def stats_keys(crew, filters):
    """(id, seats as JSON text, last change) of the crew's games under `filters`."""
    return flask_db.database.execute_sql(*_filtered(KEYS_SQL, crew, filters)).fetchall()


def stats_rows(crew, filters):
    """The crew's games under `filters` as [id, seats (JSON text), summary (JSON text or
    None), its revision, the game's revision, ruleset, started], oldest first."""
    rows = flask_db.database.execute_sql(*_filtered(ROWS_SQL, crew, filters))
    return [list(row) for row in rows.fetchall()]


def stats_etag(crew, keys, filters):
    """What the statistics' ETag hashes: the roster's last change, the filters, and each
    game's id, seats and last change (a summary is a function of the game's log)."""
    digest = hashlib.sha256()
    digest.update(f"{crew.updated_at.isoformat()}|{sorted(filters.items())}".encode())
    digest.update(
        "\n".join(f"{game_id}|{seats}|{changed}" for game_id, seats, changed in keys).encode()
    )
    return {"crew": crew.id, "digest": digest.hexdigest()}


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
    with write_transaction():
        for row in rows:
            (
                CrewGame.update(summary=row[2], summary_revision=row[4])
                .where(CrewGame.game == row[0])
                .execute()
            )


def crew_stats(crew, filters, etag, dump):
    """The statistics of the crew's games `rows`, with players' and partnerships' names, as
    `dump` (the response schema's) gives them.

    The answer is kept per worker under its ETag digest, which changes with every game's
    revision and seats and with the roster: a repeated read only reads the rows and hashes
    them (the schema's dump alone cost ~10 ms for 500 games)."""
    key = (crew.id, etag["digest"])
    kept = _RESULTS.get(key)
    if kept is not None:
        return kept
    result = dump(_crew_stats(crew, stats_rows(crew, filters), filters))
    _RESULTS.put(key, result)
    return result


def _crew_stats(crew, rows, filters):
    """The statistics of `rows`, computed (crew_stats keeps them)."""
    summaries = fresh_summaries(rows)
    entries = [
        stats.GameEntry(r[0], s, tuple(orjson.loads(r[1])), (r[6], r[0]))
        for r, s in zip(rows, summaries, strict=True)
    ]
    result = stats.crew_stats(entries)
    names = {
        p.id: p.name
        for p in CrewPlayer.select(CrewPlayer.id, CrewPlayer.name).where(CrewPlayer.crew == crew.id)
    }
    players = sorted(
        (
            {"id": key, "name": names.get(key, "?"), **line}
            for key, line in result["players"].items()
        ),
        key=lambda p: (name_key(p["name"]), p["id"]),
    )
    partnerships = [
        {
            "key": key,
            "players": key.split("+"),
            "names": [names.get(p, "?") for p in key.split("+")],
            **line,
        }
        for key, line in sorted(result["partnerships"].items())
    ]
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
        abort(422, f"the dates run backwards: from {start} to {end}", rule_code="BAD_DATES")
    return filters
