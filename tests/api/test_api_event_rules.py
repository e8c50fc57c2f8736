"""What a director is refused, and how the public view and the calling of matches behave
(docs/tournaments.md): every refusal a 4xx in the one error shape, naming the
value, with nothing stored; the public view's ETag and 304; its cost not growing with the
event; and two servers calling the same match make it once."""

import datetime
import threading

import pytest
from helpers.event_rules import count_queries, refused, stored
from helpers.eventtest import Director, names

from api.store.db import flask_db
from api.store.events import EventMatch

THREADS = 8


@pytest.mark.parametrize(
    ("body", "status", "rule_code", "words"),
    [
        ({"format": "progressive-party"}, 422, "BAD_INPUT", None),
        ({"format": "swiss"}, 422, "BAD_FORMAT", "a swiss needs its number of rounds"),
        ({"format": "drawn", "rounds": 31}, 422, "BAD_INPUT", "give the rounds, 1 to 30"),
        ({"rounds": 3}, 422, "BAD_FORMAT", "only swiss and drawn rounds"),
        ({"format": "round-robin-playoff"}, 422, "BAD_FORMAT", "championship"),
        ({"advance": 2}, 422, "BAD_FORMAT", "only a round robin"),
        ({"ruleset": "moon"}, 422, "MATCH_NEEDS_TWO_TEAMS", "3 sides"),
        ({"first_to": [0]}, 422, "BAD_INPUT", None),
        ({"tables": 0}, 422, "BAD_INPUT", None),
        ({"teams": [{"name": "Solo", "players": ["Al"]}]}, 422, "BAD_INPUT", None),
        (
            {"teams": [*names(2), {"name": "team 1", "players": ["X", "Y"]}]},
            409,
            "TEAM_NAME_TAKEN",
            "team 1",
        ),
        ({"seeding": "by ranking"}, 422, "BAD_INPUT", None),
    ],
)
def test_a_bad_event_is_refused_and_nothing_stored(app, client, body, status, rule_code, words):
    base = {"name": "Club", "ruleset": "straight-42", "format": "single-elimination"}
    before = stored(app)
    response = client.post_json("/api/events", {**base, **body}, expect_errors=True)
    message = refused(response, status, rule_code)
    assert words is None or words in message.lower()
    assert stored(app) == before


def test_check_in_late_teams_and_the_start(app, client):
    """Teams not checked in by the director's time can be dropped; the start
    waits for every team still in; after it, the list is fixed."""
    director = Director(client, teams=4)
    ids = director.team_ids()
    director.post(f"/teams/{ids['Team 1']}/check-in")
    message = refused(director.post("/start", status=409), 409, "NOT_CHECKED_IN")
    assert "Team 2, Team 3, Team 4" in message and "Team 1" not in message
    refused(director.post(f"/teams/{ids['Team 2']}/drop", status=409), 409, "CHECK_IN_OPEN")
    refused(director.post(f"/teams/{ids['Team 1']}/drop", status=409), 409, "TEAM_CHECKED_IN")
    past = (datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=1)).isoformat()
    view = client.patch_json(director.url, {"checkin_deadline": past}, headers=director.auth).json
    assert view["late"] == [ids["Team 2"], ids["Team 3"], ids["Team 4"]]
    director.post(f"/teams/{ids['Team 3']}/drop")
    refused(director.post(f"/teams/{ids['Team 3']}/check-in", status=409), 409, "TEAM_DROPPED")
    director.post(f"/teams/{ids['Team 2']}/check-in")
    director.post(f"/teams/{ids['Team 4']}/check-in")
    view = director.start()
    assert [t["seed"] for t in view["teams"]] == [1, 2, None, 3]
    assert view["teams"][2]["dropped"] is True
    assert [m["teams"] for m in view["matches"]][0] == [ids["Team 1"], "bye"]
    before = stored(app)
    refused(
        director.post("/teams", {"name": "Late", "players": ["A", "B"]}, status=409),
        409,
        "EVENT_STARTED",
    )
    refused(director.post("/start", status=409), 409, "EVENT_STARTED")
    refused(
        client.patch_json(director.url, {"tables": 3}, headers=director.auth, status=409),
        409,
        "EVENT_STARTED",
    )
    assert stored(app) == before


def test_random_seeding_is_drawn_by_the_server_and_recorded(client):
    director = Director(client, teams=16, seeding="random")
    director.check_in_all()
    view = director.start()
    assert sorted(t["seed"] for t in view["teams"]) == list(range(1, 17))
    again = director.view()
    assert [t["seed"] for t in again["teams"]] == [t["seed"] for t in view["teams"]]


def test_forfeits_no_shows_and_corrections_that_cannot_be(app, client):
    director = Director(client, teams=4, first_to=[1], tables=1)
    director.check_in_all()
    view = director.start()
    seed = {t["seed"]: t["id"] for t in view["teams"]}
    before = stored(app)
    # Timpson: "more than 5 minutes late is eliminated"; the match was called just now.
    message = refused(
        director.post("/matches/W1.1/forfeit", {"team": seed[4], "reason": "no-show"}, status=409),
        409,
        "NOT_LATE_YET",
    )
    assert "5 minutes" in message
    refused(
        director.post("/matches/W1.2/forfeit", {"team": seed[3], "reason": "no-show"}, status=409),
        409,
        "NOT_LATE_YET",
    )  # not at a table yet: 1 table
    refused(
        director.post("/matches/W1.1/forfeit", {"team": seed[2]}, status=422), 422, "NOT_IN_MATCH"
    )
    refused(
        director.post("/matches/W2.1/forfeit", {"team": seed[1]}, status=409),
        409,
        "MATCH_NOT_READY",
    )
    refused(
        director.post("/matches/W1.1/correction", {"winner": seed[1]}, status=409),
        409,
        "MATCH_NOT_PLAYED",
    )
    for bad in ("W9.9", "Z1.1", "w1.1", "W1.1.1", "%00", "W" + "1" * 40):
        response = director.post(f"/matches/{bad}/forfeit", {"team": seed[1]}, status="*")
        assert response.status_int == 404, (bad, response)
    refused(
        director.post(
            "/matches/W1.1/forfeit", {"team": seed[4], "reason": "walked out"}, status=422
        ),
        422,
        "BAD_INPUT",
    )
    assert stored(app) == before
    director.post("/matches/W1.1/forfeit", {"team": seed[4]})
    refused(
        director.post("/matches/W1.1/forfeit", {"team": seed[4]}, status=409),
        409,
        "MATCH_ALREADY_PLAYED",
    )
    # The forfeit freed the one table: W1.2 is called there; W1.1's table link is gone.
    view = director.view()
    assert next(m for m in view["matches"] if m["id"] == "W1.2")["table"] == 1
    old = director.tables["W1.1"]
    client.get(
        f"{director.url}/matches/W1.1", headers={"Authorization": f"Bearer {old}"}, status=401
    )


def test_the_public_view_has_an_etag_and_answers_304_until_a_hand_is_played(client):
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    director.start()
    url = f"/api/e/{director.public}"
    assert director.created["public_url"].endswith(url)
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}, status=304).body == b""
    assert client.get(url).body == first.body  # the same body again, for a new viewer
    director.table("W1.1").win_game(0)
    assert client.get(url).body != first.body  # a hand anywhere in the event: never stale
    after = client.get(url, headers={"If-None-Match": etag}, status=200)
    assert after.headers["ETag"] != etag
    match = next(m for m in after.json["matches"] if m["id"] == "W1.1")
    assert match["score"] == [1, 0] and match["games"][0]["totals"] == [8, 0]
    assert match["games"][0]["game_over"] is True
    # Nothing secret on the public view.
    text = after.text
    assert director.token not in text and director.tables["W1.1"] not in text
    assert "records" not in after.json and "checked_in_at" not in text


def test_the_public_view_reads_the_same_few_times_for_4_or_32_teams(app, client):
    """The board's read: one read of all the event's games, not a query per match
    (scale); a 304 is one small read."""
    counts = []
    for teams in (4, 32):
        director = Director(client, teams=teams, first_to=[2], tables=teams // 2)
        director.check_in_all()
        director.start()
        director.table("W1.1").win_game(0)
        url = f"/api/e/{director.public}"
        counts.append(count_queries(app, url, client))
        etag = client.get(url).headers["ETag"]
        assert count_queries(app, url, client, **{"If-None-Match": etag}) == 1
        assert count_queries(app, url, client) == 1  # a body this process wrote for that ETag
    assert counts[0] == counts[1] <= 8


def test_two_servers_calling_the_next_match_at_once_call_it_once(app, client):
    """When a match is decided at its table, the next one is called by the first director's
    or table's read (a public read never writes: test_api_public_reads.py); reads at once
    (two app servers) make one Match for it, under the event's lock and the unique (event,
    match) index."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    director.table("W1.1").win_game(0)
    director.table("W1.2").win_game(1)  # W2.1 is callable now; nobody has read the event
    barrier = threading.Barrier(THREADS)
    answers = [None] * THREADS

    def read(i):
        own = app.test_client()
        barrier.wait()
        response = own.get(director.url, headers=director.auth)
        final = next(m for m in response.get_json()["matches"] if m["id"] == "W2.1")
        answers[i] = (response.status_code, final["match_id"], final["table"])

    threads = [threading.Thread(target=read, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert {status for status, _, _ in answers} == {200}
    assert len({(match_id, table) for _, match_id, table in answers}) == 1
    with app.app_context(), flask_db.database.connection_context():
        assert EventMatch.select().where(EventMatch.bracket_id == "W2.1").count() == 1


def test_an_edited_hand_moves_the_bracket_until_a_later_match_is_under_way(client):
    """The bracket is derived from the games' hand logs: editing a hand of a
    finished round-1 game so that it is no longer won takes its winner out of round 2; the
    round-2 match called with no hand played is taken back (never called twice), and called
    again once the game is won again. Once it has a hand played, the same edit is refused
    (409 LATER_MATCH_STARTED, docs/tournaments.md "Calling matches without a director"),
    whoever sends it: the director corrects the result instead."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    director.table("W1.1").win_game(0)
    director.table("W1.2").win_game(0)
    view = director.view()
    final = director.match(view, "W2.1")
    first_game = director.match(view, "W1.1")["games"][0]["id"]
    auth = director.auth  # the director reaches every game of the event

    def edit_hand_4(status):
        etag = client.get(f"/api/games/{first_game}", headers=auth).headers["ETag"]
        set_hand = {"bidder": 0, "bid": {"marks": 2}, "result": {"captured": 30}}
        url = f"/api/games/{first_game}/hands/4"
        return client.put_json(url, set_hand, headers={**auth, "If-Match": etag}, status=status)

    edit_hand_4(200)
    view = director.view()
    assert director.match(view, "W1.1")["status"] == "playing"
    assert director.match(view, "W2.1")["status"] == "waiting"
    assert view["stale"] == []
    body = {"hand_no": 5, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}}
    headers = {**auth, "Idempotency-Key": "w11-hand-5"}
    client.post_json(f"/api/games/{first_game}/hands", body, headers=headers, status=201)
    view = director.view()
    again = director.match(view, "W2.1")
    assert again["status"] == "playing" and again["match_id"] != final["match_id"]
    director.tables.pop("W2.1", None)  # the old call's link went with it
    phone = director.table("W2.1")
    game_id = phone.view()["current_game"]
    headers = {**phone.auth, "Idempotency-Key": "final-hand-1"}
    client.post_json(f"/api/games/{game_id}/hands", {**body, "hand_no": 1}, headers=headers)
    etag = client.get(f"/api/games/{first_game}", headers=auth).headers["ETag"]
    url = f"/api/games/{first_game}/hands/5"
    refused = client.delete(url, headers={**auth, "If-Match": etag}, status=409).json
    assert (refused["rule_code"], refused["locked"]) == ("LATER_MATCH_STARTED", ["W2.1"])
    view = director.view()
    assert director.match(view, "W2.1")["games"][0]["totals"] == [2, 0]
    assert director.match(view, "W1.1")["status"] == "played" and view["stale"] == []


def test_odd_ids_and_too_few_teams_are_refused_in_the_one_shape(app, client):
    director = Director(client, teams=1)
    before = stored(app)
    for team_id in ("0", "-1", "99999999999999999999999", "x"):
        response = director.post(f"/teams/{team_id}/check-in", status=404)
        assert response.json["rule_code"] == "NOT_FOUND"
    refused(director.post("/teams/2147483647/check-in", status=404), 404, "NOT_FOUND")
    refused(director.post("/matches/W1.1/table-token", status=409), 409, "EVENT_NOT_STARTED")
    refused(client.get(f"/api/e/{'a' * 200}", status=404), 404, "NOT_FOUND")
    director.check_in_all()
    before = stored(app)
    message = refused(director.post("/start", status=409), 409, "BAD_TEAMS")
    assert "2 to 256 teams, not 1" in message
    assert stored(app) == before
    director = Director(client, teams=3, first_to=[1])
    director.check_in_all()
    seed = {t["seed"]: t["id"] for t in director.start()["teams"]}
    message = refused(
        director.post("/matches/W1.2/forfeit", {"team": seed[1]}, status=422), 422, "NOT_IN_MATCH"
    )
    assert message == "Team 1 is not playing in match W1.2"


def test_paths_in_one_pass_are_those_of_brackets():
    """The view's paths (one pass over the matches) equal brackets' Tournament.path per team,
    byes and forfeits included (a 6-team double elimination played out by seed)."""
    from api.events.views import paths
    from api.events.views import side as _side
    from brackets import Format, Result, Tournament

    teams = [str(n) for n in range(1, 7)]
    event = Tournament(Format.DOUBLE, teams, first_to=(1,))
    while not event.finished:
        match = event.ready()[0]
        winner = min(match.teams, key=int) if match.id != "G1" else max(match.teams, key=int)
        event = event.record(Result(match.id, winner, forfeit=match.id.startswith("L")))
    expected = {
        team: [
            {"match": s.match, "opponent": _side(s.opponent), "won": s.won, "forfeit": s.forfeit}
            for s in event.path(team)
        ]
        for team in teams
    }
    assert paths(event, [int(t) for t in teams]) == expected
    assert any(step["opponent"] == "bye" for steps in expected.values() for step in steps)


def test_house_rules_are_checked_and_kept_for_every_game_of_the_event(app, client):
    """The ruleset preset with house rules, as a match takes them: a bad knob is
    refused by rules/ with nothing changed; a good one reaches each called match's games."""
    director = Director(client, teams=2, first_to=[1], rules={"target": 250}, ruleset="points-250")
    before = stored(app)
    response = client.patch_json(
        director.url, {"rules": {"no_such_knob": 1}}, headers=director.auth, status=422
    )
    assert response.json["rule_code"] == "BAD_OVERRIDE"
    assert stored(app) == before
    view = client.patch_json(
        director.url, {"rules": {"target": 300, "name": "Club"}}, headers=director.auth
    ).json
    assert view["rules"] == {"target": 300}
    director.check_in_all()
    director.start()
    game = director.table("W1.1").view()["match"]
    assert game["rules"]["target"] == 300 and game["ruleset"] == "points-250"


def test_entering_a_team_answers_201_as_documented(client):
    """`POST /api/events/{id}/teams` creates a team; its OpenAPI entry
    and docs/tournaments.md say 201, and the server answers 201 (it answered 200)."""
    director = Director(client, teams=2)
    entered = director.post("/teams", {"name": "Late", "players": ["A", "B"]}, status=201)
    assert [t["name"] for t in entered.json["teams"]] == ["Team 1", "Team 2", "Late"]
    spec = client.get("/api/openapi.json").json
    documented = spec["paths"]["/api/events/{event_id}/teams"]["post"]["responses"]
    assert "201" in documented and "200" not in documented
