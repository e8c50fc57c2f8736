"""The board's link on a phone ("The board's QR opens a broken phone page: no event
name, sideways scroll, and it turns to the next screen every 15 s"; "its own one-column page
with the event's name, no sideways scroll, no automatic screen turning, finding 'my team' by
name"; docs/tournaments.md "The board on a phone"): what the page says, server-side."""

import html as htmllib
import re

from helpers.eventtest import Director

from api.routes.board import MISSING


def text_of(page):
    """The page's words, one space apart, entities read."""
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def teams_shown(page):
    """The team names of the list items not hidden."""
    items = re.findall(r'<li data-find="[^"]*"( hidden)?>\s*<p class="team">([^<]*)</p>', page)
    return [htmllib.unescape(name) for hidden, name in items if not hidden]


def running(client):
    director = Director(client, teams=8, first_to=[2], tables=2)
    director.check_in_all()
    view = director.start()
    return director, {t["name"]: t["id"] for t in view["teams"]}


def test_the_boards_qr_opens_the_phone_page(client):
    """The board's QR and its caption carry the phone page's address, and a phone that opens
    the board itself is offered that page."""
    director, _ids = running(client)
    board = client.get(f"/b/{director.public}").text
    phone_url = f"/b/{director.public}/phone"
    assert f'<span class="url">http://localhost{phone_url}</span>' in board
    assert f'class="on-phone"><a href="http://localhost{phone_url}"' in board


def test_each_team_says_where_it_sits_or_what_it_plays_next(client):
    """The event's name heads the page; a team at a table says which and against whom, a team
    waiting says for whom, and the result of a decided match is said in words; nothing turns
    the page (no refresh that moves on, and none at all where JavaScript runs)."""
    director, ids = running(client)
    director.post("/matches/W1.1/forfeit", {"team": ids["Team 8"], "reason": "forfeit"})
    page = client.get(f"/b/{director.public}/phone").text
    words = text_of(page)
    assert "<h1>Timpson 42</h1>" in page
    assert "Team 2 P2a & P2b At table 1 now: Quarterfinal 3 v Team 7 · games 0–0" in words
    assert "Team 1 P1a & P1b Next: Semifinal 1, waiting for the winner of Quarterfinal 2" in words
    assert "Team 8 P8a & P8b Lost Quarterfinal 1: Team 1 won: Team 8 forfeited" in words
    assert "Quarterfinal 1: Team 1 won: Team 8 forfeited" in words  # the results, in words
    refreshes = re.findall(r'<meta http-equiv="refresh" content="([^"]*)">', page)
    assert refreshes == ["30"] and "<noscript><meta http-equiv" in page  # no JS: reload only
    assert "url=" not in refreshes[0]


def test_find_my_team_filters_by_a_team_or_a_player_without_javascript(client):
    """?team= keeps the teams whose name or players hold the words (any case); none found
    says so in words."""
    director, _ids = running(client)
    url = f"/b/{director.public}/phone"
    assert teams_shown(client.get(url).text) == [f"Team {n}" for n in range(1, 9)]
    assert teams_shown(client.get(url, {"team": "p3B"}).text) == ["Team 3"]
    nobody = client.get(url, {"team": "Hrncir"}).text
    assert teams_shown(nobody) == []
    assert '<p class="none">No team or player by that name here.</p>' in nobody


def test_before_the_start_the_teams_are_listed_and_a_missing_event_says_so(client):
    director = Director(client, teams=3)
    words = text_of(client.get(f"/b/{director.public}/phone").text)
    assert "Not started yet." in words
    assert "Team 3 P3a & P3b Entered: the bracket is drawn when the director starts" in words
    missing = client.get(f"/b/{'A' * 43}/phone", headers={"Accept": "text/html"}, status=404)
    assert MISSING in missing.text
