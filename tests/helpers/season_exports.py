"""A league's season played, for its export and import."""

from helpers.leagues import ORDER, League, play_event


def played_season(client):
    """The league of test_api_leagues: three nights (Sue for Cy on night 2), the playoff
    won by Aces. Returns (the league, the season's url, its view)."""
    league = League(client)
    made = league.post(league.base, league.body())
    url = f"{league.base}/{made['id']}"
    ids = {t["name"]: t["id"] for t in made["teams"]}
    for night in (1, 2, 3):
        started = league.post(f"{url}/nights")
        if night == 2:
            sub = {"team": ids["Bones"], "member": 0, "player": league.players["Sue"]}
            client.put_json(
                f"{url}/nights/2/substitutes", {"substitutes": [sub]}, headers=league.auth
            )
        play_event(client, started["event_id"], started["director_token"], ORDER[night])
    playoff = league.post(f"{url}/playoff")
    play_event(client, playoff["event_id"], playoff["director_token"], "AB")
    return league, url, league.season(url)
