"""A game's writes (create, delete, share) and the lookups of a shared or a locked game. No
scoring arithmetic here: that is rules's."""

import hashlib
import uuid

from peewee import IntegrityError

import rules

from ..core.access import token_opens
from ..core.errors import Conflict, NotFound
from ..core.tokens import TOKEN_RE, hash_token, new_token
from ..core.urls import share_url
from ..live import hub
from ..store.base import canonical_json, utcnow
from ..store.crews import move_crews
from ..store.db import write_transaction
from ..store.games import Game
from .rulesets import LABEL_KNOBS, check_game_shape, default_teams, game_ruleset
from .views import game_view, state_without_hands


def content_hash(value):
    """SHA-256 of a value's canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()


def replay(game, bodies):
    """rules.replay over `bodies` for `game` (RulesError: 422 naming the failing hand)."""
    ruleset = game_ruleset(game)
    return rules.replay(ruleset, bodies, game.first_dealer, game.start_totals).to_dict()


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
    check_game_shape(data, ruleset)
    fingerprint = content_hash(data)
    existing = Game.get_or_none(Game.id == game_id)
    if existing is None:
        token = token or new_token()
        existing = _insert_game(game_id, data, ruleset, fingerprint, token)
    same_token = token is not None and token_opens(existing.edit_token_hash, token)
    if not same_token or existing.content_hash != fingerprint:
        raise Conflict(
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
            raise Conflict(
                "this edit token is already in use by another game", rule_code="TOKEN_IN_USE"
            ) from None
        return existing


def delete_game(game):
    """Delete a game with its hands and keys; a game of a match is refused (409): the match's
    score and game numbers are read from its games."""
    if game.match_id is not None:
        raise Conflict(
            f"this is game {game.match_game_no} of a match: its games stay, so the "
            "match score stays right",
            rule_code="GAME_IN_MATCH",
        )
    with write_transaction():
        move_crews([game.id])
        Game.delete().where(Game.id == game.id).execute()
        hub.notify(game.id)
    hub.changed(game.id)


def set_share(game_id, action):
    """Rotate (new token) or revoke (none) the share link; returns the new link. The game's
    revision moves on (its ETag changes with the token), so editor streams see the change."""
    with write_transaction():
        game = locked_game(game_id)
        game.share_token = new_token(16) if action == "rotate" else None
        game.state = {**game.state, "revision": game.state.get("revision", 0) + 1}
        game.updated_at = utcnow()
        game.save()
        hub.notify(game.id)
    hub.changed(game.id)
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
        raise NotFound(
            "no game is shared under this link (it may have been turned off or "
            "replaced by a new one)",
            rule_code="NOT_FOUND",
        )
    return game, hands


def locked_game(game_id):
    """Lock the game row for this write transaction; 404 if it was deleted meanwhile."""
    game = Game.locked(str(game_id))
    if game is None:
        raise NotFound("this game is gone: it was deleted", rule_code="NOT_FOUND")
    return game
