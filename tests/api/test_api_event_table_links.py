"""A table's phone follows its table
(docs/tournaments.md "A table's link"): one link per table for the whole event reaches the
match called to that table last and its games, and nothing else: not another table's, not
the match before once the next is called, not the director's routes. Played to the end in
single and double elimination and a round robin on several tables. The director's new link
ends the old one (refused in the table's words)."""

import random

import pytest
from helpers.table_links import TableLink, start

from api.store.db import flask_db
from api.store.tables import EventTable


def playing_at(view):
    """{table: bracket id} of the matches being played, as the director's view has them."""
    return {p["table"]: p["playing"] for p in view["table_plan"] if p["playing"]}


@pytest.mark.parametrize(
    "body",
    [
        {"format": "single-elimination", "teams": 8, "tables": 3, "first_to": [2, 1]},
        {"format": "double-elimination", "teams": 8, "tables": 3, "first_to": [1]},
        {"format": "round-robin", "teams": 6, "tables": 3, "first_to": [1]},
    ],
    ids=lambda b: b["format"],
)
def test_a_table_link_reaches_the_match_at_its_table_and_nothing_else(client, body):
    """Every match is played with the table links the start handed out, never a new one;
    after every game each link opens exactly its table's match (as the director's table
    plan has it) and that match's games, and no other table's game; a match over at a table
    is closed to that table's link once the next is called there."""
    director, links = start(client, **body)
    draw = random.Random(20)
    played_at = {}  # game id -> the table it was played at
    for _step in range(200):
        view = director.view()
        if view["finished"]:
            break
        assert playing_at(view), "a match waits for a table, yet no table plays"
        for table, phone in links.items():
            read = phone.read()
            at = playing_at(director.view())  # a game just won may have called a match here
            if table not in at:
                assert read["waiting"], read
                continue
            assert read["match"]["bracket_match"]["id"] == at[table]
            assert not read["waiting"]
            game_id = phone.win_game(draw.randrange(2))
            played_at[game_id] = table
        # each link reaches the games of its table's match (the one called there last) only
        view = director.view()
        last = {}
        for m in view["matches"]:
            if m["table"] is not None and m["games"]:
                last.setdefault(m["table"], [])
                last[m["table"]].append(m)
        for game_id, table in played_at.items():
            for n, phone in links.items():
                read = phone.read()
                current = read["match"] and read["match"]["match"]["id"]
                mine = any(
                    g["id"] == game_id and m["match_id"] == current
                    for m in view["matches"]
                    for g in m["games"]
                )
                assert phone.reaches(game_id) == (mine and n == table), (game_id, n, table)
    else:
        raise AssertionError("the event never finished")
    assert view["finished"] and view["champion"] is not None
    assert all(phone.read()["event"]["finished"] for phone in links.values())


def test_a_table_link_reaches_no_director_route_and_no_other_event(client):
    """The link of table 1 opens its own table only: not table 2's read, not the director's
    view, not another event's table 1."""
    director, links = start(client, teams=4, tables=2, first_to=[1])
    other, _ = start(client, teams=4, tables=2, first_to=[1])
    auth = links[1].auth
    assert client.get(f"{director.url}", headers=auth, status=403).json["rule_code"]
    client.get(f"/api/events/{director.id}/tables/2", headers=auth, status=403)
    client.get(f"/api/events/{other.id}/tables/1", headers=auth, status=403)
    client.get(f"/api/events/{director.id}/tables/3", headers=director.auth, status=404)
    client.post_json(f"{director.url}/tables/1/link", None, headers=auth, status=403)


def test_the_next_match_at_a_table_needs_no_new_link(client):
    """8 teams, 2 tables, one game a match: when W1.1 ends at table 1, W1.3 is called there
    and the same link reads it and plays it; the two phones holding the link see the same."""
    director, links = start(client, teams=8, tables=2, first_to=[1])
    second_phone = TableLink(director, 1, director.links["1"])
    first = links[1].read()["match"]
    assert first["bracket_match"]["id"] == "W1.1"
    old_game = links[1].win_game(0)
    moved = links[1].read()
    assert moved["match"]["bracket_match"]["id"] == "W1.3" and not moved["waiting"]
    assert second_phone.read()["match"] == moved["match"]
    assert not links[1].reaches(old_game)  # the match before is closed to the table now
    links[1].win_game(1)
    assert links[1].read()["match"]["bracket_match"]["id"] != "W1.3"


def test_a_new_link_ends_the_old_one_in_the_tables_words(client):
    """The director's new link for a table (a lost phone): the old link is refused (403
    TABLE_LINK_ENDED, "replaced"), on the table and on its game; the new one reads the
    same match and plays it; the match's older per-match link stops too."""
    director, links = start(client, teams=4, tables=2, first_to=[1])
    game_id = links[1].read()["match"]["current_game"]
    per_match = director.tables["W1.1"]
    made = director.post("/tables/1/link", status=201).json
    assert made["table"] == 1 and made["table_token"] != director.links["1"]
    refused = links[1].read(status=403)
    assert refused["rule_code"] == "TABLE_LINK_ENDED"
    assert "replaced" in refused["message"] and "Bearer" not in refused["message"]
    assert not links[1].reaches(game_id)
    links[1].hand(game_id, 1, 0, status=403)
    client.get(
        f"/api/games/{game_id}",
        headers={"Authorization": f"Bearer {per_match}"},
        status=401,
    )
    fresh = TableLink(director, 1, made["table_token"])
    assert fresh.read()["match"]["current_game"] == game_id
    fresh.win_game(0)


def test_a_link_can_be_made_for_a_table_of_an_event_started_before_table_links(app, client):
    """An event started by an older release has no table links: the director makes each
    table's link (the one tap), and it reaches the match at that table."""
    director, _links = start(client, teams=4, tables=2, first_to=[1])
    with app.app_context(), flask_db.database.connection_context():
        EventTable.delete().execute()
    made = director.post("/tables/2/link", status=201).json["table_token"]
    phone = TableLink(director, 2, made)
    assert phone.read()["match"]["bracket_match"]["id"] == "W1.2"
    phone.win_game(1)


def test_a_polling_phone_gets_304_until_something_changes_at_the_event(client):
    """The table's read has an ETag: the same read again is 304 (one small read), and a hand
    at the table moves it."""
    director, links = start(client, teams=4, tables=2, first_to=[1])
    phone = links[1]
    first = client.get(phone.url, headers=phone.auth)
    etag = first.headers["ETag"]
    client.get(phone.url, headers={**phone.auth, "If-None-Match": etag}, status=304)
    phone.hand(first.json["match"]["current_game"], 1, 0)
    moved = client.get(phone.url, headers={**phone.auth, "If-None-Match": etag}, status=200)
    assert moved.headers["ETag"] != etag
