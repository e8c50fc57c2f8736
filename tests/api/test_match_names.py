"""One name for one match (docs/tournaments.md "Naming a match", api/pages/match_names.py):
the words the board, the director's phone and the table's phone all show, and the event's
views carry them as each match's `name`."""

import pytest
from helpers.eventtest import Director

from api.pages.match_names import match_name

SE8 = {"W": 3}
DE16 = {"W": 5, "L": 6, "G": 2}


@pytest.mark.parametrize(
    ("code", "fmt", "last", "name"),
    [
        ("W1.3", "single-elimination", SE8, "Quarterfinal 3"),
        ("W2.1", "single-elimination", SE8, "Semifinal 1"),
        ("W3.1", "single-elimination", SE8, "Final"),
        ("W1.3", "single-elimination", {"W": 5}, "Round 1, match 3"),
        ("W1.3", "double-elimination", DE16, "Winners' round 1, match 3"),
        ("W5.1", "double-elimination", DE16, "Winners' final"),
        ("L2.4", "double-elimination", DE16, "Losers' round 2, match 4"),
        ("L6.1", "double-elimination", DE16, "Losers' final"),
        ("G1", "double-elimination", DE16, "Grand final"),
        ("G2", "double-elimination", DE16, "Grand final, deciding match"),
        ("R3.5", "round-robin", {"R": 7}, "Round 3, match 5"),
        ("P1.1", "round-robin-playoff", {"R": 5, "P": 4}, "Championship round 1, match 1"),
        ("P1.1", "round-robin-playoff", {"R": 5, "P": 3}, "Quarterfinal 1"),
        ("P2.2", "round-robin-playoff", {"R": 5, "P": 3}, "Semifinal 2"),
        ("P3.1", "round-robin-playoff", {"R": 5, "P": 3}, "Final"),
        ("odd", "round-robin", {}, "odd"),
    ],
)
def test_a_match_is_named_in_words(code, fmt, last, name):
    assert match_name(code, fmt, last) == name


def test_every_view_of_a_match_carries_its_name(client):
    director = Director(client, teams=8, format="double-elimination", first_to=[1], tables=4)
    director.check_in_all()
    director.start()
    mine = {m["id"]: m["name"] for m in director.view()["matches"]}
    public = {m["id"]: m["name"] for m in client.get(f"/api/e/{director.public}").json["matches"]}
    assert mine == public
    assert mine["W1.2"] == "Winners' round 1, match 2" and mine["W3.1"] == "Winners' final"
    assert mine["L1.1"] == "Losers' round 1, match 1" and mine["G1"] == "Grand final"
    table = director.table("W1.2").view()
    assert table["bracket_match"]["name"] == "Winners' round 1, match 2"
