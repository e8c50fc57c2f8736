"""Statistics of a crew's games, derived from their hand logs (standard library and rules/ only).

`game_summary` folds one game's hand log (each hand as the table entered it and as rules/
scored it) into counters by seat and by side; `crew_stats` adds the summaries of many games up
by player, partnership and crew, with head-to-head and streaks. Nothing here is a second
truth: a summary is a pure function of the current log, rebuilt whenever the log changes.
`crew_ratings` replays
the finished games in order through openskill into ratings (stats/ratings.py).
"""

from .aggregate import GameEntry, crew_stats, player_key
from .ratings import (
    PROVISIONAL_GAMES,
    Replay,
    crew_ratings,
    flights,
    pair_chance,
    ratings_view,
    replay,
    shown,
)
from .summary import LEVELS, SEAT_FIELDS, SIDE_FIELDS, SUMMARY_VERSION, game_summary

__all__ = [
    "LEVELS",
    "PROVISIONAL_GAMES",
    "Replay",
    "SEAT_FIELDS",
    "SIDE_FIELDS",
    "SUMMARY_VERSION",
    "GameEntry",
    "crew_ratings",
    "crew_stats",
    "flights",
    "game_summary",
    "pair_chance",
    "player_key",
    "ratings_view",
    "replay",
    "shown",
]
