"""A game as JSON: the full view, the shared (read-only) view, a hand, and the ETag's data."""

from ..core.urls import share_url
from .rulesets import game_ruleset, rules_dict
from .series import match_info


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
        "time": state.get("time"),  # time called (docs/rules.md 36), with its phase
        "set_aside": game.set_aside,
        "match": match_info(game),
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
    whose host is the asker's.) The teams too: a director renames a team mid-event."""
    return {
        "id": game.id,
        "teams": game.teams,
        "state": game.state,
        "set_aside": game.set_aside,
        "share_token": game.share_token,
    }


def state_without_hands(state):
    """The GameState dict minus the per-hand results (those live on the hand rows)."""
    return {k: v for k, v in state.items() if k != "hands"}
