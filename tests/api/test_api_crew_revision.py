"""A crew's statistics and ratings are read by the crew's revision (store/crews.py),
which every write that changes what they read moves on: the ETag then changes and the kept
answer is not served again (docs/crews.md "Ratings": replayed at every change, never stored).

One crew is played through every such write in turn; after each, the ratings read with the
previous ETag must answer 200 (not 304) with what the write changed, and the statistics too.
"""

from types import SimpleNamespace

from helpers.apitest import Table, made
from helpers.crew_ratings import ANN, BOB, CY, DI, by_name, decided, ratings
from helpers.crews import NAMES, Crew, edit
from helpers.eventtest import Director
from helpers.set_aside import FOUR_MARKS, restore, ten_hands
from helpers.set_aside import edit as edit_later


def moved(crew, before):
    """The ratings and statistics after a write, read with the ETags `before` (a pair of
    responses) held: both must have moved on (200, new ETags)."""
    rated = ratings(crew, **{"If-None-Match": before[0].headers["ETag"]})
    summed = crew.client.get(
        f"{crew.url}/stats", headers={**crew.auth, "If-None-Match": before[1].headers["ETag"]}
    )
    assert (rated.status_int, summed.status_int) == (200, 200)
    assert rated.headers["ETag"] != before[0].headers["ETag"]
    assert summed.headers["ETag"] != before[1].headers["ETag"]
    ratings(crew, status=304, **{"If-None-Match": rated.headers["ETag"]})  # and now it stays
    return rated, summed


def rated_ids(reads):
    return [g["id"] for g in reads[0].json["rated_games"]]


def test_every_write_a_crew_reads_moves_its_revision(client):
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    one, two = decided(client, crew, 0), decided(client, crew, 1)
    reads = (ratings(crew), crew.stats())
    assert by_name(reads[0].json)[BOB]["rating"] == 1.28  # the golden pair of games

    # the roster: a new player is listed by the statistics' players only once seated
    crew.player("Eve")
    reads = moved(crew, reads)

    # a game in, its first shaker changed before any hand, then its deciding hand
    third = Table(client, start_totals=[6, 6])
    crew.attach(third, NAMES)
    reads = moved(crew, reads)
    assert reads[1].json["games"] == 3
    client.put_json(
        f"{third.url}/first-dealer",
        {"first_dealer": 1},
        headers={**third.auth, "If-Match": third.etag()},
    )
    reads = moved(crew, reads)
    third.hand(1, **made(bidder=0, bid=30, captured=35))
    reads = moved(crew, reads)
    assert rated_ids(reads) == [one.id, two.id, third.id]

    # the last hand undone: game 3 is no longer over, so no longer rated
    client.delete(f"{third.url}/hands/1", headers={**third.auth, "If-Match": third.etag()})
    reads = moved(crew, reads)
    assert rated_ids(reads) == [one.id, two.id]

    # a past hand edited: game 1 goes to Bob and Di (test_api_crew_ratings' worked numbers)
    edit(one, 1, **made(bidder=0, bid=30, captured=20))
    reads = moved(crew, reads)
    assert {n: p["rating"] for n, p in by_name(reads[0].json).items()} == {
        ANN: -2.56,
        CY: -2.56,
        BOB: 4.36,
        DI: 4.36,
    }

    # the seats changed: Ann and Bob swap in game 2, so Ann and Di win it (seats 2 and 4):
    # Di alone has won both games, Bob now lost one
    swapped = [crew.ids[n] for n in (BOB, ANN, CY, DI)]
    client.put_json(f"/api/games/{two.id}/seats", {"seats": swapped}, headers=two.auth)
    reads = moved(crew, reads)
    players = by_name(reads[0].json)
    assert reads[0].json["players"][0]["name"] == DI
    assert players[DI]["rating"] > players[ANN]["rating"] > -2.56
    assert players[BOB]["rating"] < 4.36

    # hands set aside by an edit that ends a game sooner (the game is over: rated), then
    # put back (it goes on: not rated)
    fourth = Table(client)
    crew.attach(fourth, NAMES)
    ten_hands(fourth)
    reads = moved(crew, reads)
    edit_later(fourth, 2, FOUR_MARKS, later="set_aside")
    reads = moved(crew, reads)
    assert fourth.id in rated_ids(reads)
    restore(fourth)
    reads = moved(crew, reads)
    assert fourth.id not in rated_ids(reads)

    # a game taken out of the crew, and a game deleted
    client.delete(f"{crew.url}/games/{one.id}", headers=crew.auth, status=204)
    reads = moved(crew, reads)
    assert rated_ids(reads) == [two.id]
    client.delete(two.url, headers=two.auth, status=204)
    reads = moved(crew, reads)
    assert rated_ids(reads) == [] and reads[1].json["games"] == 2  # the third and fourth


def test_deleting_an_event_moves_the_revision_of_a_crew_holding_one_of_its_games(client):
    """docs/tournaments.md: deleting an event deletes its games, so a crew that kept one (put
    in with the table's token) counts one game fewer."""
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    director = Director(client, teams=2, first_to=[1], tables=1)
    director.check_in_all()
    bracket_id = director.start()["matches"][0]["id"]
    phone = director.table(bracket_id)
    game_id = phone.view()["current_game"]  # game 1 is made when the match is called
    table = SimpleNamespace(id=game_id, token=director.tables[bracket_id])
    crew.attach(table, NAMES)
    reads = (ratings(crew), crew.stats())
    assert reads[1].json["games"] == 1
    client.delete(director.url, headers=director.auth)
    reads = moved(crew, reads)
    assert reads[1].json["games"] == 0


def test_time_called_moves_the_revision_of_a_crew_holding_the_game(client):
    """docs/rules.md 36: time called between hands ends the game with the side ahead winning
    (api/play/time_call.py). The hand log is unchanged, but the game's end is not: a crew
    holding the game rates it from then on."""
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    director = Director(client, teams=2, first_to=[1], tables=1, time_limit_minutes=50)
    director.check_in_all()
    bracket_id = director.start()["matches"][0]["id"]
    phone = director.table(bracket_id)
    game_id = phone.view()["current_game"]
    table = SimpleNamespace(id=game_id, token=director.tables[bracket_id])
    crew.attach(table, NAMES)
    headers = {"Authorization": f"Bearer {table.token}", "Idempotency-Key": "time-called-1"}
    client.post_json(f"/api/games/{game_id}/hands", {"hand_no": 1, **made(0)}, headers=headers)
    reads = (ratings(crew), crew.stats())
    assert rated_ids(reads) == []  # under way: not rated yet
    director.post("/tables/1/time", {"in_play": False})
    reads = moved(crew, reads)
    assert rated_ids(reads) == [game_id]  # ended on time: rated
