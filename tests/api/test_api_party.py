"""A progressive party through the API (docs/tournaments.md "Progressive parties"):
12 players over 4 rounds of 2 hands each, every hand sent through its table's link, the end
state written by hand; a party whose round is a game, with a sit-out and a crew's roster;
wrong input refused in words with nothing stored; the access matrix of every party route."""

import re
import uuid

from helpers.apitest import Table
from helpers.parties import HANDS, NORTH, PLAYERS, SOUTH, FixedDraw, auth, count, hand, make_party

from api.parties import director as party_director
from api.store.games import Match
from api.store.parties import Party, PartyPlayer

# Seed 42's seating of the 12 players (brackets.schedule), and who makes each of a table's
# two hands: (round, table) -> sides. Each table's score is two marks between its sides.
SEATING = {
    1: [
        "Table 1: Flo and Bo against Lu and Di",
        "Table 2: Cy and Gus against Ann and Kit",
        "Table 3: Ivy and Hal against Ed and Jo",
    ],
    2: [
        "Table 1: Lu and Jo against Di and Ann",
        "Table 2: Bo and Hal against Cy and Ivy",
        "Table 3: Gus and Kit against Flo and Ed",
    ],
    3: [
        "Table 1: Kit and Bo against Hal and Jo",
        "Table 2: Lu and Flo against Ed and Cy",
        "Table 3: Ivy and Di against Ann and Gus",
    ],
    4: [
        "Table 1: Lu and Gus against Cy and Jo",
        "Table 2: Flo and Hal against Ivy and Ann",
        "Table 3: Di and Bo against Ed and Kit",
    ],
}
# Worked by hand from SEATING and HANDS: (total marks, tables won), e.g. Flo: 2 + 2 + 2 + 0,
# winning three tables. The 48 marks of the 24 hands (two players a side) add up.
TOTALS = {
    "Ann": (5, 1),
    "Bo": (5, 2),
    "Cy": (1, 0),
    "Di": (3, 0),
    "Ed": (5, 2),
    "Flo": (6, 3),
    "Gus": (4, 1),
    "Hal": (4, 2),
    "Ivy": (3, 1),
    "Jo": (5, 2),
    "Kit": (2, 0),
    "Lu": (5, 2),
}
# Most total, then most tables won, then entry order (Bo, Ed, Jo, Lu: 5 and 2 tables each).
# After the correction: Cy 2 (1 table won), Gus 5 (2), Ann 4 (1), Kit 1 (0).
STANDINGS_AFTER_CORRECTION = [
    *("Flo", "Bo", "Ed", "Gus", "Jo", "Lu", "Hal", "Ann", "Ivy", "Di", "Cy", "Kit"),
]
TWOS = {"Cy": 2, "Gus": 5, "Ann": 4, "Kit": 1}
STANDINGS = ["Flo", "Bo", "Ed", "Jo", "Lu", "Ann", "Hal", "Gus", "Ivy", "Di", "Kit", "Cy"]


def test_a_twelve_player_party_of_four_rounds_played_through_the_table_links(client, monkeypatch):
    """A 12-player progressive party of 4 rounds with real hands
    through its tables' links. A round of 2 hands ends each table's game at its second hand
    (the hand limit); the next round starts only once every table is over; each link reaches
    its table's game of the round and nothing else; totals and standings are derived from
    the hands (docs/tournaments.md "Progressive parties": totals, standings' tie-breaks)."""
    monkeypatch.setattr(party_director, "_DRAW", FixedDraw())
    # The director pastes the names one a line; the phone sends them as a list.
    created = make_party(client, hands_per_round=2, players=PLAYERS)
    boss = auth(created["director_token"])
    url = f"/api/parties/{created['id']}"
    assert created["players"] == PLAYERS and created["round"] == 0
    started = client.post(f"{url}/start", headers=boss).json
    links = started["table_links"]
    assert sorted(links) == ["1", "2", "3"] and started["round"] == 1
    public = client.get(url, headers=auth(created["public_token"])).json
    assert "next_round" not in public and "table_links" not in public
    board = client.get(f"/party/{created['public_token']}").text  # the room's TV
    assert "Round 1 of 4" in board and "Flo and Bo" in board and "Sitting out" not in board
    client.get(f"/party/{created['director_token']}", status=404)  # only the public token

    old_games = {}
    for number in range(1, 5):
        view = client.get(url, headers=boss).json
        assert [t["words"] for t in view["seating"][number - 1]["tables"]] == SEATING[number]
        assert view["next_round"] is None  # the round is being played
        for table in (1, 2, 3):
            token = links[str(table)]
            read = client.get(f"{url}/tables/{table}", headers=auth(token))
            assert read.json["words"] == SEATING[number][table - 1]
            assert read.json["round"] == number and read.json["waiting"] is False
            game = read.json["game"]
            assert game["first_dealer"] == number - 1  # the first shake moves round the table
            first, second = HANDS[(number, table)]
            seen = client.get(url, headers=boss)
            hand(client, game["id"], token, 1, first)
            moved = client.get(url, headers={**boss, "If-None-Match": seen.etag})
            assert moved.status_code == 200 and moved.etag != seen.etag  # a hand moves it
            same = client.get(
                f"{url}/tables/{table}", headers={**auth(token), "If-None-Match": read.etag}
            )
            assert same.status_code == 200 and same.etag != read.etag  # the hand moved it
            assert (
                client.get(
                    f"{url}/tables/{table}", headers={**auth(token), "If-None-Match": same.etag}
                ).status_code
                == 304
            )
            if table == 3:  # tables 1 and 2 are over, table 3 still plays: not yet
                early = client.post_json(
                    f"{url}/rounds", {"round": number + 1}, headers=boss, status=409
                ).json
                if number < 4:
                    assert early["rule_code"] == "ROUND_NOT_OVER"
                    assert "table 3" in early["message"]
            last = hand(client, game["id"], token, 2, second).json["result"]
            assert last["game_over"] and last["end_reason"] == "hand_limit"
            if number == 1 and table == 1:  # the round's hands are played: no third
                refused = hand(client, game["id"], token, 3, NORTH, status=422).json
                assert refused["rule_code"] == "GAME_OVER"
            if number > 1:  # the link no longer reaches the table's game of the last round
                hand(client, old_games[table], token, 3, NORTH, status=403)
            old_games[table] = game["id"]
            other = links[str(table % 3 + 1)]  # another table's link: not this game
            hand(client, game["id"], other, 3, NORTH, status=403)
        view = client.get(url, headers=boss).json
        if number < 4:
            assert view["next_round"] == number + 1
            client.post_json(f"{url}/rounds", {"round": number + 1}, headers=boss)
            again = client.post_json(f"{url}/rounds", {"round": number + 1}, headers=boss).json
            assert again["round"] == number + 1  # sent twice: one round started

    final = client.get(url, headers=auth(created["public_token"]))
    client.get(
        url, headers={**auth(created["public_token"]), "If-None-Match": final.etag}, status=304
    )
    assert client.get(url, headers={**boss, "If-None-Match": final.etag}).status_code == 200
    final = final.json
    assert final["finished"] is True and final["round"] == 4
    standings = final["standings"]
    assert [line["player"] for line in standings] == STANDINGS
    assert [line["place"] for line in standings] == list(range(1, 13))
    assert {line["player"]: (line["total"], line["tables_won"]) for line in standings} == TOTALS
    assert all(line["tables_played"] == 4 and line["sat_out"] == 0 for line in standings)
    assert standings[0]["how"] == "6 in all, won 3 of 4 tables"
    table_scores = [[t["totals"] for t in r["tables"]] for r in final["seating"]]
    assert table_scores[0] == [[2, 0], [1, 1], [0, 2]]
    # The director puts right round 1's second hand at table 2 (north made it, not south):
    # the totals and standings follow from the hands (Cy and Gus +1, Ann and Kit -1).
    game_id = final["seating"][0]["tables"][1]["game_id"]
    etag = client.get(f"/api/games/{game_id}", headers=boss).etag
    client.put_json(
        f"/api/games/{game_id}/hands/2",
        {"bidder": NORTH, "bid": 30, "result": {"captured": 35}},
        headers={**boss, "If-Match": f'"{etag}"'},
    )
    hand(client, game_id, links["2"], 3, NORTH, status=403)  # the table's link: not any more
    after = client.get(url, headers=boss).json["standings"]
    assert [line["player"] for line in after] == STANDINGS_AFTER_CORRECTION
    assert {line["player"]: line["total"] for line in after if line["player"] in TWOS} == TWOS
    over = client.post_json(f"{url}/rounds", {"round": 5}, headers=boss, status=409).json
    assert over["rule_code"] == "PARTY_OVER" and over["message"] == (
        "Church social has 4 rounds: the party is over"
    )


def test_a_round_of_a_whole_game_with_a_sit_out_and_players_from_a_crew(client):
    """A round can be one game (the director picks); with 5 players one sits out and is
    credited the round's average side score once its table is in (docs/tournaments.md
    "Totals"). The players come from a crew's roster with the crew's token."""
    crew = client.post_json("/api/crews", {"name": "Thursday table"}).json
    crew_auth = auth(crew["token"])
    for name in ["Ann", "Bo", "Cy", "Di", "Ed"]:
        client.post_json(
            f"/api/crews/{crew['id']}/players",
            {"id": str(uuid.uuid4()), "name": name},
            headers=crew_auth,
        )
    body = {"name": "Reunion", "ruleset": "straight-42", "rounds": 1, "crew_id": crew["id"]}
    client.post_json("/api/parties", body, status=401)  # the crew's token is needed
    created = client.post_json("/api/parties", body, headers=crew_auth, status=201).json
    assert created["players"] == ["Ann", "Bo", "Cy", "Di", "Ed"]
    url, boss = f"/api/parties/{created['id']}", auth(created["director_token"])
    started = client.post(f"{url}/start", headers=boss).json
    seating = started["seating"][0]
    (sitting,) = seating["sitting_out"]
    assert seating["sitting_out_words"] == f"Sitting out: {sitting}"
    token = started["table_links"]["1"]
    game_id = client.get(f"{url}/tables/1", headers=auth(token)).json["game"]["id"]
    for hand_no in range(1, 5):  # four 2-mark hands to north: 8 marks, past the 7 of a game
        result = client.post_json(
            f"/api/games/{game_id}/hands",
            {"hand_no": hand_no, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}},
            headers={**auth(token), "Idempotency-Key": uuid.uuid4().hex},
        ).json["result"]
    assert result["game_over"] and result["end_reason"] == "target"
    final = client.get(url, headers=boss).json
    assert final["finished"] is True and final["next_round"] is None
    north = seating["tables"][0]["north"]
    totals = {line["player"]: line["total"] for line in final["standings"]}
    # north 8, south 0: the sit-out gets the average side score, (8 + 0) / 2 = 4
    assert sorted(totals.values()) == [0, 0, 4, 8, 8]
    assert totals[sitting] == 4 and all(totals[p] == 8 for p in north)


BAD = [
    # (body, rule_code, words the message says)
    ({"players": ["Ann", "ann "]}, "DUPLICATE_PLAYER", "ann is entered twice: give one of them"),
    ({"players": ["Ann", " "]}, "BAD_NAME", "every player needs a name"),
    ({"rounds": 0}, "BAD_INPUT", "0 is not a number of rounds: a party plays 1 to 20 rounds"),
    ({"rounds": 61}, "BAD_INPUT", "61 is not a number of rounds"),
    ({"hands_per_round": 21}, "BAD_INPUT", "21 is not a round's length"),
    ({"hands_per_round": 2, "ruleset": "points-250"}, "HANDS_NEED_MARKS", "counted in marks"),
    ({"ruleset": "nope"}, None, "nope"),
    ({"ruleset": "three-hand-42"}, "MATCH_NEEDS_TWO_TEAMS", "party table"),
    ({"players": ["A name far too long for a seat card"]}, "BAD_INPUT", "1 to 25 characters"),
    ({"table": 3}, "UNKNOWN_FIELD", '"table" is not something the scorepad knows here'),
]


def test_wrong_input_is_refused_in_words_and_nothing_is_stored(client):
    """Every wrong value is a 4xx in the one error shape naming it, never stored (one app
    for every case: each costs a request, not an app)."""
    for change, code, words in BAD:
        body = {"name": "Social", "ruleset": "straight-42", "rounds": 3, **change}
        refused = client.post_json("/api/parties", body, status=422).json
        assert set(refused) >= {"code", "status", "message", "rule_code"}
        assert code is None or refused["rule_code"] == code, change
        assert words in refused["message"], change
        assert not any(knob in refused["message"] for knob in ("hands_per_round", "players["))
    assert count(Party) == 0 and count(PartyPlayer) == 0


def test_a_start_with_too_few_players_and_changes_after_the_start_are_refused(client):
    """Three players cannot make a table (422, nothing seated); once started the players are
    fixed (409 PARTY_STARTED)."""
    created = make_party(client, name="Social night", players=["Ann", "Bo", "Cy"])
    url, boss = f"/api/parties/{created['id']}", auth(created["director_token"])
    few = client.post(f"{url}/start", headers=boss, status=422).json
    assert few["message"] == (
        "Social night has 3 players: a table needs four, so enter at least four before the start"
    )
    assert count(Match) == 0 and client.get(url, headers=boss).json["round"] == 0
    players = client.put_json(f"{url}/players", {"players": PLAYERS[:4]}, headers=boss).json
    assert players["players"] == PLAYERS[:4]
    client.post(f"{url}/start", headers=boss)
    late = client.put_json(f"{url}/players", {"players": PLAYERS}, headers=boss, status=409)
    assert late.json["rule_code"] == "PARTY_STARTED"
    assert client.get(url, headers=boss).json["players"] == PLAYERS[:4]


CREDENTIALS = ["director", "public", "table 1", "table 2", "other party", "game", "none"]
# (method, path, body) -> status for each credential, in CREDENTIALS' order. The party has
# started (so the director's writes of the players and the start are 409, and the next
# round waits for the tables: 409 too).
MATRIX = [
    ("get", "", None, [200, 200, 403, 403, 403, 403, 401]),
    ("put", "/players", {"players": PLAYERS}, [409, 403, 403, 403, 403, 403, 401]),
    ("post", "/start", None, [409, 403, 403, 403, 403, 403, 401]),
    ("post", "/rounds", {"round": 2}, [409, 403, 403, 403, 403, 403, 401]),
    ("get", "/tables/1", None, [200, 403, 200, 403, 403, 403, 401]),
    ("get", "/export", None, [200, 403, 403, 403, 403, 403, 401]),  # the party as a file
    # last: the director's new link for table 2 ends the "table 2" token
    ("post", "/tables/2/link", None, [201, 403, 403, 403, 403, 403, 401]),
    # the director's delete is sent at the end of the test, once the rest is checked
    ("delete", "", None, [200, 403, 403, 403, 403, 403, 401]),
]


def test_every_party_route_by_every_token(client):
    """docs/tournaments.md "Progressive parties", access: the director reaches everything,
    the public token only reads the party, a table's link only its own table; another
    party's token or a game's is 403, no token 401; nothing changes on a refusal."""
    doc = client.get("/api/openapi.json").json["paths"]
    documented = {
        (method, path.removeprefix("/api/parties/{party_id}"))
        for path, item in doc.items()
        if path.startswith("/api/parties/")
        for method in item
        if method != "parameters"
    }
    assert documented == {
        (method, re.sub(r"/tables/\d", "/tables/{table}", path))
        for method, path, _body, _statuses in MATRIX
    }
    created = make_party(client, players=PLAYERS[:8])
    url, boss = f"/api/parties/{created['id']}", auth(created["director_token"])
    links = client.post(f"{url}/start", headers=boss).json["table_links"]
    other = make_party(client)
    tokens = {
        "director": created["director_token"],
        "public": created["public_token"],
        "table 1": links["1"],
        "table 2": links["2"],
        "other party": other["director_token"],
        "game": Table(client).token,
        "none": None,
    }
    before = client.get(url, headers=boss).json
    for method, path, body, statuses in MATRIX:
        # no token first, the director last (whose new link ends table 2's)
        for credential, status in reversed(list(zip(CREDENTIALS, statuses, strict=True))):
            if method == "delete" and credential == "director":
                continue
            headers = auth(tokens[credential]) if tokens[credential] else {}
            kwargs = {"headers": headers, "status": status}
            if body is None:
                getattr(client, method)(f"{url}{path}", **kwargs)
            else:
                getattr(client, f"{method}_json")(f"{url}{path}", body, **kwargs)
    assert client.get(url, headers=boss).json == before  # no refusal changed anything
    old_link, new_link = tokens["table 2"], client.post(f"{url}/tables/2/link", headers=boss)
    # the replaced link is refused in the table's words, on its table and on its game
    ended = client.get(f"{url}/tables/2", headers=auth(old_link), status=403).json
    assert ended["rule_code"] == "TABLE_LINK_ENDED"
    assert ended["message"].startswith("this link for table 2 was replaced")
    assert "Bearer" not in ended["message"]
    refused = client.get(f"{url}/tables/1", headers=auth(old_link), status=403).json
    assert refused["rule_code"] == "TABLE_LINK_ENDED"  # an ended link: ended at any table
    table_two = client.get(f"{url}/tables/2", headers=auth(new_link.json["table_token"])).json
    hand(client, table_two["game"]["id"], new_link.json["table_token"], 1, NORTH)
    hand(client, table_two["game"]["id"], old_link, 2, NORTH, status=403)
    # the table's game: its link and the director, nobody else
    game_id = before["seating"][0]["tables"][0]["game_id"]
    tokens["table 2"] = new_link.json["table_token"]
    for credential in ("public", "table 2", "other party", "game"):
        hand(client, game_id, tokens[credential], 1, NORTH, status=403)
    hand(client, game_id, tokens["director"], 1, NORTH)
    hand(client, game_id, tokens["table 1"], 2, SOUTH)
    client.get(f"{url}/tables/3", headers=boss, status=404)  # 8 players: two tables
    client.get(f"/api/parties/{uuid.uuid4()}", headers=boss, status=404)
    deleted = MATRIX[-1][3][0]
    assert client.delete(url, headers=boss, status=deleted).json["games"] == 2
    client.get(url, headers=auth(tokens["public"]), status=401)  # its links are gone with it
