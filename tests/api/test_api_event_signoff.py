"""Results signed at the table and "Call the director" ("the table phone
asks the other team to confirm the result with one tap. A signed game is closed to the table:
an edit is refused in table words, and only the director can change it"; Bridgemate's "North
enters, East confirms"; docs/tournaments.md "Sign-off" and "Calling the director")."""

import uuid

from helpers.eventtest import TWO_MARKS
from helpers.table_links import TableLink, start


def undo(client, game_id, auth, hand_no, status):
    headers = {**auth, "If-Match": "*"}
    return client.delete(f"/api/games/{game_id}/hands/{hand_no}", headers=headers, status=status)


def edit(client, game_id, auth, hand_no, side, status):
    headers = {**auth, "If-Match": "*"}
    body = {"bidder": side, **TWO_MARKS}
    return client.put_json(
        f"/api/games/{game_id}/hands/{hand_no}", body, headers=headers, status=status
    )


def sign(phone, game_id, status=200):
    return phone.client.post_json(
        f"{phone.url}/sign-off", {"game_id": game_id}, headers=phone.auth, status=status
    )


def test_the_losing_team_signs_and_the_game_is_closed_to_the_table(client):
    """Game 1 of a best of 3 won by side 0 4 hands to none: the table's read asks side 1 to
    sign "won 8 to 0"; signing before the end is refused; once signed, the table's undo, edit
    and new hand are 409 GAME_SIGNED in the table's words (the older per-match link too),
    signing again answers as before, and the director's undo goes through."""
    director, links = start(client, teams=4, tables=2, first_to=[2])
    phone = links[1]
    first = phone.read()["match"]["current_game"]
    phone.hand(first, 1, 0)
    refused = sign(phone, first, status=409).json
    assert refused["rule_code"] == "GAME_NOT_OVER"
    for hand_no in range(2, 5):
        phone.hand(first, hand_no, 0)
    read = phone.read()
    asked = read["to_sign"]
    assert asked["game_id"] == first and asked["winner"] == 0 and asked["signer"] == 1
    assert asked["totals"] == [8, 0] and asked["teams"] == ["Team 1", "Team 4"]
    signed = sign(phone, first).json
    assert signed["to_sign"] is None and signed["signed"][first]["side"] == 1
    again = sign(phone, first).json
    assert again["signed"] == signed["signed"]
    for refusal in (
        undo(client, first, phone.auth, 4, 409),
        edit(client, first, phone.auth, 2, 1, 409),
        phone.hand(first, 5, 0, status=409),
        undo(client, first, {"Authorization": f"Bearer {director.tables['W1.1']}"}, 4, 409),
    ):
        body = refusal.json
        assert body["rule_code"] == "GAME_SIGNED"
        assert "signed by Team 4" in body["message"] and "director" in body["message"]
    undo(client, first, director.auth, 4, 200)  # the director's alone
    assert phone.read()["match"]["match"]["score"] == [0, 0]


def test_the_deciding_game_is_signed_after_the_next_match_is_called(client):
    """The game that decides a match calls the next match to the table at once: the table's
    read shows the next match and still asks for the deciding game's signature (the match
    before at this table), and the link can sign it, though it no longer edits it."""
    director, links = start(client, teams=8, tables=2, first_to=[1])
    phone = links[1]
    decided = phone.win_game(1)
    read = phone.read()
    assert read["match"]["bracket_match"]["id"] == "W1.3"
    assert read["to_sign"]["game_id"] == decided and read["to_sign"]["signer"] == 0
    assert sign(phone, decided).json["to_sign"] is None
    assert not phone.reaches(decided)
    links[2].client.post_json(  # a game of another table is not this table's to sign
        f"{links[2].url}/sign-off", {"game_id": decided}, headers=links[2].auth, status=404
    )


def test_the_directors_correction_of_a_signed_result_flows_downstream(client):
    """W1.1 and W1.2 signed; the final called with W1.1's winner. The director corrects
    W1.1: the final (no hand yet) is called again with the corrected winner, and the signed
    game keeps its signature: signing records a fact, the result stays derived."""
    director, links = start(client, teams=4, tables=2, first_to=[1])
    one = links[1].win_game(0)
    two = links[2].win_game(0)
    sign(links[1], one)
    sign(links[2], two)
    view = director.view()
    w11 = director.match(view, "W1.1")
    final = director.match(view, "W2.1")
    assert final["teams"][0] == w11["winner"]
    loser = next(t for t in w11["teams"] if t != w11["winner"])
    after = director.post("/matches/W1.1/correction", {"winner": loser}).json
    assert director.match(after, "W2.1")["teams"][0] == loser
    assert director.match(after, "W1.1")["how"] == "correction"
    read = links[1].read()
    assert read["match"]["bracket_match"]["id"] == "W2.1"
    assert read["match"]["teams"][0]["id"] == loser
    headers = {**links[1].auth, "Idempotency-Key": uuid.uuid4().hex}
    client.post_json(  # the signed game of the match before stays closed to the table
        f"/api/games/{one}/hands",
        {"hand_no": 5, "bidder": 0, **TWO_MARKS},
        headers=headers,
        status=403,
    )


def test_a_call_shows_to_the_director_and_the_board_until_answered(client):
    """Table 2 calls the director: the director's view and the public view (the board's)
    list it, the board page shows it, calling again keeps the one call, and the director's
    one tap answers it: gone from every view, and the public ETag moved each time."""
    director, links = start(client, teams=4, tables=2, first_to=[1])
    etag = client.get(f"/api/e/{director.public}").headers["ETag"]
    called = links[2].client.post_json(f"{links[2].url}/call", None, headers=links[2].auth)
    assert called.json["call"]["at"]
    links[2].client.post_json(f"{links[2].url}/call", None, headers=links[2].auth)
    calls = director.view()["calls"]
    assert [c["table"] for c in calls] == [2]
    public = client.get(f"/api/e/{director.public}")
    assert public.headers["ETag"] != etag and [c["table"] for c in public.json["calls"]] == [2]
    board = client.get(f"/b/{director.public}").text
    assert "Table 2 calls the director" in board
    assert links[1].read()["call"] is None  # table 1 did not call
    answered = client.delete(f"{director.url}/tables/2/call", headers=director.auth).json
    assert answered["calls"] == []
    assert links[2].read()["call"] is None
    assert client.get(f"/api/e/{director.public}").json["calls"] == []
    assert "calls the director" not in client.get(f"/b/{director.public}").text


def test_a_phone_with_the_tables_link_moves_on_to_the_next_game_of_a_series(client):
    """Two phones with table 1's link: one starts game 2 of the series, the other's read
    shows it as the game under way (its screen opens it)."""
    director, links = start(client, teams=4, tables=2, first_to=[2])
    other_phone = TableLink(director, 1, director.links["1"])
    links[1].win_game(0)
    assert other_phone.read()["match"]["next_game_no"] == 2
    started = (
        links[1]
        .client.post_json(
            f"/api/matches/{links[1].read()['match']['match']['id']}/games",
            {"game_no": 2},
            headers=links[1].auth,
            status=201,
        )
        .json["game"]["id"]
    )
    assert other_phone.read()["match"]["current_game"] == started
