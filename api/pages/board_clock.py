"""The round clock on the board (docs/tournaments.md "The round clock"): each table's time
left, as the server sees it when it draws the page; the board's script counts it down each
second from the deadline (api/static/board-live.js), so nothing is sent each second."""

import math

from .board_side import parse_time

# What the board says once the director has called time at a table, by the engine's phase
PHASE_WORDS = {
    "finish_hand": "Time! Finishing the hand",
    "one_more_hand": "Level: one more hand",
}


def left_words(seconds):
    """ "12:05 left" for the seconds to go (never below 0:00), or "Time is up" at 0."""
    if seconds <= 0:
        return "Time is up"
    seconds = math.ceil(seconds)
    return f"{seconds // 60}:{seconds % 60:02d} left"


def board_clocks(view, now):
    """{table: {deadline, words, called}} of the games under way, from the public view's
    `clocks`: an event without a time limit shows none, unless time was called anyway."""
    out = {}
    for clock in view.get("clocks") or []:
        called = clock["time"] is not None
        words = PHASE_WORDS.get(clock["time"]["phase"]) if called else None
        deadline = parse_time(clock["deadline"])
        if words is None and deadline is None:
            continue
        out[clock["table"]] = {
            "deadline": None if called else clock["deadline"],
            "words": words or left_words((deadline - now).total_seconds()),
            "called": called,
        }
    return out
