"""The board from the back of the hall ("Now calling" and "Up next"
big enough to read from the back of the hall; empty later rounds shrink and the first round
gets the width; docs/tournament-screens.md "The board from the back of the hall"): the page
model's side column (api/pages/board_side.py) and round widths (api/pages/board_measure.py).
That the browser draws them so, nothing spilling out, is tests/pwa/test_board_fit.py's."""

import datetime

from api.pages import board_measure as measure
from api.pages import board_side as side

NOW = datetime.datetime(2026, 11, 27, 10, 0, tzinfo=datetime.UTC)


def card(mid, names=("Bubba Jones & Earl Whitfield", "Nancy Kubala & Bea Dietz"), known=True):
    sides = [{"name": n, "known": known} for n in names]
    return {"id": mid, "name": f"Round 1, match {mid}", "sides": sides, "table": None}


def called(mid, table, minutes_ago, status="playing"):
    at = NOW - datetime.timedelta(minutes=minutes_ago)
    return {
        "id": mid,
        "status": status,
        "table": table,
        "called_at": at.isoformat().replace("+00:00", "Z"),
    }


def test_now_calling_is_the_last_few_minutes_latest_first():
    matches = [
        called("1", 1, 12),  # called a while ago: on its table card only
        called("2", 2, 4),
        called("3", 3, 0.5),
        called("4", 4, 1, status="played"),  # over already (a forfeit): not called any more
    ]
    cards = {m["id"]: card(m["id"]) for m in matches}
    assert [c["id"] for c in side.now_calling(matches, cards, NOW)] == ["3", "2"]
    assert side.CALLING_MINUTES == 5


def test_now_calling_counts_each_table_down_until_it_is_seated():
    """docs/tournaments.md "Calling tables" (rule 28's 5 minutes): an unseated table stays in
    "Now calling" with its countdown until five minutes past its time to sit down ("time is
    up" after it); a seated one says "seated" and leaves with the last few minutes; a wait of
    0 has no countdown. The clock's line counts in the item's height."""

    def seat(match, minutes_after_call, seated=False):
        at = datetime.datetime.fromisoformat(match["called_at"].replace("Z", "+00:00"))
        by = at + datetime.timedelta(minutes=minutes_after_call)
        return {**match, "seat_by": by.isoformat().replace("+00:00", "Z"), "seated": seated}

    matches = [
        seat(called("1", 1, 8), 5),  # 3 minutes past its time, not seated: still called
        seat(called("2", 2, 12), 5),  # 7 minutes past: the director has had the ask
        seat(called("3", 3, 2), 5, seated=True),
        seat(called("4", 4, 6), 5, seated=True),  # seated and called a while ago: gone
        seat(called("5", 5, 0.5), 5),
        {**called("6", 6, 1), "seat_by": None, "seated": False},  # a wait of 0
    ]
    cards = {m["id"]: card(m["id"]) for m in matches}
    shown = {c["id"]: c["clock"] for c in side.now_calling(matches, cards, NOW)}
    assert list(shown) == ["5", "6", "3", "1"]
    assert shown["5"] == {
        "seated": False,
        "until": matches[4]["seat_by"],
        "words": "5 min to sit down",
    }
    assert shown["1"]["words"] == "time is up"
    assert shown["3"] == {"seated": True, "words": "seated"}
    assert shown["6"] is None
    plain = {**cards["6"], "clock": None}
    assert side.item_height({**plain, "clock": shown["5"]}) > side.item_height(plain)


def page(calls=(), code_words="W1.3 is Winners' round 1, match 3."):
    return {"calls": list(calls), "code_words": code_words, "sections": [{}]}


def column_height(model, page_model):
    """The side column's estimated height with what `side_column` chose."""
    used = (
        side.QR
        + side.calls_height(page_model["calls"])
        + side.codes_height(page_model["code_words"])
    )
    if model["calling"] or model["more_calling"]:
        used += side.GAP + side.HEADING + sum(side.item_height(m) for m in model["calling"])
        used += side.IDLE if model["more_calling"] else 0
    used += side.HEADING + sum(side.item_height(m) for m in model["up_next"])
    used += side.IDLE if model["more_next"] or not model["up_next"] else 0
    if model["waiting"]:
        used += side.GAP + side.HEADING + sum(side.waiting_line(w) for w in model["waiting"])
        used += side.WAIT_LINE if model["more_waiting"] else 0
    return used


def test_forty_matches_called_at_once_leave_up_next_its_room_and_are_counted():
    # a 128-team start: 40 tables called together; the column still shows what comes next
    calling = [card(str(n)) for n in range(40)]
    upcoming = [
        {**card(f"n{n}"), "to_table": n % 3 or None, "eta": "in about 1 h 5 min"} for n in range(30)
    ]
    waiting = [{"team": "Leroy & Mary", "for": "the winner of W2.1"} for _ in range(20)]
    p = page(calls=[{"table": 3, "since": "2 min"}])
    model = side.side_column(p, calling, upcoming, waiting)
    assert 1 <= len(model["calling"]) < 40
    assert model["more_calling"] == 40 - len(model["calling"])
    assert len(model["up_next"]) >= 1
    assert model["more_next"] == 30 - len(model["up_next"])
    assert column_height(model, p) <= side.ROOM


def test_a_quiet_side_column_shows_every_match_and_who_waits():
    upcoming = [
        {**card("n1"), "to_table": 2},
        {**card("n2", ("Ann & Bo", "Cy & Di")), "to_table": None},
    ]
    waiting = [{"team": "Leroy & Mary", "for": "the winner of W2.1"}]
    model = side.side_column(page(), [card("1")], upcoming, waiting)
    assert (len(model["calling"]), len(model["up_next"]), len(model["waiting"])) == (1, 2, 1)
    assert model["more_calling"] == model["more_next"] == model["more_waiting"] == 0
    assert column_height(model, page()) <= side.ROOM


def test_the_pairs_are_read_from_the_back_of_the_hall():
    # 1.8rem of a 16:9 board (1rem is 1/100 of its width, 56.25rem its height): 3.2 % of the
    # height, at least 2.5 %, and as big as a bracket name at its biggest (.9rem at 2x)
    assert side.PAIR_REM / 56.25 >= 0.025
    assert side.PAIR_REM >= 0.9 * 2.0


def test_a_round_with_no_team_known_gives_its_width_to_the_named_rounds():
    named = {"matches": [], "empty": False}
    empty = {"matches": [], "empty": True}
    widths = measure.round_widths([named, named, empty, empty], 1.0)
    assert widths[0] == widths[1] > widths[2] == widths[3]
    assert abs(widths[2] / widths[0] - measure.EMPTY_SHARE) < 1e-9
    assert abs(sum(widths) - sum(measure.round_widths([named] * 4, 1.0))) < 1e-9
    even = measure.round_widths([named] * 4, 1.0)
    assert widths[0] > even[0]
