"""The round clock on the board (docs/tournaments.md "The round clock"; api/pages/
board_clock.py): each table's time left as drawn, and once time is called, what the table
does (docs/rules.md 36-37)."""

import datetime

from api.pages.board_clock import board_clocks, left_words
from api.pages.board_measure import card_height, dense_card_height

NOW = datetime.datetime(2026, 11, 23, 17, 0, tzinfo=datetime.UTC)


def clock(table, deadline, phase=None):
    time = None if phase is None else {"hands": 3, "in_play": True, "phase": phase}
    return {"table": table, "game_id": "g", "game_no": 1, "deadline": deadline, "time": time}


def test_each_table_shows_its_time_left_or_the_call():
    view = {
        "clocks": [
            clock(1, "2026-11-23T17:12:05Z"),
            clock(2, "2026-11-23T16:59:00Z"),
            clock(3, "2026-11-23T17:30:00Z", "finish_hand"),
            clock(4, None, "one_more_hand"),  # called without a time limit
            clock(5, None),  # no time limit, not called: no clock
        ]
    }
    shown = board_clocks(view, NOW)
    assert shown == {
        1: {"deadline": "2026-11-23T17:12:05Z", "words": "12:05 left", "called": False},
        2: {"deadline": "2026-11-23T16:59:00Z", "words": "Time is up", "called": False},
        3: {"deadline": None, "words": "Time! Finishing the hand", "called": True},
        4: {"deadline": None, "words": "Level: one more hand", "called": True},
    }
    assert left_words(0.2) == "0:01 left" and board_clocks({}, NOW) == {}


def test_a_tables_clock_line_is_measured_with_its_card():
    """The board's fit (api/pages/board_measure.py) counts the clock's line in a card's
    height, normal and dense, so a board of many clocked tables still fits its screen."""
    card = {"table": 1, "playing": None, "next": None}
    timed = {**card, "clock": {"deadline": None, "words": "Time! Finishing the hand"}}
    assert card_height(timed, 20, 1.0) > card_height(card, 20, 1.0)
    assert dense_card_height(timed, 12) > dense_card_height(card, 12)
