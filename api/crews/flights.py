"""A crew's players split into two flights by rating, A and B, as a bridge club splits its
members for two events on one night (docs/crews.md "Flights"): a read, never stored."""

import hashlib

import stats

from ..core.errors import Invalid
from ..core.names import name_key
from .ratings import current_replay
from .roster import roster_names


def flights_etag(crew, player_ids):
    """The flights' ETag: the crew's revision and the players asked about."""
    text = f"{crew.revision or 0}|{sorted(player_ids)}"
    return {"crew": crew.id, "of": "flights", "digest": hashlib.sha256(text.encode()).hexdigest()}


def crew_flights(crew, player_ids):
    """The crew's players (or only `player_ids`, those here tonight) ranked by their rating
    as shown (a player with no rated game at 0, as the ratings show a new player; level
    ratings by name), then split in half: {"crew_id", "a": [...], "b": [...],
    "provisional_games"} (one player: A alone; none: both empty). 422 NOT_ON_ROSTER for an
    id not on the crew's list."""
    names = roster_names(crew)
    wanted = list(dict.fromkeys(str(p) for p in player_ids)) if player_ids else list(names)
    if any(p not in names for p in wanted):
        raise Invalid(
            "someone asked about is not on this crew's list: add the player to the crew first",
            rule_code="NOT_ON_ROSTER",
        )
    lines = current_replay(crew).players
    ranked = sorted(
        (_line(p, names[p], lines.get(p)) for p in wanted),
        key=lambda v: (-v["rating"], name_key(v["name"]), v["id"]),
    )
    first, second = stats.flights(ranked)
    return {
        "crew_id": crew.id,
        "a": first,
        "b": second,
        "provisional_games": stats.PROVISIONAL_GAMES,  # the ratings' footnote says it too
    }


def _line(player, name, line):
    games = line.games if line else 0
    rating = stats.shown(line.rating) if games else 0.0
    return {
        "id": player,
        "name": name,
        "rating": rating,
        "games": games,
        "provisional": games < stats.PROVISIONAL_GAMES,
    }
