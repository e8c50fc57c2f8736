"""The board's side column (docs/tournament-screens.md "The board from the back of the hall"):
"Now calling" (matches called to a table in the last few minutes, each with its countdown to
sit down, or "seated") and "Up next" in type big
enough to read from the back of the hall, then who waits, as many of each as the column holds
above the QR code. Heights are estimated in `rem` of api/static/board.css with
api/pages/board_measure.py's `lines` (names wrap, never cut); tests/pwa/test_board_fit.py
checks in a browser that nothing spills out of the column.

Pure: it reads the board's page model only.
"""

import datetime
import math

from . import board_measure as measure

CALLING_MINUTES = 5  # "Now calling": a match called to its table this recently, or whose
# table is not seated and whose time to sit down ran out this recently

CLOCK_LINE = 2.2 * 1.2  # a match's countdown to sit down, or "seated" (board.css .now .clock)

PAIR_REM = 1.8  # the teams of "Now calling" and "Up next" (board.css .now/.next .pair): as
# big as the bracket's names at their biggest (.9rem at 2x), 3.2 % of a 16:9 screen's height

WIDTH = 24.0  # the side column (board.css .grid)

ROOM = 49.0  # its height under the header bar (api/pages/board_screens.py MAIN_REM), less
# a rem for the QR's caption and rounding

GAP = 1.0  # between its sections

HEADING = 1.15 * 1.2 + 0.4  # a section's h2 and its margin

QR = 12.0  # the QR code and its caption beside it

ITEM = 0.35 * 2 + 0.08  # an item's padding and its rule

TAG_LINE = 0.95 * 1.2  # a line of an item's tag ("Table 3 · Winners' round 3, match 2")

WAIT_LINE = 1.2  # a line of "Waiting" (1rem type)

IDLE = 2 * 1.2 * 1.2  # "and 36 more matches after the tables in play": two lines kept


def parse_time(text):
    """An ISO time of the public view ("...Z") as an aware datetime, or None."""
    if not text:
        return None
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def pair_words(match):
    """The board's words for a pair: "Bubba & Earl v Nancy & Bea"."""
    return f"{match['sides'][0]['name']} v {match['sides'][1]['name']}"


def tag_words(match):
    """An item's tag as board.html writes it: "Table 3 · Winners' round 3, match 2" (Now
    calling), "Winners' round 3, match 1 · Table 2 · in about 20 min" (Up next)."""
    if "to_table" not in match:
        return f"Table {match['table']} · {match['name']}"
    to = f" · Table {match['to_table']}" if match["to_table"] else ""
    eta = f" · {match['eta']}" if match.get("eta") else ""
    return f"{match['name']}{to}{eta}"


def item_height(match):
    """One match of "Now calling" or "Up next": its tag and its pair, each wrapped."""
    tag = TAG_LINE * measure.lines(tag_words(match), WIDTH / 0.95, measure.BOLD_EM)
    words = pair_words(match)
    clock = CLOCK_LINE if match.get("clock") else 0.0
    return (
        ITEM
        + tag
        + clock
        + PAIR_REM * 1.2 * measure.lines(words, WIDTH / PAIR_REM, measure.BOLD_EM)
    )


def calls_height(calls):
    """The tables calling the director (board.css .calls: 1.5rem, bold, on a yellow ground)."""
    if not calls:
        return 0.0
    words = [f"Table {c['table']} calls the director {c['since']}" for c in calls]
    rows = sum(0.3 + 1.5 * 1.2 * measure.lines(w, (WIDTH - 1.6) / 1.5, 0.66) for w in words)
    return 1.0 + rows + GAP


def codes_height(words):
    """What a code on the board means (board.css .codes: .95rem)."""
    return 0.95 * 1.2 * measure.lines(words, WIDTH / 0.95) + GAP if words else 0.0


def seat_clock(match, now):
    """A called match's line under its pair: {"seated": True} once its table sat down, else
    its countdown {"until": ISO, "words": "5 min to sit down" or "time is up"} (board-live.js
    counts it down each second), or None without one (the event's wait is 0)."""
    if match.get("seated"):
        return {"seated": True, "words": "seated"}
    until = parse_time(match.get("seat_by"))
    if until is None:
        return None
    seconds = (until - now).total_seconds()
    words = f"{math.ceil(seconds / 60)} min to sit down" if seconds > 0 else "time is up"
    return {"seated": False, "until": match["seat_by"], "words": words}


def now_calling(view_matches, cards, now):
    """Matches called to their table in the last CALLING_MINUTES, and those whose table has
    not sat down yet until CALLING_MINUTES past their time to sit down, the latest first (the
    public view's `called_at`, `seat_by` and `seated`), each with its `clock`."""
    out = []
    recent = datetime.timedelta(minutes=CALLING_MINUTES)
    for m in view_matches:
        called = parse_time(m.get("called_at"))
        if m["status"] != "playing" or called is None or m.get("table") is None:
            continue
        until = None if m.get("seated") else parse_time(m.get("seat_by"))
        if now - called <= recent or (until is not None and now - until <= recent):
            out.append((called, m["table"], {**cards[m["id"]], "clock": seat_clock(m, now)}))
    out.sort(key=lambda row: (-row[0].timestamp(), row[1]))
    return [card for _called, _table, card in out]


def taken(items, room, each, more=IDLE):
    """How many of `items` (each `each(item)` tall), from the first, fit `room`, and the
    height they take: all of them, or fewer and a line counting the rest (`more` tall)."""
    heights = [each(item) for item in items]
    if sum(heights) <= room:
        return len(items), sum(heights)
    count, used = 0, more
    for h in heights:
        if used + h > room:
            break
        count, used = count + 1, used + h
    return count, used


def waiting_line(row):
    """A line of "Waiting" (1rem type, the column's width)."""
    return 0.2 + WAIT_LINE * measure.lines(wait_words(row), WIDTH, measure.BOLD_EM)


def side_column(page, calling, upcoming, waiting):
    """What the side column shows: {calling, more_calling, up_next, more_next, waiting,
    more_waiting}, fitted to its room. "Now calling" comes first but leaves "Up next" room
    for one match; "Waiting" takes what is left, or is left out."""
    room = ROOM - QR - calls_height(page["calls"])
    room -= codes_height(page["code_words"] if page["sections"] else "")
    first_next = item_height(upcoming[0]) if upcoming else IDLE
    next_room = HEADING + first_next + (IDLE if len(upcoming) > 1 else 0)
    shown_calling = 0
    if calling:
        room -= GAP + HEADING
        shown_calling, used = taken(calling, room - next_room, item_height)
        room -= used
    room -= HEADING
    shown_next, used = taken(upcoming, room, item_height)
    room -= used if upcoming else IDLE
    shown_waiting = 0
    if waiting and room >= GAP + HEADING + waiting_line(waiting[0]):
        shown_waiting, _used = taken(waiting, room - GAP - HEADING, waiting_line, WAIT_LINE)
    return {
        "calling": calling[:shown_calling],
        "more_calling": len(calling) - shown_calling,
        "up_next": upcoming[:shown_next],
        "more_next": len(upcoming) - shown_next,
        "waiting": waiting[:shown_waiting],
        "more_waiting": len(waiting) - shown_waiting if shown_waiting else 0,
    }


def wait_words(row):
    """A line of "Waiting": "Bubba & Earl waits for the winner of W2.1" (as board.html)."""
    return f"{row['team']} waits for {row['for']}"
