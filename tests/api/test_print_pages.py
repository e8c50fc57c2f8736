"""The paper kit's pages and the results CSV ("The results
sheet", docs/tournaments.md "The paper kit"): /p/{public_token}/bracket, /results,
/score-sheet and /cards, and /api/e/{public_token}/results.csv. Public like the board: read
by the public link alone, derived from the event's public view; any other link is a 404 (a
page for a browser, the one error shape for a program). Printed and looked at in
tests/pwa/test_paper_kit.py."""

import csv
import io
import re

import pytest
from helpers.board_play import one_hand, started, text_of
from helpers.eventtest import Director

from api.events.views import GONE
from api.routes.board import MISSING
from api.transfer.results_csv import RESULT_COLUMNS

SHEETS = ("bracket", "results", "score-sheet", "cards")
HTML = {"Accept": "text/html,*/*;q=0.8"}


def sheet(client, director, name, status=200):
    """GET one page of the paper kit as a browser does."""
    return client.get(f"/p/{director.public}/{name}", headers=HTML, status=status)


def results_rows(client, director):
    """The results CSV as rows of cells (the header first)."""
    response = client.get(f"/api/e/{director.public}/results.csv")
    assert response.content_type == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment")
    return list(csv.reader(io.StringIO(response.text)))


def finish_four(director):
    """Play a 4-team, one-game event to its end: the first-listed team wins every match."""
    director.table("W1.1").play(0)
    director.table("W1.2").play(0)
    director.view()
    director.table("W2.1").play(0)
    return director.view()


@pytest.mark.parametrize("name", SHEETS)
def test_every_sheet_is_a_strict_page_read_by_the_public_link(client, name):
    director = started(client, 8)
    response = sheet(client, director, name)
    html = response.text
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert "<style" not in html and not re.search(r'\sstyle="', html), "inline style"
    assert '<link rel="stylesheet" href="/_static/print.css">' in html
    assert "Timpson 42" in text_of(html)


@pytest.mark.parametrize("name", SHEETS)
def test_a_wrong_link_is_404_a_page_for_a_browser_and_the_one_shape_for_a_program(client, name):
    director = started(client, 2)
    for wrong in ("A" * 43, director.token, next(iter(director.tables.values()))):
        page = client.get(f"/p/{wrong}/{name}", headers=HTML, status=404)
        assert MISSING in page.text  # the board's words for a link to no event
        refused = client.get(
            f"/p/{wrong}/{name}", headers={"Accept": "application/json"}, status=404
        ).json
        assert refused["code"] == 404 and refused["rule_code"] == "NOT_FOUND"
        assert refused["message"] == GONE
    client.get(f"/p/{director.public}/nothing", headers=HTML, status=404)


def test_the_results_csv_is_404_in_the_one_shape_for_a_wrong_link(client):
    director = started(client, 2)
    for wrong in ("B" * 43, director.token):
        refused = client.get(f"/api/e/{wrong}/results.csv", status=404).json
        assert refused["code"] == 404 and refused["rule_code"] == "NOT_FOUND"


def test_the_bracket_sheet_shows_every_match_and_where_each_side_comes_from(client):
    """docs/tournaments.md "Naming a match": names in words, the short code beside them and
    explained once; a side not known yet says where it comes from."""
    director = started(client, 8, first_to=[1])
    director.table("W1.1").play(0)  # Team 1 beats Team 8
    text = text_of(sheet(client, director, "bracket").text)
    assert "Codes: W1.3 is round 1, match 3." in text
    for match_no in range(1, 5):
        assert f"Quarterfinal {match_no} W1.{match_no}" in text
    assert "Quarterfinal 1 W1.1 · one game ✓ Team 1 1 Team 8 0" in text
    assert "Semifinal 1 W2.1 · one game Team 1 winner of W1.2" in text
    assert "Final W3.1 · one game winner of W2.1 winner of W2.2" in text
    for team in range(1, 9):
        assert f"Team {team} " in text


def test_before_the_start_the_bracket_sheet_lists_the_teams_entered(client):
    director = Director(client, teams=3)
    text = text_of(sheet(client, director, "bracket").text)
    assert "The bracket is drawn when the director starts the event." in text
    assert "Team 1 (P1a & P1b) Team 2 (P2a & P2b) Team 3 (P3a & P3b)" in text


def test_a_round_robin_sheet_has_its_rounds_and_the_record_so_far(client):
    director = started(client, 4, format="round-robin", first_to=[1], tables=2)
    text = text_of(sheet(client, director, "bracket").text)
    for round_no in (1, 2, 3):
        assert f"Round robin: Round {round_no}" in text
    assert "Round robin: the record so far # Team Won Lost Games" in text


def test_the_results_sheet_and_csv_of_a_finished_event_rank_every_team(client):
    """brackets/standings.py: the champion 1st, the final's loser 2nd, the semifinal losers
    share 3rd; every team's path, one row per team in the CSV."""
    director = started(client, 4, first_to=[1], tables=2)
    view = finish_four(director)
    assert view["finished"]
    text = text_of(sheet(client, director, "results").text)
    assert "Not over yet" not in text
    assert "its code on the bracket sheet: W1.3 is round 1, match 3." in text  # explained once
    assert "1st Team 1 P1a & P1b 2–0 2–0 2nd Team 2 P2a & P2b 1–1 1–1" in text
    assert "1st: Team 1 Champion. Semifinal 1 W1.1 : won 1–0 against Team 4" in text
    assert "Final W2.1 : won 1–0 against Team 2" in text
    rows = results_rows(client, director)
    assert rows[0] == list(RESULT_COLUMNS)  # the header docs/tournaments.md names
    assert [r[:2] for r in rows[1:]] == [
        ["1", "Team 1"],
        ["2", "Team 2"],
        ["3", "Team 3"],
        ["3", "Team 4"],
    ]
    assert rows[1][8] == "Semifinal 1: won 1–0 against Team 4; Final: won 1–0 against Team 2"


def test_before_the_end_the_results_say_they_are_not_final_and_rank_by_record(client):
    director = started(client, 4, first_to=[1], tables=2)
    director.table("W1.2").play(1)  # Team 3 beats Team 2
    text = text_of(sheet(client, director, "results").text)
    assert "Not over yet: the places are final when the last match is played." in text
    assert text.index("Team 3 P3a") < text.index("Team 1 P1a") < text.index("Team 2 P2a")
    rows = results_rows(client, director)
    assert len(rows) == 5 and all(r[0] == "" for r in rows[1:])


def test_names_stay_text_in_the_results_csv(client):
    """docs/export.md: a name is text whatever it looks like; one starting like a formula
    gets a leading ' (CSV formula injection), the game export's rule."""
    teams = [
        {"name": '=HYPERLINK("http://x")', "players": ["@SUM(1)", "Bea"]},
        {"name": "+1", "players": ["-2", "42"]},
    ]
    made = client.post_json(
        "/api/events",
        {"name": "Club night", "ruleset": "straight-42", "format": "round-robin", "teams": teams},
        status=201,
    ).json
    response = client.get(f"/api/e/{made['public_token']}/results.csv")
    rows = list(csv.reader(io.StringIO(response.text)))
    assert len(rows) == 3
    cells = {r[1]: r[2] for r in rows[1:]}
    assert cells == {'\'=HYPERLINK("http://x")': "'@SUM(1) & Bea", "'+1": "'-2 & 42"}


@pytest.mark.parametrize(
    ("preset", "columns", "ladder"),
    [
        ("timpson-tournament", "marks marks", "points 30 to 41; 1 mark (42), 2 marks (84)"),
        ("points-250", "points total points total", "points 30 to 41; 1 mark (42)"),
        ("texas-88", "marks marks", "points 60 to 86, by 2; 1 mark (88)"),
    ],
)
def test_the_score_sheet_follows_the_events_ruleset(client, preset, columns, ladder):
    """docs/rules.md: the ladder is every bid a player can win with; marks are tallied, points
    carry a running total."""
    director = Director(client, teams=2, ruleset=preset)
    text = text_of(sheet(client, director, "score-sheet").text)
    assert f"Bids: {ladder}" in text
    assert f"Made or set Team Team {columns} 1 " in text


def test_a_house_rule_changes_the_score_sheet(client):
    """The event's own rules (its preset's overrides) reach the sheet: a plunge allowed adds
    it to the ladder."""
    director = Director(client, teams=2, ruleset="straight-42", rules={"plunge": True})
    assert "a 4-mark plunge" in text_of(sheet(client, director, "score-sheet").text)
    plain = Director(client, teams=2, ruleset="straight-42")
    assert "plunge" not in text_of(sheet(client, plain, "score-sheet").text)


def test_table_cards_one_per_table_with_room_for_the_link(client):
    director = started(client, 4, tables=3)
    html = sheet(client, director, "cards").text
    assert re.findall(r'<div class="qr-slot" data-table="(\d+)">', html) == ["1", "2", "3"]
    assert '<script type="module" src="/_static/print.js"></script>' in html
    assert director.tables and not any(token in html for token in director.tables.values())


def test_a_live_hand_reaches_the_sheets_on_the_next_read(client):
    """Derived from the public view, never a second copy: a hand moves the bracket sheet."""
    director = started(client, 2, first_to=[2])
    before = text_of(sheet(client, director, "bracket").text)
    director.table("W1.1").play(0)
    one_hand(director.table("W1.1"), 0)
    after = text_of(sheet(client, director, "bracket").text)
    assert "Final W1.1 · best of 3 · at table 1 Team 1 0 Team 2 0" in before
    assert "Final W1.1 · best of 3 · at table 1 Team 1 1 Team 2 0" in after


def test_a_forfeit_is_said_in_words_and_its_games_are_not_counted(client):
    """docs/tournaments.md "The paper kit": a forfeit's games are not games played; the path
    says "by forfeit", with no score."""
    director = started(client, 2, first_to=[2])
    director.table("W1.1").play(0)  # Team 1 leads 1-0, then Team 2 forfeits
    team_2 = director.team_ids()["Team 2"]
    director.post("/matches/W1.1/forfeit", {"team": team_2})
    text = text_of(sheet(client, director, "results").text)
    assert "Final W1.1 : won against Team 2 by forfeit" in text
    assert "Final W1.1 : lost against Team 1 by forfeit" in text
    rows = {r[1]: r for r in results_rows(client, director)[1:]}
    assert rows["Team 1"][3:7] == ["1", "0", "0", "0"]
    assert rows["Team 2"][3:7] == ["0", "1", "0", "0"]
    assert "by forfeit" in text_of(sheet(client, director, "bracket").text)


def test_a_sheet_answers_304_while_it_reads_the_same_and_a_new_one_after_a_game(client):
    """Kept per view of the event (api/routes/prints.py): never stale, cheap to print again."""
    director = started(client, 2, first_to=[2])
    for path in (f"/p/{director.public}/bracket", f"/api/e/{director.public}/results.csv"):
        etag = client.get(path, headers=HTML).headers["ETag"]
        client.get(path, headers={**HTML, "If-None-Match": etag}, status=304)
    before = client.get(f"/p/{director.public}/bracket", headers=HTML).headers["ETag"]
    one_hand(director.table("W1.1"), 0)  # the sheet shows games won: still 0-0, still 304
    client.get(
        f"/p/{director.public}/bracket", headers={**HTML, "If-None-Match": before}, status=304
    )
    director.table("W1.1").play(0)  # game 1 won: 1-0
    after = client.get(f"/p/{director.public}/bracket", headers={**HTML, "If-None-Match": before})
    assert after.status_int == 200 and after.headers["ETag"] != before


def test_every_match_on_the_sheet_says_its_series_known_or_not(client):
    """docs/tournaments.md "Formats and series": round r is first to `first_to[r - 1]`, later
    rounds, the losers' bracket and the grand final the last number (Timpson: first to 3,
    then first to 2): said for matches whose teams are not known yet too."""
    director = started(client, 8, format="double-elimination", first_to=[3, 2], tables=4)
    html = sheet(client, director, "bracket").text
    series = dict(
        re.findall(r'data-match="([A-Z][\d.]+)">\s*<p class="match-head">.*? · (best of \d)', html)
    )
    assert series["W1.1"] == "best of 5" and series["W2.1"] == "best of 3"
    assert series["L1.1"] == "best of 3" and series["G1"] == "best of 3"
