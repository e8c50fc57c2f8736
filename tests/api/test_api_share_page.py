"""The /s/ page as a reader of the link sees it: team names, big totals, the carried-over
score first, who shakes next, a set mark bid in words, and who won and why."""

import html as htmllib
import re

from helpers.apitest import Table

TEAMS = [
    {"name": "Rangers", "players": ["You", "Partner"]},
    {"name": "Aggies", "players": ["Left", "Right"]},
]


def page_text(client, table):
    """The page's visible text, tags dropped, one space between words."""
    html = client.get(f"/s/{table.share_token}").text
    body = html.split("<main>", 1)[1]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", body)).split()), html


def rows(html):
    """The hand table's rows as lists of cell texts."""
    hands = html.split('aria-label="Hands"', 1)[1]  # the score race's table comes before it
    tbody = hands.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [
            " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", tbody, re.S)
    ]


def test_seats_read_as_team_names_and_named_players_keep_their_names(client):
    teams = [{"name": "Rangers", "players": ["Ann", "Partner"]}, TEAMS[1]]
    table = Table(client, teams=teams)
    table.hand(1, bidder=1, bid=30, result={"captured": 35})
    table.hand(2, bidder=0, bid=31, result={"captured": 31}, dealer=1)
    text, html = page_text(client, table)
    assert [r[1] for r in rows(html)] == ["Aggies, 30", "Ann (Rangers), 31"]
    for seat_word in ("Left", "Right", "Partner", "You"):
        assert not re.search(rf"\b{seat_word}\b", text), seat_word


def test_totals_are_big_with_the_tally(client):
    table = Table(client, teams=TEAMS)
    table.hand(1, bidder=1, bid=84, result={"declared": "made"})
    _, html = page_text(client, table)
    assert re.search(r'<span class="big">2</span> marks', html)
    assert re.search(r'<span class="big">0</span> marks', html)
    assert 'aria-label="2 marks"' in html


def test_a_points_game_shows_what_is_left_to_go(client):
    table = Table(client, ruleset="points-250", teams=TEAMS)
    table.hand(1, bidder=0, bid=30, result={"captured": 30})
    text, _ = page_text(client, table)
    assert "Rangers 30 points 220 to go Aggies 12 points 238 to go" in text


def test_the_carried_over_score_is_the_first_row_and_the_history_adds_up(client):
    table = Table(client, teams=TEAMS, start_totals=[5, 3])
    table.hand(1, bidder=1, bid=30, result={"captured": 35})
    table.hand(2, bidder=2, bid=30, result={"captured": 20}, dealer=1)
    _, html = page_text(client, table)
    assert rows(html) == [
        ["", "Carried over from paper", "5 – 3"],
        ["1", "Aggies, 30", "took 35", "made Aggies +1", "5 – 4"],
        ["2", "Rangers, 30", "took 20", "set Aggies +1", "5 – 5"],
    ]
    assert '<th scope="col">Score</th>' in html


def test_who_shakes_next(client):
    table = Table(client, teams=TEAMS)
    table.hand(1, bidder=1, bid=30, result={"captured": 35})
    text, _ = page_text(client, table)
    assert "Hand 2: Aggies shake; Rangers bid first." in text


def test_a_set_mark_bid_reads_lost_a_trick(client):
    table = Table(client, teams=TEAMS)
    table.hand(1, bidder=1, bid=84, result={"declared": "set"})
    table.hand(2, bidder=2, bid=42, result={"declared": "made"}, dealer=1)
    _, html = page_text(client, table)
    assert [r[2] for r in rows(html)] == ["lost a trick", "all tricks"]


def test_a_finished_game_says_who_won_and_why(client):
    table = Table(client, teams=TEAMS)
    for hand_no, bid in ((1, 84), (2, 84), (3, 84), (4, 42)):
        table.hand(
            hand_no, bidder=1, bid=bid, result={"declared": "made"}, dealer=(hand_no - 1) % 4
        )
    text, _ = page_text(client, table)
    assert "Aggies won. Aggies reached 7 marks first." in text
    assert "shake" not in text
