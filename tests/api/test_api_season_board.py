"""A season's board for the club's TV (docs/leagues.md "The season's board"): the crew makes
its read-only link (a new one each time: the last one only works), and /season/{token} shows
the standings as the season's GET derives them, tonight's record, the nights and the playoff.
The standings below are worked by hand from the nights' results (test_api_leagues.ORDER)."""

import re

from helpers.leagues import ORDER, League, play_event

from api.store.db import flask_db
from api.store.schema import create_tables, missing_columns, schema_complete


def rows(html):
    """The standings' rows as the TV shows them: each cell's text, tags stripped."""
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tr)
        ]
        for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_the_board_shows_the_standings_tonight_and_the_playoff(client):
    """Night 1 played (Aces > Bones > Cats > Dogs, 8 marks a game), night 2 made with Sue
    sitting for Cy: the board says night 2 is tonight, the standings of night 1 with
    tonight's record beside them, and who goes on to the playoff as it stands; once the
    season is over and the playoff played, its champion."""
    league = League(client)
    made = league.post(league.base, league.body(nights=2))
    url = f"{league.base}/{made['id']}"
    ids = {t["name"]: t["id"] for t in made["teams"]}
    link = league.post(f"{url}/board-link")
    token = link["board_token"]
    assert link["board_url"].endswith(f"/season/{token}") and len(token) >= 22
    before = client.get(f"/season/{token}").text
    assert "0 of 2 nights played" in before and "The first night has not started." in before
    assert [r[:2] for r in rows(before)] == [
        ["1", "Aces Ann and Bo"],
        ["2", "Bones Cy and Di"],
        ["3", "Cats Ed and Flo"],
        ["4", "Dogs Gus and Hal"],
    ]

    night = league.post(f"{url}/nights")
    play_event(client, night["event_id"], night["director_token"], ORDER[1])
    league.post(f"{url}/nights")
    sub = {"team": ids["Bones"], "member": 0, "player": league.players["Sue"]}
    client.put_json(f"{url}/nights/2/substitutes", {"substitutes": [sub]}, headers=league.auth)
    page = client.get(f"/season/{token}")
    assert page.headers["Content-Type"].startswith("text/html")
    html = page.text
    assert 'http-equiv="refresh" content="15"' in html  # it updates itself, as a party's
    assert '<p class="what">Night 2 of 2 tonight</p>' in html
    # place, team and players, won, lost, marks won–lost, tonight (not started: nothing yet)
    assert rows(html) == [
        ["1", "Aces Ann and Bo", "3", "0", "24–0", "0–0"],
        ["2", "Bones Cy and Di", "2", "1", "16–8", "0–0"],
        ["3", "Cats Ed and Flo", "1", "2", "8–16", "0–0"],
        ["4", "Dogs Gus and Hal", "0", "3", "0–24", "0–0"],
    ]
    assert '<li><span class="night-no">Night 1</span> <span class="state">played' in html
    assert (
        'class="tonight"><span class="night-no">Night 2</span> <span class="state">starts soon'
        in html
    )
    assert "Sue for Cy (Bones)" in html
    assert "Playoff: the top 2" in html and "<li>Aces</li><li>Bones</li>" in html
    # the GET of the season says the same: the board derives, it stores nothing
    view = league.season(url)
    assert [(r["team_name"], r["won"], r["lost"]) for r in view["standings"]] == [
        ("Aces", 3, 0),
        ("Bones", 2, 1),
        ("Cats", 1, 2),
        ("Dogs", 0, 3),
    ]

    # night 2 (B > A > D > C): the season is over; then the playoff, Bones against Aces
    play_event(client, view["played"][1]["event_id"], night_token(league, url, 2), ORDER[2])
    over = client.get(f"/season/{token}").text
    assert "Final standings · 2 nights" in over and "Tonight" not in over
    assert [r[:5] for r in rows(over)] == [
        ["1", "Aces Ann and Bo", "5", "1", "40–8"],
        ["2", "Bones Cy and Di", "5", "1", "40–8"],
        ["3", "Cats Ed and Flo", "1", "5", "8–40"],
        ["4", "Dogs Gus and Hal", "1", "5", "8–40"],
    ]
    playoff = league.post(f"{url}/playoff")
    assert "Playoff tonight" in client.get(f"/season/{token}").text
    play_event(client, playoff["event_id"], playoff["director_token"], "BA")
    end = client.get(f"/season/{token}?theme=light").text
    assert "Bones won the playoff" in end and "Champions: Bones" in end
    assert "theme-light" in end


def night_token(league, url, number):
    """A new director token for night `number` (its first went with the phone that made it)."""
    return league.post(f"{url}/nights/{number}/director-link")["director_token"]


def test_only_the_last_board_link_opens_the_board(client):
    """The board's page by every token: the last board link 200; the one before it, the
    crew's token, a night's public token, another season's board, a token never made: 404
    with the page's words, not a code; nothing about the season leaks."""
    league, other = League(client), League(client)
    season = league.post(league.base, league.body())["id"]
    url = f"{league.base}/{season}"
    first = league.post(f"{url}/board-link")["board_token"]
    client.get(f"/season/{first}")
    last = league.post(f"{url}/board-link")["board_token"]
    assert last != first
    night = league.post(f"{url}/nights")
    theirs = other.post(other.base, other.body(name="Fall 2027"))["id"]
    theirs = other.post(f"{other.base}/{theirs}/board-link")
    assert "Spring 2027" in client.get(f"/season/{last}").text
    refused = {
        "the link before": first,
        "the crew's token": league.auth["Authorization"].split()[1],
        "a night's public token": night["public_token"],
        "a night's director token": night["director_token"],
        "never made": "A" * 43,
    }
    for who, token in refused.items():
        page = client.get(f"/season/{token}", status=404)
        assert "no season board at this link" in page.text, who
        assert "Aces" not in page.text and "Spring 2027" not in page.text, who
    # another crew's board shows that crew's season, not this one's
    elsewhere = client.get(f"/season/{theirs['board_token']}").text
    assert "Fall 2027" in elsewhere and "Spring 2027" not in elsewhere
    client.get("/season/short", status=404)  # not a token at all: no page


def test_an_older_store_gains_the_board_column(app, client):
    """A season table made by an older release (no season.board_token_hash) gets it when the
    app boots on it (api/store/schema.py `add_missing_columns`), with its unique index: its
    seasons have no board until the crew makes one, and then it works."""
    league = League(client)
    url = f"{league.base}/{league.post(league.base, league.body())['id']}"
    with app.app_context(), flask_db.database.connection_context():
        flask_db.database.execute_sql('DROP INDEX "season_board_token_hash"')
        flask_db.database.execute_sql('ALTER TABLE "season" DROP COLUMN "board_token_hash"')
        missing = [f.column_name for _m, f in missing_columns(flask_db.database)]
        assert missing == ["board_token_hash"]
        create_tables()
        assert missing_columns(flask_db.database) == [] and schema_complete(flask_db.database)
    token = league.post(f"{url}/board-link")["board_token"]
    assert "Spring 2027" in client.get(f"/season/{token}").text
