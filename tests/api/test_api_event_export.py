"""An event as a file (docs/export.md "An
event"), valid against docs/export.schema.json, and back on another server with nothing lost:
the standings, bracket and champion read after the import equal those read before. Importing
twice changes nothing; an event here with other content is left as it is; a file naming a
match it does not hold is refused with nothing stored."""

import copy

from helpers.apitest import close_pool
from helpers.event_clock import hand, made
from helpers.event_clock import started as clock_started
from helpers.event_exports import MOMENT, swiss_two_rounds_in
from helpers.eventtest import Director
from helpers.exports import counts, validate

from api.store.db import flask_db
from api.store.events import Event, EventMatch, EventRecord, Team


def export(director, status=200, fmt="json", headers=None):
    return director.client.get(
        f"{director.url}/export?format={fmt}",
        headers={**director.auth, **(headers or {})},
        status=status,
    )


def event_counts():
    with flask_db.database.connection_context():
        return tuple(m.select().count() for m in (Event, Team, EventMatch, EventRecord))


TEAM_KEYS = ("id", "team", "teams", "champion", "winner", "loser", "here", "opponent")


def named(view):
    """The director's view with every team id replaced by the team's name (ids are the
    store's own: another server gives the same teams other ids), and the fields that are the
    moment or the store's (the clock, the ETag, tokens) left out."""
    names = {t["id"]: t["name"] for t in view["teams"]}

    def name(value):
        return names.get(value, value) if isinstance(value, int) else value

    def walk(value, key=None):
        if isinstance(value, dict):
            side = key == "games"  # a game's winner is a side (0 or 1), not a team
            return {
                (names.get(int(k), k) if key == "paths" else k): walk(v, None if side else k)
                for k, v in value.items()
                if k not in MOMENT
            }
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if key in TEAM_KEYS:
            return name(value)
        return value

    return walk(view)


def restored(doc, other):
    """Import `doc` on `other`, which already runs an event of its own (so its team ids are
    not the first server's); (the answer, the restored event's director view)."""
    Director(other, teams=3, name="Other club")
    answer = other.post_json("/api/import", doc, status=201).json
    event = answer["event"]
    assert event["outcome"] == "created"
    auth = {"Authorization": f"Bearer {event['director_token']}"}
    return answer, other.get(f"/api/events/{event['id']}", headers=auth).json


def test_a_swiss_exported_after_two_rounds_comes_back_the_same_elsewhere(client, app, fresh):
    director, before = swiss_two_rounds_in(client)
    response = export(director)
    doc = response.json
    validate(doc)
    assert 'filename="tally42-event-' in response.headers["Content-Disposition"]
    export(director, headers={"If-None-Match": response.headers["ETag"]}, status=304)
    part = doc["event"]
    assert (part["format"], part["rounds"], part["rounds_started"]) == ("swiss", 3, 3)
    assert [t["number"] for t in part["teams"]] == list(range(1, 9))
    assert sorted(part["seed_order"]) == list(range(1, 9))
    assert len(part["matches"]) == 12 and len(doc["matches"]) == 12  # 4 a round
    assert [s["side"] for s in part["signoffs"]] == [1]  # the game's loser signed it
    played = [g for g in doc["games"] if g["hands"]]
    assert len(doc["games"]) == 12 and len(played) == 8  # a game a match; round 3's unplayed
    text = response.text
    assert director.token not in text and director.public not in text
    assert all(token not in text for token in director.links.values())
    public_before = client.get(f"/api/e/{director.public}").json
    close_pool(app)
    other = fresh()
    answer, after = restored(doc, other)
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 12
    assert answer["event"]["director_token"] != director.token
    assert named(after) == named(before)
    assert after["round"]["standings"] and after["round"] == {
        **before["round"],
        "standings": after["round"]["standings"],
    }
    table = [(s["wins"], s["buchholz"]) for s in after["round"]["standings"]]
    assert table == [(s["wins"], s["buchholz"]) for s in before["round"]["standings"]]
    public = other.get(f"/api/e/{answer['event']['public_token']}").json
    assert named(public) == named(public_before)
    auth = {"Authorization": f"Bearer {answer['event']['director_token']}"}
    again = other.get(f"/api/events/{doc['event']['id']}/export", headers=auth).json
    assert again == doc  # the same file from either server
    # the tables get new links from the director, and play on
    link = other.post(f"/api/events/{doc['event']['id']}/tables/1/link", headers=auth).json
    read = other.get(
        f"/api/events/{doc['event']['id']}/tables/1",
        headers={"Authorization": f"Bearer {link['table_token']}"},
    ).json
    assert read["match"]["bracket_match"]["id"] == "S3.1" and read["match"]["current_game"]


def test_a_finished_single_elimination_comes_back_with_its_champion(client, app, fresh):
    director = Director(
        client, teams=4, tables=2, first_to=[1], rules={"target": 2}, date="2026-11-28"
    )
    director.check_in_all()
    director.start()
    ids = director.team_ids()
    director.post("/matches/W1.1/forfeit", {"team": ids["Team 4"]})  # Team 1 goes on
    view = director.view()
    while not view["finished"]:
        for match in view["matches"]:
            if match["status"] == "playing":
                director.table(match["id"]).win_game(0)
        view = director.view()
    champion = next(t["name"] for t in view["teams"] if t["id"] == view["champion"])
    assert champion in ("Team 1", "Team 2", "Team 3")
    doc = export(director).json
    validate(doc)
    assert [r["kind"] for r in doc["event"]["records"]] == ["forfeit"]
    assert doc["event"]["date"] == "2026-11-28"
    assert doc["event"]["records"][0]["loser"] == 4  # Team 4 is the file's team 4
    close_pool(app)
    other = fresh()
    answer, after = restored(doc, other)
    names = {t["id"]: t["name"] for t in after["teams"]}
    assert names[after["champion"]] == champion
    assert named(after) == named(view)
    assert [(s["place"], names[s["team"]]) for s in after["standings"]] == [
        (s["place"], next(t["name"] for t in view["teams"] if t["id"] == s["team"]))
        for s in view["standings"]
    ]


def test_importing_an_event_twice_changes_nothing_and_other_content_is_left(client, app):
    director, before = swiss_two_rounds_in(client)
    doc = export(director).json
    stored = (counts(app), event_counts())
    answer = client.post_json("/api/import", doc, status=200).json
    assert answer["event"]["outcome"] == "unchanged" and "director_token" not in answer["event"]
    assert (counts(app), event_counts()) == stored
    tampered = copy.deepcopy(doc)
    tampered["event"]["teams"][0]["name"] = "Team One"
    tampered["event"]["records"] = []
    answer = client.post_json("/api/import", tampered, status=200).json
    assert answer["event"]["outcome"] == "conflict"
    assert "left as it is" in answer["event"]["message"]
    assert (counts(app), event_counts()) == stored
    assert named(director.view()) == named(before)


def test_a_file_naming_a_match_it_does_not_hold_is_refused_with_nothing_stored(client, app, fresh):
    director, _before = swiss_two_rounds_in(client)
    doc = export(director).json
    rows = export(director, fmt="csv").text.split("\r\n")
    assert len(rows) == 1 + 8 + 1  # a header, a hand a game (a game is one hand), the end
    close_pool(app)
    other = fresh()
    missing = copy.deepcopy(doc)
    gone = missing["event"]["matches"][-1]["match_id"]
    missing["matches"] = [m for m in missing["matches"] if m["id"] != gone]
    missing["games"] = [g for g in missing["games"] if g["match"]["id"] != gone]
    refused = other.post_json("/api/import", missing, status=422).json
    assert refused["rule_code"] == "MATCH_MISSING"
    assert refused["message"].startswith("The event of the file: match S3.4 of the event")
    stranger = copy.deepcopy(doc)
    stranger["event"]["matches"][0]["teams"] = [1, 9]
    refused = other.post_json("/api/import", stranger, status=422).json
    assert refused["message"] == (
        "The event of the file: match S1.1 names team 9, and the event has 8 teams"
    )
    with flask_db.database.connection_context():
        assert event_counts() == (0, 0, 0, 0)


def test_a_game_ended_on_time_comes_back_ended_on_time(client, app, fresh):
    """docs/rules.md 36: time called between hands ends the game with the side ahead; the
    call travels with the game, so the match and the bracket come back decided."""
    director, links, games = clock_started(client)
    hand(links[2], games[2], 1, made(1))
    between = director.post("/tables/2/time", {"in_play": False}).json
    w12 = director.match(between, "W1.2")
    assert (w12["winner"], w12["how"]) == (w12["teams"][1], "games")
    before = director.view()
    doc = export(director).json
    validate(doc)
    ended = next(g for g in doc["games"] if g["id"] == games[2])
    assert ended["time_called"]["hands"] == 1 and ended["time_called"]["in_play"] is False
    assert "time_called" not in next(g for g in doc["games"] if g["id"] == games[1])
    close_pool(app)
    other = fresh()
    numeric = copy.deepcopy(doc)  # the file says true or false, as the API does: 0 is refused
    next(g for g in numeric["games"] if g["id"] == games[2])["time_called"]["in_play"] = 0
    refused = other.post_json("/api/import", numeric, status=422).json
    assert refused["rule_code"] == "BAD_INPUT" and "true or false" in refused["message"]
    assert event_counts() == (0, 0, 0, 0)
    answer, after = restored(doc, other)
    assert named(after) == named(before)
    token = next(g["edit_token"] for g in answer["games"] if g["id"] == games[2])
    game = other.get(f"/api/games/{games[2]}", headers={"Authorization": f"Bearer {token}"})
    assert (game.json["winner"], game.json["time"]["phase"]) == (1, "decided")


def test_an_events_file_is_read_in_the_same_few_queries_for_4_or_16_teams(app, client):
    """An event's export reads every game's hands in one query: no query per match."""
    counts = []
    database = app.config["DATABASE"]
    for teams in (4, 16):
        director = Director(client, teams=teams, first_to=[1], tables=teams // 2)
        director.check_in_all()
        director.start()
        for match in director.view()["matches"]:
            if match["status"] == "playing":
                director.table(match["id"]).win_game(0)
        calls, original = [], database.execute_sql

        def counting(sql, params=None, *args, _calls=calls, _original=original, **kwargs):
            _calls.append(sql)
            return _original(sql, params, *args, **kwargs)

        database.execute_sql = counting
        try:
            export(director)
        finally:
            del database.execute_sql
        counts.append(len(calls))
    assert counts[0] == counts[1]
