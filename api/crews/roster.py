"""A crew's token, its roster of players, and the games that join it with their seats."""

import uuid
from contextlib import contextmanager

from peewee import IntegrityError, fn

from ..core.access import match_with_token, require_holder, token_opens
from ..core.errors import Conflict, Invalid, NotFound, Refusal
from ..core.names import clean_name, name_key
from ..core.times import iso
from ..core.tokens import hash_token, new_token
from ..core.urls import public_url
from ..games.rulesets import game_ruleset
from ..store.base import utcnow
from ..store.crews import Crew, CrewGame, CrewPlayer
from ..store.db import write_transaction
from ..store.games import Game


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


def roster_names(crew):
    """{player id: name} of the crew's roster."""
    return {
        p.id: p.name
        for p in CrewPlayer.select(CrewPlayer.id, CrewPlayer.name).where(CrewPlayer.crew == crew.id)
    }


@contextmanager
def same_moment_conflict():
    """409 CONFLICT for a unique key broken by another request in the same moment (on
    PostgreSQL two transactions can both find a name free, and the index refuses the second)."""
    try:
        yield
    except IntegrityError:
        raise Conflict(
            "another phone changed this crew at the same moment: load the crew again and check",
            rule_code="CONFLICT",
        ) from None


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
        "attached_at": iso(row.attached_at),
    }


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
            raise Conflict(
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
        raise Conflict(
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
            raise NotFound("this crew has no such player", rule_code="NOT_FOUND")
        _refuse_taken_name(crew, name, except_id=player.id)
        player.name, player.name_key = name, name_key(name)
        player.save()
        _touch(crew)
    return {"id": player.id, "name": player.name}


def _touch(crew):
    """Move the crew's updated_at and revision on (its ETag, and its statistics' and
    ratings', change)."""
    crew.updated_at, crew.revision = utcnow(), (crew.revision or 0) + 1
    (
        Crew.update(updated_at=crew.updated_at, revision=fn.COALESCE(Crew.revision, 0) + 1)
        .where(Crew.id == crew.id)
        .execute()
    )


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
        raise Invalid(
            f"this game has {players} seats, so name {players} players (or leave a "
            f"seat empty), not {len(seats)}",
            rule_code="SEATS_COUNT",
        )
    named = [str(s) for s in seats if s is not None]
    if len(set(named)) != len(named):
        raise Invalid(
            "the same player can't sit in two seats of one game", rule_code="PLAYER_TWICE"
        )
    if set(named) - set(known):
        raise Invalid(
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
        raise NotFound("there is no such game: it may have been deleted", rule_code="NOT_FOUND")
    token = data["game_token"]
    if not (
        token_opens(game.edit_token_hash, token)
        or (game.match_id and match_with_token(token, game.match_id))
    ):
        raise Refusal(
            403,
            "that is not this game's edit token: only a phone keeping the game's score "
            "can put it in a crew",
            rule_code="WRONG_TOKEN",
        )
    seats = check_seats(crew, game, data["seats"])
    with same_moment_conflict(), write_transaction():
        row = CrewGame.get_or_none(CrewGame.game == game.id)
        if row is not None and row.crew_id != crew.id:
            raise Conflict(
                "this game already belongs to another crew", rule_code="GAME_IN_OTHER_CREW"
            )
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
            raise NotFound("this game is not one of this crew's games", rule_code="NOT_FOUND")
        _touch(crew)


def reseat_game(game, data):
    """Change who sat where in a crew's game (the game's edit token); 409 NOT_IN_CREW."""
    row = CrewGame.get_or_none(CrewGame.game == game.id)
    if row is None:
        raise Conflict(
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
            raise Conflict(
                "this game was just taken out of its crew or moved to another: load the "
                "crew again and seat the players there",
                rule_code="NOT_IN_CREW",
            )
        _touch(crew)
    row.seat_players = seats
    return crew_game_view(row, crew.id)
