"""A crew's ratings: its games' summaries (cached per game revision by crews/stats.py) replayed
in order by stats/ratings.py on every change, never stored (docs/crews.md "Ratings")."""

import stats

from ..core.lru import LockedLRU
from .roster import roster_names
from .stats import (
    fresh_summaries,
    game_entries,
    kept_answer,
    named_pairs,
    named_players,
    stats_etag,
    stats_keys,
    stats_rows,
)

RESULTS_KEPT = 64
FEW_NEW_GAMES = 200  # up to this many new games are read by id; more, the whole list

_RESULTS = LockedLRU(RESULTS_KEPT)  # (crew id, ratings ETag digest) -> the written ratings
# crew id -> (the keys of the games it took in, through the last finished one; its
# stats.Replay; {rated game id: day}): a read whose games begin with those same keys replays
# only the games after them, from a copy. Nothing here is a second truth: a kept replay is
# the replay of exactly the logs its keys name (each key holds the game's revision).
_REPLAYS = LockedLRU(RESULTS_KEPT)


def ratings_keys(crew):
    """(id, seats as JSON text, revision) of every game of the crew, oldest first."""
    return stats_keys(crew, {})


def ratings_etag(crew):
    """The ratings' ETag: what the statistics' hashes for the whole history (the crew's
    revision), marked as the ratings'."""
    return {**stats_etag(crew, {}), "of": "ratings"}


def crew_ratings(crew, etag, dump):
    """The crew's ratings as `dump` (the route's: the schema's dump, written) gives them,
    kept per worker under the ETag's digest: a read while nothing changed reads no game.
    A read after a change reads the list of games and replays the whole history (about 1 s
    for 2,000 games on a busy 2-core machine, bench/crew_stats --club), unless every game
    the kept replay took in is unchanged: then only the games after them (_replayed)."""
    build = lambda: dump(_crew_ratings(crew, ratings_keys(crew)))  # noqa: E731
    return kept_answer(_RESULTS, (crew.id, etag["digest"]), build)


def current_replay(crew):
    """The stats.Replay of every game of the crew as they are now (event seeding by rating
    reads it: api/crews/seeding.py)."""
    return _replayed(crew, ratings_keys(crew))[0]


def _replayed(crew, keys):
    """(stats.Replay of the crew's games named by `keys`, {rated game id: day}), going on
    from the kept replay when the games begin with the ones it took in."""
    keys = [tuple(key) for key in keys]
    kept = _REPLAYS.get(crew.id)
    start, days, taken = None, {}, 0
    if kept is not None and tuple(keys[: len(kept[0])]) == kept[0]:
        start, days, taken = kept[1], dict(kept[2]), len(kept[0])
    new = [key[0] for key in keys[taken:]]
    read = {"games": new} if start is not None and len(new) <= FEW_NEW_GAMES else {}
    wanted = set(new)
    rows = [row for row in (stats_rows(crew, read) if new else []) if row[0] in wanted]
    summaries = fresh_summaries(rows)
    done = stats.replay(game_entries(rows, summaries), start)
    days.update((r[0], _day(r[6])) for r in rows)
    at = {key[0]: index for index, key in enumerate(keys)}
    finished = [at[r[0]] + 1 for r, s in zip(rows, summaries, strict=True) if s["over"]]
    _REPLAYS.put(crew.id, (tuple(keys[: max([taken, *finished])]), done, days))
    return done, days


def _crew_ratings(crew, keys):
    """The ratings of all the crew's games, with players' and partners' names."""
    done, days = _replayed(crew, keys)
    result = stats.ratings_view(done)
    names = roster_names(crew)
    players = named_players(
        result["players"],
        names,
        lambda p: (p["provisional"], -p["rating"], p["name"].casefold(), p["id"]),
    )
    partnerships = sorted(
        named_pairs(result["partnerships"].items(), names), key=lambda p: (-p["chance"], p["key"])
    )
    return {
        "crew_id": crew.id,
        "provisional_games": stats.PROVISIONAL_GAMES,
        "average": result["average"],
        "rated_games": [{"id": game_id, "day": days[game_id]} for game_id in result["rated_games"]],
        "players": players,
        "partnerships": partnerships,
    }


def _day(started):
    """The day (YYYY-MM-DD) a game started; SQLite may hand back its text."""
    return started.date().isoformat() if hasattr(started, "date") else str(started)[:10]
