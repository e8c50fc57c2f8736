"""Games for the views: create, delete, share, and their JSON. No scoring arithmetic here."""

import datetime
import functools
import hashlib
import hmac
import json
import uuid

from flask import current_app, request
from peewee import IntegrityError

import rules

from . import match_play
from .auth import TOKEN_RE, hash_token, new_token
from .db import write_transaction
from .errors import abort, field_errors
from .models import Game, canonical_json, utcnow

# Knobs that only label a preset: rules.get_ruleset ignores them in overrides, so they are
# never checked, and never stored (unchecked text could make every later read fail).
LABEL_KNOBS = frozenset(("id", "name", "description"))


def naive_utc(moment, refusal="that time falls off the calendar once put in UTC", field=None):
    """An aware datetime as naive UTC, as stored (naive or None stays as it is). The first or
    last day there is, shifted by its offset, runs past the calendar (Python's OverflowError):
    that is a 422 `BAD_DATE` in the one error shape with the `refusal` words, never a 500."""
    if moment is None or moment.tzinfo is None:
        return moment
    try:
        return moment.astimezone(datetime.UTC).replace(tzinfo=None)
    except OverflowError:
        message = f"{refusal} ({moment.isoformat()})"
        abort(422, message, rule_code="BAD_DATE", errors=field and field_errors(field, message))


def iso(moment, exact=False):
    """A stored (naive UTC) time as ISO 8601 with a Z, or None: to the second, or with
    `exact` to the microsecond when it has one (an export keeps the order of games started in
    the same second, so a crew's streaks, run oldest first, survive an import)."""
    if moment is None:
        return None
    return (moment if exact else moment.replace(microsecond=0)).isoformat() + "Z"


@functools.lru_cache(maxsize=256)
def _ruleset(preset_id, overrides_json):
    """The Ruleset for a preset and its overrides (cached: Rulesets are frozen)."""
    return rules.get_ruleset(preset_id, json.loads(overrides_json) or None)


@functools.lru_cache(maxsize=256)
def rules_dict(ruleset):
    """`ruleset.to_dict()`, computed once per Ruleset (frozen, so hashable and unchanging).

    Shared between requests: callers must not change it (marshmallow's Dict dumps a copy).
    """
    return ruleset.to_dict()


def game_ruleset(game):
    """The Ruleset a stored game plays by."""
    return _ruleset(game.ruleset, canonical_json(game.overrides or {}))


def content_hash(value):
    """SHA-256 of a value's canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()


def public_url(path):
    """The absolute URL of `path` (PUBLIC_URL if set, else the URL the request came in on)."""
    base = current_app.config["PUBLIC_URL"] or request.host_url
    return f"{base.rstrip('/')}/{path}"


def share_url(token):
    """The absolute URL of a share page, or None when sharing is revoked."""
    return None if token is None else public_url(f"s/{token}")


def default_teams(ruleset):
    """Sensible team names: "Us"/"Them" for two sides, else by seat or letter."""
    sides = sorted(set(ruleset.sides))
    if len(sides) == 2:
        return [{"name": "Us", "players": []}, {"name": "Them", "players": []}]
    if len(sides) == len(ruleset.sides):
        return [{"name": f"Seat {seat + 1}", "players": []} for seat in sides]
    return [{"name": f"Team {chr(65 + side)}", "players": []} for side in sides]


def hand_view(hand):
    """A recorded hand as JSON."""
    return {"hand_no": hand.hand_no, "hand": hand.body, "result": hand.result}


def shared_view(game, hands=None):
    """The read-only view of a game (what the share token shows)."""
    hands = game.ordered_hands() if hands is None else hands
    state = game.state
    return {
        "id": game.id,
        "ruleset": game.ruleset,
        "rules": rules_dict(game_ruleset(game)),
        "teams": game.teams,
        "first_dealer": game.first_dealer,
        "start_totals": game.start_totals,
        "hands": [hand_view(h) for h in hands],
        "totals": state["totals"],
        "next_dealer": state["next_dealer"],
        "next_hand_no": state["next_hand_no"],
        "status": "over" if state["game_over"] else "live",
        "game_over": state["game_over"],
        "winner": state["winner"],
        "set_aside": game.set_aside,
        "match": match_play.match_info(game),
    }


def game_view(game, hands=None):
    """The full view of a game, for holders of its edit token."""
    return {
        **shared_view(game, hands),
        "overrides": game.overrides,
        "share_token": game.share_token,
        "share_url": share_url(game.share_token),
    }


def etag_data(game):
    """What a game's ETag hashes: the game row's id, cached state (whose `revision` every
    write to the log bumps), set-aside record and share token. Never the hands: a write
    answers with the new ETag without reading the whole log. (Not the share URL either,
    whose host is the asker's.)"""
    return {
        "id": game.id,
        "state": game.state,
        "set_aside": game.set_aside,
        "share_token": game.share_token,
    }


def state_without_hands(state):
    """The GameState dict minus the per-hand results (those live on the hand rows)."""
    return {k: v for k, v in state.items() if k != "hands"}


def replay(game, bodies):
    """rules.replay over `bodies` for `game` (RulesError: 422 naming the failing hand)."""
    ruleset = game_ruleset(game)
    return rules.replay(ruleset, bodies, game.first_dealer, game.start_totals).to_dict()


# ---- games ----


def two_team_ruleset(data, what="match", field="ruleset"):
    """The Ruleset `data` names (its "ruleset" and house "rules"), which a match needs played
    by two teams: 422 MATCH_NEEDS_TWO_TEAMS says "a `what` is between two teams" otherwise
    (naming `field` in `errors`, if given); RulesError for an unknown ruleset or a bad rule."""
    ruleset = rules.get_ruleset(data["ruleset"], data.get("rules") or None)
    sides = len(set(ruleset.sides))
    if sides != 2:
        abort(
            422,
            f"a {what} is between two teams, and {ruleset.name} is played by {sides} sides",
            rule_code="MATCH_NEEDS_TWO_TEAMS",
            errors=field and field_errors(field, f"a {what} needs a ruleset with two sides"),
        )
    return ruleset


def _check_game_shape(data, ruleset):
    """Teams, first dealer and start totals must fit the ruleset; abort 422 if not."""
    n_sides = len(set(ruleset.sides))
    if len(data["teams"]) != n_sides:
        abort(
            422,
            f"{ruleset.name} is played by {n_sides} sides, so name {n_sides} teams, "
            f"not {len(data['teams'])}",
            rule_code="BAD_INPUT",
            errors=field_errors("teams", f"give exactly {n_sides} teams"),
        )
    if data["first_dealer"] >= ruleset.players:
        abort(
            422,
            f"there is no seat {data['first_dealer']} at a {ruleset.players}-player "
            f"table: seats run 0 to {ruleset.players - 1}",
            rule_code="SEAT_OUT_OF_RANGE",
            errors=field_errors("first_dealer", "no such seat"),
        )
    totals = data.get("start_totals")
    if totals is not None and len(totals) != n_sides:
        abort(
            422,
            f"give one starting score per side ({n_sides}), not {len(totals)}",
            rule_code="BAD_INPUT",
            errors=field_errors("start_totals", f"give exactly {n_sides} numbers"),
        )


def create_game(data):
    """Create a game, or return the same game when this exact create is replayed (409 if not).

    Raises RulesError (422) for an unknown ruleset or a bad override.
    """
    game_id = str(data.pop("id", None) or uuid.uuid4())
    token = data.pop("edit_token", None)
    ruleset = rules.get_ruleset(data["ruleset"], data.get("rules") or None)
    if data.get("rules"):  # store only the knobs rules/ checked (it ignores the labels)
        data["rules"] = {k: v for k, v in data["rules"].items() if k not in LABEL_KNOBS}
    data.setdefault("teams", default_teams(ruleset))
    _check_game_shape(data, ruleset)
    fingerprint = content_hash(data)
    existing = Game.get_or_none(Game.id == game_id)
    if existing is None:
        token = token or new_token()
        existing = _insert_game(game_id, data, ruleset, fingerprint, token)
    same_token = token is not None and hmac.compare_digest(
        existing.edit_token_hash, hash_token(token)
    )
    if not same_token or existing.content_hash != fingerprint:
        abort(
            409,
            "a game with this id already exists, started with another edit token or other settings",
            rule_code="GAME_EXISTS",
        )
    return {**game_view(existing), "edit_token": token}


def _insert_game(game_id, data, ruleset, fingerprint, token):
    """Insert the game row; on a race with the same id, return the row that won."""
    state = rules.replay(ruleset, [], data["first_dealer"], data.get("start_totals")).to_dict()
    try:
        with write_transaction():
            return Game.create(
                id=game_id,
                ruleset=data["ruleset"],
                overrides=data.get("rules") or {},
                teams=data["teams"],
                first_dealer=data["first_dealer"],
                start_totals=data.get("start_totals"),
                content_hash=fingerprint,
                edit_token_hash=hash_token(token),
                share_token=new_token(16),
                state=state_without_hands(state),
            )
    except IntegrityError:
        existing = Game.get_or_none(Game.id == game_id)
        if existing is None:  # the edit token belongs to another game
            abort(
                409, "this edit token is already in use by another game", rule_code="TOKEN_IN_USE"
            )
        return existing


def delete_game(game):
    """Delete a game with its hands and keys; a game of a match is refused (409): the match's
    score and game numbers are read from its games."""
    from . import live

    if game.match_id is not None:
        abort(
            409,
            f"this is game {game.match_game_no} of a match: its games stay, so the "
            "match score stays right",
            rule_code="GAME_IN_MATCH",
        )
    with write_transaction():
        Game.delete().where(Game.id == game.id).execute()
        live.notify(game.id)
    live.changed(game.id)


def set_share(game_id, action):
    """Rotate (new token) or revoke (none) the share link; returns the new link. The game's
    revision moves on (its ETag changes with the token), so editor streams see the change."""
    from . import live

    with write_transaction():
        game = locked_game(game_id)
        game.share_token = new_token(16) if action == "rotate" else None
        game.state = {**game.state, "revision": game.state.get("revision", 0) + 1}
        game.updated_at = utcnow()
        game.save()
        live.notify(game.id)
    live.changed(game.id)
    return {"share_token": game.share_token, "share_url": share_url(game.share_token)}


def find_shared(token):
    """(game, hands) behind a share token, or (None, []) if there is none (or it was revoked).

    A token that cannot be one (a NUL, anything but url-safe base64) is never looked up:
    PostgreSQL refuses a NUL in text outright, which would be a 500 instead of a 404."""
    if not TOKEN_RE.fullmatch(token):
        return None, []
    return Game.shared(token)


def shared_game(token):
    """(game, hands) behind a share token; 404 if there is none (or it was revoked)."""
    game, hands = find_shared(token)
    if game is None:
        abort(
            404,
            "no game is shared under this link (it may have been turned off or "
            "replaced by a new one)",
            rule_code="NOT_FOUND",
        )
    return game, hands


def locked_game(game_id):
    """Lock the game row for this write transaction; 404 if it was deleted meanwhile."""
    game = Game.locked(str(game_id))
    if game is None:
        abort(404, "this game is gone: it was deleted", rule_code="NOT_FOUND")
    return game
