"""Deleting a crew's season (DELETE /api/crews/{crew}/seasons/{season}, docs/leagues.md): its
teams, nights, substitutes, and each night's event with its games go in one transaction; the
crew's statistics no longer count those games, and the crew's other games stay; every link of
it then finds nothing; a token that is not the crew's is refused with nothing deleted."""

from helpers.apitest import Table, made
from helpers.leagues import MEMBERS, ORDER, League, play_event

from api.store.crews import CrewGame
from api.store.db import flask_db
from api.store.events import Event, Team
from api.store.games import Game, Hand, Match
from api.store.leagues import Night, Season, SeasonTeam, Substitute

MODELS = (Season, SeasonTeam, Night, Substitute, Event, Team, Match, Game, Hand, CrewGame)


def counts(app):
    """Rows of every table a season writes, in MODELS' order."""
    with app.app_context(), flask_db.database.connection_context():
        return [model.select().count() for model in MODELS]


def games_by_player(client, league):
    stats = client.get(f"/api/crews/{league.crew}/stats", headers=league.auth).json
    return stats["games"], {p["name"]: p["games"] for p in stats["players"]}


def two_seasons(client):
    """Spring (4 teams, 3 nights): nights 1 and 2 played, Sue sitting for Cy on night 2;
    Fall (Aces against Bones, 1 night): played; and a game at home, played out, that Ed, Flo,
    Gus and Hal filed into the crew."""
    league = League(client)
    spring = league.post(league.base, league.body())
    url = f"{league.base}/{spring['id']}"
    nights = []
    for night in (1, 2):
        started = league.post(f"{url}/nights")
        if night == 2:
            sub = {"team": spring["teams"][1]["id"], "member": 0, "player": league.players["Sue"]}
            client.put_json(
                f"{url}/nights/2/substitutes", {"substitutes": [sub]}, headers=league.auth
            )
        play_event(client, started["event_id"], started["director_token"], ORDER[night])
        nights.append(started)
    body = league.body(name="Fall 2027", nights=1)
    body["teams"] = body["teams"][:2]
    del body["playoff_teams"], body["playoff_first_to"]
    fall = league.post(league.base, body)
    night = league.post(f"{league.base}/{fall['id']}/nights")
    play_event(client, night["event_id"], night["director_token"], "AB")
    home = Table(client)  # played out: one mark a hand to 7
    for hand_no in range(1, 8):
        over = home.hand(hand_no, **made()).json["result"]["game_over"]
    assert over
    seats = [league.players[name] for name in MEMBERS[4:]]
    client.put_json(
        f"/api/crews/{league.crew}/games/{home.id}",
        {"game_token": home.token, "seats": seats},
        headers=league.auth,
    )
    return league, url, nights, fall


def test_a_season_two_nights_in_with_a_substitute_is_deleted_and_the_crew_forgets_its_games(
    app, client
):
    league, url, nights, fall = two_seasons(client)
    board = league.post(f"{url}/board-link")["board_token"]
    # By hand: a night of 4 teams is 6 matches of one game, each team in 3; Sue played
    # Cy's 3 on night 2. Fall's one game: Ann, Bo, Cy, Di; the home game: Ed, Flo, Gus, Hal.
    before = {"Ann": 7, "Bo": 7, "Cy": 4, "Di": 7, "Ed": 7, "Flo": 7, "Gus": 7, "Hal": 7}
    assert games_by_player(client, league) == (14, {**before, "Sue": 3})
    # 2 seasons; 4 + 2 teams; 2 + 1 nights; 1 substitute; 3 events of 4, 4 and 2 teams;
    # 6 + 6 + 1 matches of one game, and the home game; 4 hands a night's game (2 marks a
    # hand to 8) and 7 at home; 14 games filed into the crew.
    assert counts(app) == [2, 6, 3, 1, 3, 10, 13, 14, 59, 14]

    gone = client.delete(url, headers=league.auth).json
    assert gone == {
        "deleted": url.rsplit("/", 1)[1],
        "teams": 4,
        "nights": 2,
        "substitutes": 1,
        "games": 12,
    }
    assert counts(app) == [1, 2, 1, 0, 1, 2, 1, 2, 11, 2]  # Fall's and the home game's
    one = {name: 1 for name in MEMBERS}
    assert games_by_player(client, league) == (2, one)  # Sue played only in Spring

    # every link of it finds nothing, said in words
    refused = client.get(url, headers=league.auth, status=404).json
    assert refused["message"] == "Austin 42 Club has no such season"
    for night in nights:
        director = {"Authorization": f"Bearer {night['director_token']}"}
        client.get(f"/api/events/{night['event_id']}", headers=director, status=401)
        assert (
            "deleted" in client.get(f"/api/e/{night['public_token']}", status=404).json["message"]
        )
    page = client.get(f"/season/{board}", status=404).text
    assert "There is no season board at this link" in page and "deleted" in page
    seasons = client.get(league.base, headers=league.auth).json["seasons"]
    assert [s["name"] for s in seasons] == ["Fall 2027"]
    kept = client.get(f"{league.base}/{fall['id']}", headers=league.auth).json
    assert [s["team_name"] for s in kept["standings"]] == ["Aces", "Bones"]
    client.delete(url, headers=league.auth, status=404)  # deleted already


def test_only_the_crews_token_deletes_its_season_and_a_refusal_deletes_nothing(app, client):
    """No token 401; another crew's token, a game's edit or share token 403; another crew's
    season with this crew's token 404: in words, and every row stays."""
    league, url, _nights, _fall = two_seasons(client)
    other = League(client)
    other_season = other.post(other.base, other.body())["id"]
    table = Table(client)
    before = counts(app)
    tokens = {
        None: 401,
        other.auth["Authorization"]: 403,
        f"Bearer {table.token}": 403,
        f"Bearer {table.share_token}": 403,
    }
    for token, status in tokens.items():
        headers = {"Authorization": token} if token else {}
        refused = client.delete(url, headers=headers, status=status).json
        assert refused["message"] and "Bearer" not in refused["message"]
    refused = client.delete(f"{league.base}/{other_season}", headers=league.auth, status=404).json
    assert refused["message"] == "Austin 42 Club has no such season"
    after = counts(app)
    # Spring, Fall and the other crew's season (4 teams); the one game for its tokens
    assert after == before == [3, 10, 3, 1, 3, 10, 13, 15, 59, 14]
    assert games_by_player(client, league)[0] == 14
