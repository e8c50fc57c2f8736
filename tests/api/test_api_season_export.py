"""A crew's seasons in the crew's file
(docs/export.md "A crew's seasons"), valid against docs/export.schema.json, and back on
another server with nothing lost: the 3-night league of test_api_leagues (a substitute on
night 2, a top-2 playoff) exported, imported into a fresh store that already runs a season of
its own, and its standings, nights and champion read the same. Importing twice changes
nothing; a season changed in the file makes the crew a conflict, left as it is."""

import copy

from helpers.apitest import close_pool
from helpers.event_rules import count_queries
from helpers.exports import validate
from helpers.leagues import ORDER, League, play_event, standing
from helpers.season_exports import played_season

from api.store.db import flask_db
from api.store.events import Event
from api.store.leagues import Night, Season, SeasonTeam, Substitute

# docs/leagues.md: the standings after night 3 as test_api_leagues works them by hand
AFTER_NIGHT_3 = [
    ("Bones", 7, 2, 56, 16),
    ("Aces", 6, 3, 48, 24),
    ("Dogs", 4, 5, 32, 40),
    ("Cats", 1, 8, 8, 64),
]


def league_counts():
    with flask_db.database.connection_context():
        return tuple(m.select().count() for m in (Season, SeasonTeam, Night, Substitute, Event))


def by_name(view):
    """The season's view with its team ids replaced by the teams' names (another server
    gives them other ids), event ids kept (an event keeps its id everywhere)."""
    names = {t["id"]: t["name"] for t in view["teams"]}
    played = [
        {**n, "substitutes": [{**s, "team": names[s["team"]]} for s in n["substitutes"]]}
        for n in view["played"]
    ]
    playoff = view["playoff"]
    playoff = {
        **playoff,
        "seeds": [names[t] for t in playoff["seeds"]],
        "champion": names.get(playoff["champion"]),
    }
    for night in played:  # a night's results come in the order of the store's team ids
        results = [{**r, "team": names[r["team"]]} for r in night["results"]]
        night["results"] = sorted(results, key=lambda r: r["team"])
    standings = [{**r, "team": names[r["team"]]} for r in view["standings"]]
    teams = [{k: v for k, v in t.items() if k != "id"} for t in view["teams"]]
    return {**view, "teams": teams, "played": played, "playoff": playoff, "standings": standings}


def test_a_crews_season_comes_back_with_the_same_standings_elsewhere(client, app, fresh):
    league, url, before = played_season(client)
    assert standing(before) == AFTER_NIGHT_3
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    validate(doc)
    [season] = doc["crew"]["seasons"]
    assert [n["number"] for n in season["played"]] == [1, 2, 3]
    assert season["played"][1]["substitutes"] == [
        {"team": 2, "member": 0, "player": league.players["Sue"], "name": "Sue"}
    ]
    assert season["playoff"]["teams"] == {"1": 2, "2": 1}  # Bones seeded first, then Aces
    assert len(doc["games"]) == 19  # 6 a night and the final
    close_pool(app)
    other = fresh()
    own = League(other)
    own.post(own.base, own.body())  # a season of its own: the teams here get other ids
    answer = other.post_json("/api/import", doc, status=201).json
    assert answer["crew"]["outcome"] == "created"
    assert answer["crew"]["message"].endswith("(9 players, 19 games, 1 season)")
    auth = {"Authorization": f"Bearer {answer['crew']['token']}"}
    after = other.get(url, headers=auth).json
    assert standing(after) == AFTER_NIGHT_3
    assert by_name(after) == by_name(before)
    assert after["playoff"]["champion"] != before["playoff"]["champion"]  # new ids here
    assert by_name(after)["playoff"]["champion"] == "Aces"
    stats = other.get(f"/api/crews/{league.crew}/stats", headers=auth).json
    assert stats["games"] == 19 and {p["name"]: p["games"] for p in stats["players"]}["Sue"] == 3
    assert other.get(f"/api/crews/{league.crew}/export", headers=auth).json == doc
    # a night's director asks the crew for a new link, as after a lost phone
    link = other.post_json(f"{url}/nights/1/director-link", None, headers=auth).json
    night = other.get(
        f"/api/events/{link['event_id']}",
        headers={"Authorization": f"Bearer {link['director_token']}"},
    ).json
    assert night["finished"] and night["name"] == "Spring 2027, night 1"


def test_importing_a_crews_seasons_twice_changes_nothing_and_a_change_is_a_conflict(client):
    league, url, before = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    stored = league_counts()
    answer = client.post_json("/api/import", doc, status=200).json
    assert answer["crew"]["outcome"] == "unchanged"
    changed = copy.deepcopy(doc)
    changed["crew"]["seasons"][0]["played"][1]["substitutes"] = []
    answer = client.post_json("/api/import", changed, status=200).json
    assert answer["crew"]["outcome"] == "conflict"
    assert league_counts() == stored
    assert league.season(url) == before


def test_a_season_naming_a_player_off_the_roster_is_refused_with_nothing_stored(client, app, fresh):
    league, _url, _before = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    close_pool(app)
    other = fresh()
    stranger = copy.deepcopy(doc)
    stranger["crew"]["seasons"][0]["teams"][0]["players"][0] = (
        "00000000-0000-4000-8000-000000000009"
    )
    refused = other.post_json("/api/import", stranger, status=422).json
    assert refused["message"] == (  # the season route's own words (api/leagues/seasons.py)
        "The crew of the file: Aces names someone who is not on Austin 42 Club's list: add "
        "the player to the crew first"
    )
    assert refused["rule_code"] == "NOT_ON_ROSTER"
    assert league_counts() == (0, 0, 0, 0, 0)


def test_a_crews_file_is_read_in_the_same_few_queries_after_one_night_or_three(app, client):
    """The crew's export reads every night's event with the others (api/transfer/event_file.py
    rows_of), not seven queries a night: the count is the same after night 1 as after three
    nights and the playoff."""
    league = League(client)
    made = league.post(league.base, league.body())
    url = f"{league.base}/{made['id']}"
    export = f"/api/crews/{league.crew}/export"
    counts = []
    for night in (1, 2, 3):
        started = league.post(f"{url}/nights")
        play_event(client, started["event_id"], started["director_token"], ORDER[night])
        if night in (1, 3):
            counts.append(count_queries(app, export, client, 200, **league.auth))
    playoff = league.post(f"{url}/playoff")
    play_event(client, playoff["event_id"], playoff["director_token"], "AB")
    counts.append(count_queries(app, export, client, 200, **league.auth))
    doc = client.get(export, headers=league.auth).json
    assert [n["number"] for n in doc["crew"]["seasons"][0]["played"]] == [1, 2, 3]
    assert doc["crew"]["seasons"][0]["playoff"] is not None
    assert counts[0] == counts[1] == counts[2], counts
