"""The board, /b/{public_token} (docs/tournaments.md "The board"): it
renders every format from the public view (the bracket or the round-robin table, the tables
with their live games, what is next, who waits, the final standings), carries a QR code of its
link with the link in words, keeps the CSP (no inline script or style) and a refresh for
screens without JavaScript, and answers a bad link with a 404."""

import re

import pytest
from helpers.board_play import one_hand, started, text_of
from helpers.eventtest import Director

from api.events.views import GONE
from api.routes.board import MISSING


def board(client, director, status=200, **params):
    """GET the board of `director`'s event as a browser does."""
    return client.get(
        f"/b/{director.public}",
        params=params,
        status=status,
        headers={"Accept": "text/html,*/*;q=0.8"},
    )


def assert_strict_page(html):
    """No inline script or style anywhere (the CSP allows neither), a refresh for no-JS."""
    assert re.search(r'<meta http-equiv="refresh" content="\d+">', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert "<style" not in html and not re.search(r'\sstyle="', html), "inline style"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
    assert re.search(r'<script src="/_static/board-live\.js" defer></script>', html)


def test_a_single_elimination_board_shows_bracket_tables_live_game_and_qr(client):
    director = started(client, 8)  # Timpson: round 1 first to 3 (best of 5), then best of 3
    director.table("W1.1").play(0, 0, 0)  # seed 1 wins W1.1, 3-0
    one_hand(director.table("W1.2"), 1)  # W1.2: Team 5 leads the first game 2-0
    response = board(client, director)
    html, text = response.text, text_of(response.text)
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert_strict_page(html)
    assert "Timpson 42 Single elimination · 8 teams · best of 5, then best of 3" in text
    # the bracket: quarterfinals, semifinals, final, with W1.1's winner already moved on
    for heading in ("Quarterfinals", "Semifinals", "Final"):
        assert f"<h3>{heading}</h3>" in html
    w21 = html.split('data-match="W2.1"', 1)[1].split("</li>", 1)[0]
    assert "Team 1" in w21 and "winner of W1.2" in w21
    # the live game at table 2: games won 0-0, marks this game 0-2 (docs/rules.md: 2 marks)
    card = "Table 2" + text.split("Table 2", 1)[1].split("Table 3", 1)[0]
    assert "Table 2 Quarterfinal 2 · best of 5 · game 1 Team 4 0 0 Team 5 0 2" in card
    # the QR code of the board's own link, and the link in words
    assert '<svg viewBox="0 0 ' in html and 'class="qr-code"' in html
    assert f"http://localhost/b/{director.public}" in text
    # Team 1 waits for the winner of W1.2 (its next opponent)
    assert "Team 1 waits for the winner of W1.2" in text


def test_the_podium_shows_1st_2nd_and_3rd_once_the_event_is_over(client):
    director = started(client, 4, first_to=[1])
    director.table("W1.1").play(0)  # Team 1 beats Team 4
    director.table("W1.2").play(1)  # Team 3 beats Team 2
    director.view()
    director.table("W2.1").play(1)  # Team 3 wins the final
    text = text_of(board(client, director).text)
    # one game a match, in the hall's words (it read "series one game")
    assert "Single elimination · 4 teams · one game a match" in text and "series" not in text
    assert (
        "Final standings 1st Team 3 2nd Team 1 3rd Team 4 · Team 2" in text
        or "Final standings 1st Team 3 2nd Team 1 3rd Team 2 · Team 4" in text
    )
    assert "Tables" not in text.split("Final standings")[1].split("Up next")[0]


def test_a_double_elimination_board_has_both_brackets_and_the_grand_final(client):
    director = started(client, 6, format="double-elimination", first_to=[1])
    view = director.view()
    playing = [m["id"] for m in view["matches"] if m["status"] == "playing"]
    director.table(playing[0]).play(0)
    html = board(client, director).text
    text = text_of(html)
    assert "Winners' bracket" in text and "Losers' bracket" in text and "Grand final" in text
    assert "Winners' final" in text and "Losers' final" in text
    assert f"loser of {playing[0]}" not in text  # it is known now: a team's name
    assert "loser of W" in text  # later losers'-bracket sides still say where they come from
    assert_strict_page(html)


def test_a_round_robin_board_shows_the_table_of_wins(client):
    director = started(client, 4, format="round-robin", first_to=[1], tables=2)
    view = director.view()
    first = next(m for m in view["matches"] if m["status"] == "playing")
    director.table(first["id"]).play(1)
    winner = director.view()
    winner = next(m for m in winner["matches"] if m["id"] == first["id"])["winner"]
    names = {t["id"]: t["name"] for t in view["teams"]}
    html = board(client, director).text
    text = text_of(html)
    assert "Round robin Team Won Lost Games" in text
    assert f"Team Won Lost Games {names[winner]} 1 0 1–0" in text  # most wins first
    assert "Winners' bracket" not in text and "Championship" not in text
    assert_strict_page(html)


def test_a_running_round_robin_view_ranks_the_teams_as_the_board_does(client):
    """docs/tournaments.md "The event view": while a round robin runs, `round_robin` holds
    each team's record as it stands (no standings exist before it ends), ranked once on the
    server, so the board and the director's phone say the same table."""
    director = started(client, 4, format="round-robin", first_to=[1], tables=2)
    seeds = {t["id"]: t["seed"] for t in director.view()["teams"]}
    fresh = director.view()["round_robin"]
    assert [(seeds[r["team"]], r["seed"]) for r in fresh] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    # (won, lost, games won, games lost, at a table): nothing played yet, every team called
    records = {(r["won"], r["lost"], r["games_won"], r["games_lost"], r["playing"]) for r in fresh}
    assert records == {(0, 0, 0, 0, True)} and len(fresh[0]) == 7
    first = next(m for m in director.view()["matches"] if m["status"] == "playing")
    director.table(first["id"]).play(1)
    view = director.view()
    assert view["standings"] is None and not view["finished"]
    played = next(m for m in view["matches"] if m["id"] == first["id"])
    loser = next(t for t in played["teams"] if t != played["winner"])
    rows = view["round_robin"]
    assert (rows[0]["team"], rows[0]["won"], rows[0]["games_won"]) == (played["winner"], 1, 1)
    assert (rows[-1]["team"], rows[-1]["lost"], rows[-1]["games_lost"]) == (loser, 1, 1)
    names = {t["id"]: t["name"] for t in view["teams"]}
    public = client.get(f"/api/e/{director.public}").json["round_robin"]
    assert public == rows
    text = text_of(board(client, director).text)
    order = " ".join(f"{names[r['team']]} {r['won']} {r['lost']}" for r in rows)
    assert re.sub(r" \d+–\d+", "", text.split("Team Won Lost Games ", 1)[1]).startswith(order)


def test_a_round_robin_into_a_championship_shows_both(client):
    director = started(client, 4, format="round-robin-playoff", advance=2, first_to=[1], tables=2)
    html = board(client, director).text
    text = text_of(html)
    assert "Round robin Team Won Lost Games" in text
    assert "Championship" in text and "round robin 1st" in text and "round robin 2nd" in text
    assert_strict_page(html)


def test_before_the_start_the_board_lists_the_teams_entered(client):
    director = Director(client, teams=3)
    text = text_of(board(client, director).text)
    assert "Teams entered Team 1 Team 2 Team 3" in text
    assert "drawn when the director starts the event" in text


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_theme_can_be_asked_for_and_anything_else_is_dark(client, theme):
    director = Director(client, teams=2)
    assert f'class="board theme-{theme}"' in board(client, director, theme=theme).text
    assert 'class="board theme-dark"' in board(client, director, theme="<x>").text


def test_a_bad_link_is_404_a_page_for_a_browser_and_the_one_shape_for_a_program(client):
    bad = "A" * 43
    page = client.get(f"/b/{bad}", headers={"Accept": "text/html"}, status=404)
    assert MISSING in page.text
    assert "<script" not in page.text
    refused = client.get(f"/b/{bad}", headers={"Accept": "application/json"}, status=404).json
    assert refused["rule_code"] == "NOT_FOUND" and refused["code"] == 404
    assert refused["message"] == GONE
    client.get("/b/short", status=404)  # shorter than any token: no such route


def test_the_director_token_does_not_open_a_board(client):
    director = Director(client, teams=2)
    client.get(f"/b/{director.token}", headers={"Accept": "text/html"}, status=404)


def test_the_board_answers_304_while_nothing_changed_and_a_new_page_after_a_hand(client):
    director = started(client, 2, first_to=[1])
    first = board(client, director)
    etag = first.headers["ETag"]
    client.get(f"/b/{director.public}", headers={"If-None-Match": etag}, status=304)
    one_hand(director.table("W1.1"), 0)
    again = board(client, director)
    assert again.headers["ETag"] != etag
    assert "Table 1 Final · one game Team 1 0 2 Team 2 0 0" in text_of(again.text)


def test_up_next_shows_the_soonest_the_column_holds_with_their_estimates_and_counts_the_rest(
    client,
):
    # 8 teams round robin at one table: 28 matches, 1 playing, 27 waiting for the table; each
    # takes up to one game of 20 minutes (docs/tournaments.md: estimated start). In the board's
    # big type (docs/tournament-screens.md) the side column holds five of them under the match
    # just called (api/pages/board_side.py; tests/pwa/test_board_fit.py: none spills out)
    director = started(client, 8, format="round-robin", first_to=[1], tables=1, minutes_per_game=20)
    html = board(client, director).text
    upcoming = text_of(html.split('data-part="next"', 1)[1].split("</section>", 1)[0])
    shown = upcoming.count(" v ")
    assert shown >= 5
    assert "Round 1, match 2 · Table 1 · in about 20 min" in upcoming
    assert "in about 1 h" in upcoming and "1 h 0 min" not in upcoming
    assert f"and {27 - shown} more matches after these" in upcoming
    calling = text_of(html.split('data-part="now"', 1)[1].split("</section>", 1)[0])
    assert "Now calling Table 1 · Round 1, match 1" in calling and calling.count(" v ") == 1
    assert "Next: " in text_of(html) and "· ~20 min" in text_of(html)
