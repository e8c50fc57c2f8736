"""Leagues and seasons (docs/leagues.md): a crew's 3-night league of 4 teams, each
night a round robin played with real hands through the table links, one night with a
substitute, then a top-2 playoff. The season standings after each night and the end state are
worked by hand below. The access matrix of the season routes, and wrong input refused in
words with nothing stored."""

import re
import uuid

from helpers.apitest import Table
from helpers.leagues import ORDER, TEAMS, League, play_event, standing

from api.leagues import nights
from api.store.db import flask_db
from api.store.events import Event
from api.store.leagues import Night


def test_a_three_night_league_with_a_substitute_into_a_top_two_playoff(client):
    """docs/leagues.md "Season standings": match wins, then mark difference, then marks won,
    then the list order; the playoff takes the top 2 seeded by standing; the substitute's
    games count for the team in the standings and for Sue, not Cy, in the crew statistics."""
    league = League(client)
    made = league.post(league.base, league.body())
    url = f"{league.base}/{made['id']}"
    ids = {t["name"]: t["id"] for t in made["teams"]}
    assert made["next_night"] == 1 and made["playoff"]["seeds"] == [ids[t] for t in TEAMS[:2]]
    # the playoff waits for the season (409), and a night waits for the one before
    refused = league.post(f"{url}/playoff", status=409)
    assert refused["rule_code"] == "SEASON_NOT_OVER" and "3 nights" in refused["message"]

    expected = {
        # night 1 (A > B > C > D): 3 matches each, 8 marks a won game
        1: [
            ("Aces", 3, 0, 24, 0),
            ("Bones", 2, 1, 16, 8),
            ("Cats", 1, 2, 8, 16),
            ("Dogs", 0, 3, 0, 24),
        ],
        # night 2 (B > A > D > C): Aces and Bones even on all counts: the list order
        # puts Aces first; so Cats before Dogs (both 1-5, 8-40)
        2: [
            ("Aces", 5, 1, 40, 8),
            ("Bones", 5, 1, 40, 8),
            ("Cats", 1, 5, 8, 40),
            ("Dogs", 1, 5, 8, 40),
        ],
        # night 3 (D > B > A > C)
        3: [
            ("Bones", 7, 2, 56, 16),
            ("Aces", 6, 3, 48, 24),
            ("Dogs", 4, 5, 32, 40),
            ("Cats", 1, 8, 8, 64),
        ],
    }
    for night in (1, 2, 3):
        started = league.post(f"{url}/nights")
        assert started["played"][-1]["number"] == night and not started["played"][-1]["started"]
        public = client.get(f"/api/e/{started['public_token']}").json  # the board's view
        assert public["name"] == f"Spring 2027, night {night}" and len(public["teams"]) == 4
        if night == 1:
            again = league.post(f"{url}/nights", status=409)
            assert again["rule_code"] == "NIGHT_NOT_OVER" and "night 1" in again["message"]
        if night == 2:  # Sue sits for Cy (Bones' first player) tonight
            sub = {"team": ids["Bones"], "member": 0, "player": league.players["Sue"]}
            subbed = client.put_json(
                f"{url}/nights/2/substitutes", {"substitutes": [sub]}, headers=league.auth
            ).json
            assert subbed["played"][1]["substitutes"] == [{**sub, "name": "Sue"}]
            event = client.get(
                f"/api/events/{started['event_id']}",
                headers={"Authorization": f"Bearer {started['director_token']}"},
            ).json
            assert {t["name"]: t["players"] for t in event["teams"]}["Bones"] == ["Sue", "Di"]
        if night == 1:
            old_director = {"Authorization": f"Bearer {started['director_token']}"}
        play_event(client, started["event_id"], started["director_token"], ORDER[night])
        if night == 1:  # a night's games reach the crew as they are made, and a read of the
            # season writes nothing: the statistics' ETag stays (docs/leagues.md)
            stats = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth)
            assert stats.json["games"] == 6 and stats.json["players"][0]["games"] == 3
            league.season(url)
            again = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth)
            assert again.headers["ETag"] == stats.headers["ETag"]
        view = league.season(url)
        assert standing(view) == expected[night], night
        assert view["played"][-1]["finished"]
        assert [r["place"] for r in view["standings"]] == [1, 2, 3, 4]
    assert view["season_over"] and view["next_night"] is None
    over = league.post(f"{url}/nights", status=409)
    assert over["rule_code"] == "SEASON_OVER"
    # each night by itself, as the season shows it: Bones' nights 2-1, 3-0, 2-1
    bones = next(r for r in view["standings"] if r["team_name"] == "Bones")
    assert [(n["won"], n["lost"]) for n in bones["nights"]] == [(2, 1), (3, 0), (2, 1)]

    # the playoff: Bones (1st) against Aces (2nd); Aces win it
    playoff = league.post(f"{url}/playoff")
    assert playoff["playoff"]["seeds"] == [ids["Bones"], ids["Aces"]]
    assert league.post(f"{url}/playoff", status=409)["rule_code"] == "PLAYOFF_STARTED"
    play_event(client, playoff["event_id"], playoff["director_token"], "AB")
    end = league.season(url)
    assert end["playoff"]["finished"] and end["playoff"]["champion"] == ids["Aces"]
    assert standing(end) == expected[3]  # the playoff is no night: the standings stay

    # the crew's statistics: 18 night games and the final; Sue played night 2 (3 games) in
    # Cy's seat, so Cy has 6 nights' games and the final
    stats = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth).json
    games = {p["name"]: p["games"] for p in stats["players"]}
    assert stats["games"] == 19
    assert games == {
        "Ann": 10,
        "Bo": 10,
        "Cy": 7,
        "Di": 10,
        "Ed": 9,
        "Flo": 9,
        "Gus": 9,
        "Hal": 9,
        "Sue": 3,
    }
    # Sue's night taken back afterwards: Cy sat in the seats the games name, and the
    # standings stay (they count the team)
    back = client.put_json(f"{url}/nights/2/substitutes", {"substitutes": []}, headers=league.auth)
    assert standing(back.json) == expected[3]
    stats = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth).json
    games = {p["name"]: p["games"] for p in stats["players"]}
    assert (games["Cy"], "Sue" in games, stats["games"]) == (10, False, 19)  # no game: no line
    # the director's link again, for a phone that lost it: the old one stops working
    night1 = end["played"][0]["event_id"]
    link = league.post(f"{url}/nights/1/director-link")
    assert link["event_id"] == night1
    client.get(
        f"/api/events/{night1}", headers={"Authorization": f"Bearer {link['director_token']}"}
    )
    lost = client.get(f"/api/events/{night1}", headers=old_director, status=401).json
    assert lost["rule_code"] == "UNKNOWN_TOKEN"


def test_a_later_game_of_a_nights_match_reaches_the_crew_when_it_starts(client):
    """docs/leagues.md "Substitutes": every game of a night is put in the crew as it is made,
    the match's later games too (a table starting game 2 of a first-to-2 match)."""
    league = League(client)
    body = league.body(nights=1, first_to=[2])
    body["teams"] = body["teams"][:2]
    del body["playoff_teams"], body["playoff_first_to"]
    url = f"{league.base}/{league.post(league.base, body)['id']}"
    night = league.post(f"{url}/nights")
    play_event(client, night["event_id"], night["director_token"], "AB")
    stats = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth).json
    games = {p["name"]: p["games"] for p in stats["players"]}
    assert (stats["games"], games) == (2, {"Ann": 2, "Bo": 2, "Cy": 2, "Di": 2})
    assert standing(league.season(url))[0] == ("Aces", 1, 0, 16, 0)


def routes(league, season, other_season):
    """(method, url, body, the crew token's status) of every season route."""
    url = f"{league.base}/{season}"
    return [
        ("get", league.base, None, 200),
        ("post", league.base, league.body(name="Fall 2027"), 201),
        ("get", url, None, 200),
        ("post", f"{url}/nights", None, 201),
        ("put", f"{url}/nights/1/substitutes", {"substitutes": []}, 200),
        ("post", f"{url}/nights/1/director-link", None, 201),
        ("post", f"{url}/playoff", None, 409),
        ("post", f"{url}/playoff/director-link", None, 404),
        ("post", f"{url}/board-link", None, 201),
        ("get", f"{league.base}/{other_season}", None, 404),
        ("delete", url, None, 200),  # last: the season goes
    ]


def test_only_the_crews_token_reaches_its_seasons(client):
    """docs/leagues.md "Access": the crew token runs its seasons; no token is 401, another
    crew's token, a game's edit or share token 403; another crew's season is 404 even with
    the right crew's token; a refusal stores nothing."""
    league, other = League(client), League(client)
    season = league.post(league.base, league.body())["id"]
    other_season = other.post(other.base, other.body())["id"]
    # every season operation of the OpenAPI document is in the matrix (a new one fails here)
    doc = client.get("/api/openapi.json").json["paths"]
    documented = {
        (method, path)
        for path, item in doc.items()
        if "/seasons" in path
        for method in item
        if method != "parameters"
    }
    listed = {
        (method, re.sub(r"/(\d+|[0-9a-f-]{36})(?=/|$)", "/{}", url))
        for method, url, _body, _status in routes(league, season, other_season)
    }
    assert {(m, re.sub(r"\{[a-z_]+\}", "{}", p)) for m, p in documented} == listed
    table = Table(client)
    tokens = {
        "none": None,
        "other_crew": other.auth["Authorization"],
        "edit": f"Bearer {table.token}",
        "share": f"Bearer {table.share_token}",
    }
    expected = {"none": 401, "other_crew": 403, "edit": 403, "share": 403}
    for method, url, body, _right in routes(league, season, other_season):
        for who, token in tokens.items():
            headers = {"Authorization": token} if token else {}
            sent = getattr(client, f"{method}_json" if body is not None else method)
            args = (url, body) if body is not None else (url,)
            refused = sent(*args, headers=headers, status=expected[who]).json
            assert refused["rule_code"] and refused["message"], (method, url, who)
        assert client.get(league.base, headers=league.auth).json["seasons"][0]["started"] == 0
    for method, url, body, right in routes(league, season, other_season):
        sent = getattr(client, f"{method}_json" if body is not None else method)
        args = (url, body) if body is not None else (url,)
        sent(*args, headers=league.auth, status=right)
    # the crew's delete took its season (and only it): the other crew's stays
    assert [s["name"] for s in client.get(league.base, headers=league.auth).json["seasons"]] == [
        "Fall 2027"
    ]
    assert client.get(f"{other.base}/{other_season}", headers=other.auth).json["name"]


def test_wrong_season_input_is_refused_in_words_and_nothing_is_stored(client):
    """docs/leagues.md "Making a season" and "Substitutes": each wrong value is a 4xx that
    names it in a player's words, and no season or substitute is stored."""
    league = League(client)
    p = league.players
    stranger = str(uuid.uuid4())
    body = league.body()
    cases = [
        (
            {"teams": [{**body["teams"][0], "players": [p["Ann"], stranger]}, *body["teams"][1:]]},
            422,
            "NOT_ON_ROSTER",
            "not on Austin 42 Club's list",
        ),
        (
            {"teams": [body["teams"][0], {"name": "Bones", "players": [p["Ann"], p["Sue"]]}]},
            422,
            "PLAYER_TWICE",
            "Ann can't play for both Aces and Bones",
        ),
        (
            {"teams": [body["teams"][0], {**body["teams"][1], "name": "aces"}]},
            422,
            "TEAM_NAME_TAKEN",
            "two teams are called aces",
        ),
        ({"playoff_teams": 5}, 422, "BAD_PLAYOFF", "top 5 needs at least 5 teams"),
        ({"ruleset": "nello-84"}, 422, "UNKNOWN_RULESET", "no ruleset called “nello-84”"),
        ({"format": "swiss"}, 422, "BAD_INPUT", '"swiss" is not a league night: a night is a'),
        ({"nights": 0}, 422, "BAD_INPUT", "0 is not a number of nights: a season has 1 to 30"),
        ({"teams": body["teams"][:1]}, 422, "BAD_INPUT", "give 2 to 64 teams"),
        ({"playoff_teams": 1}, 422, "BAD_PLAYOFF", "1 is not a playoff: say how many"),
        ({"first_to": [0]}, 422, "BAD_INPUT", "0 is not a match length"),
    ]
    for change, status, code, words in cases:
        refused = league.post(league.base, {**body, **change}, status=status)
        assert refused["rule_code"] == code and words in refused["message"], refused
        assert "json" not in refused["message"] and "teams." not in refused["message"]
    assert client.get(league.base, headers=league.auth).json["seasons"] == []
    season = league.post(league.base, body)
    assert league.post(league.base, body, status=409)["rule_code"] == "SEASON_NAME_TAKEN"
    url = f"{league.base}/{season['id']}"
    sub_url = f"{url}/nights/1/substitutes"
    nobody = client.put_json(sub_url, {"substitutes": []}, headers=league.auth, status=404).json
    assert nobody["message"] == "Spring 2027 has no night 1 yet"
    league.post(f"{url}/nights")
    bones = season["teams"][1]["id"]
    subs = [
        (
            [{"team": bones, "member": 0, "player": p["Ann"]}],
            "PLAYER_TWICE",
            "Ann already plays tonight for Aces",
        ),
        (
            [{"team": bones, "member": 0, "player": stranger}],
            "NOT_ON_ROSTER",
            "not on the crew's list",
        ),
        ([{"team": bones, "member": 0}], "BAD_SUBSTITUTE", "name the substitute once"),
        (
            [{"team": bones, "member": 0, "player": p["Sue"], "name": "Sue"}],
            "BAD_SUBSTITUTE",
            "once",
        ),
        ([{"team": 999999, "member": 0, "name": "Zed"}], "NOT_FOUND", "has no team 999999"),
        (
            [
                {"team": bones, "member": 0, "name": "Zed"},
                {"team": bones, "member": 0, "name": "Yan"},
            ],
            "PLAYER_TWICE",
            "Bones has two substitutes for one player",
        ),
        (
            [
                {"team": bones, "member": 0, "player": p["Sue"]},
                {"team": bones, "member": 1, "player": p["Sue"]},
            ],
            "PLAYER_TWICE",
            "Sue already plays tonight for Bones",
        ),
    ]
    for given, code, words in subs:
        refused = client.put_json(
            sub_url, {"substitutes": given}, headers=league.auth, status=422
        ).json
        assert refused["rule_code"] == code and words in refused["message"], refused
    bad_member = [{"team": bones, "member": 2, "name": "Zed"}]
    refused = client.put_json(
        sub_url, {"substitutes": bad_member}, headers=league.auth, status=422
    ).json
    assert (
        refused["message"]
        == "2 is not a team's player: say 0 for its first player, 1 for its second"
    )
    assert league.season(url)["played"][0]["substitutes"] == []
    # a name typed in sits for the member: nobody of the crew takes those hands
    typed = [{"team": bones, "member": 1, "name": "  Zed   Smith "}]
    view = client.put_json(sub_url, {"substitutes": typed}, headers=league.auth).json
    assert view["played"][0]["substitutes"] == [{**typed[0], "player": None, "name": "Zed Smith"}]


def test_two_phones_making_the_same_night_keep_one(app, client, monkeypatch):
    """docs/leagues.md "A night": when another phone makes the night in the same moment, the
    later one is 409 NIGHT_NOT_OVER in words and its event is deleted: one night, one event."""
    league = League(client)
    season = league.post(league.base, league.body())
    url = f"{league.base}/{season['id']}"
    make = nights._event_of

    def raced(*args):
        made = make(*args)  # the other phone's night lands first
        Night.create(season=season["id"], number=1, event=make(*args)[0], teams=made[2])
        return made

    monkeypatch.setattr(nights, "_event_of", raced)
    refused = league.post(f"{url}/nights", status=409)
    assert refused["rule_code"] == "NIGHT_NOT_OVER"
    assert refused["message"] == "night 1 of Spring 2027 was just made on another phone"
    view = league.season(url)
    assert len(view["played"]) == 1
    with app.app_context(), flask_db.database.connection_context():
        assert Event.select().count() == 1  # the refused phone's event is gone
