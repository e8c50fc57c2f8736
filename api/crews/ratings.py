"""A crew's ratings: its games' summaries (cached per game revision by crews/stats.py) replayed
in order by stats/ratings.py on every change, never stored (docs/crews.md "Ratings")."""

import orjson

import stats

from ..core.lru import LockedLRU
from ..store.crews import CrewPlayer
from .stats import fresh_summaries, stats_etag, stats_keys, stats_rows

RESULTS_KEPT = 64

_RESULTS = LockedLRU(RESULTS_KEPT)  # (crew id, ratings ETag digest) -> the dumped ratings


def ratings_keys(crew):
    """(id, seats as JSON text, last change) of every game of the crew, oldest first."""
    return stats_keys(crew, {})


def ratings_etag(crew, keys):
    """The ratings' ETag: what the statistics' hashes for the whole history (the roster's
    last change, each game's id, seats and last change), marked as the ratings'."""
    return {**stats_etag(crew, keys, {}), "of": "ratings"}


def crew_ratings(crew, etag, dump):
    """The crew's ratings as `dump` (the response schema's) gives them, kept per worker under
    the ETag's digest: a read while nothing changed only reads the list of games and hashes
    it; a read after a change replays the whole history (a few ms a hundred games)."""
    key = (crew.id, etag["digest"])
    kept = _RESULTS.get(key)
    if kept is not None:
        return kept
    result = dump(_crew_ratings(crew))
    _RESULTS.put(key, result)
    return result


def _crew_ratings(crew):
    """The ratings of all the crew's games, with players' and partners' names."""
    rows = stats_rows(crew, {})
    summaries = fresh_summaries(rows)
    entries = [
        stats.GameEntry(r[0], s, tuple(orjson.loads(r[1])), (r[6], r[0]))
        for r, s in zip(rows, summaries, strict=True)
    ]
    result = stats.crew_ratings(entries)
    names = {
        p.id: p.name
        for p in CrewPlayer.select(CrewPlayer.id, CrewPlayer.name).where(CrewPlayer.crew == crew.id)
    }
    started = {r[0]: r[6] for r in rows}
    players = sorted(
        (
            {"id": key, "name": names.get(key, "?"), **line}
            for key, line in result["players"].items()
        ),
        key=lambda p: (p["provisional"], -p["rating"], p["name"].casefold(), p["id"]),
    )
    partnerships = sorted(
        (
            {
                "key": key,
                "players": key.split("+"),
                "names": [names.get(p, "?") for p in key.split("+")],
                **pair,
            }
            for key, pair in result["partnerships"].items()
        ),
        key=lambda p: (-p["chance"], p["key"]),
    )
    return {
        "crew_id": crew.id,
        "provisional_games": stats.PROVISIONAL_GAMES,
        "average": result["average"],
        "rated_games": [
            {"id": game_id, "day": _day(started[game_id])} for game_id in result["rated_games"]
        ],
        "players": players,
        "partnerships": partnerships,
    }


def _day(started):
    """The day (YYYY-MM-DD) a game started; SQLite may hand back its text."""
    return started.date().isoformat() if hasattr(started, "date") else str(started)[:10]
