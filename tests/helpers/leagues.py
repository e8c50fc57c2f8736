"""A league through the API: its members, a season's events played, the standing."""

import uuid
from types import SimpleNamespace

from helpers.table_links import TableLink

MEMBERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


TEAMS = ["Aces", "Bones", "Cats", "Dogs"]  # Ann+Bo, Cy+Di, Ed+Flo, Gus+Hal


# Who beats whom each night (docs/leagues.md: each match is first to 1 game, and the winner
# makes 2 marks a hand to 8 marks, the loser none): the earlier team of the night's order.
ORDER = {1: "ABCD", 2: "BADC", 3: "DBAC"}


class League:
    """A crew with a roster of nine (Sue is the substitute) and its season, over the API."""

    def __init__(self, client):
        self.client = client
        crew = client.post_json("/api/crews", {"name": "Austin 42 Club"}, status=201).json
        self.crew, self.auth = crew["id"], {"Authorization": f"Bearer {crew['token']}"}
        self.players = {}
        for name in [*MEMBERS, "Sue"]:
            self.players[name] = str(uuid.uuid4())
            self.post(f"/api/crews/{self.crew}/players", {"id": self.players[name], "name": name})
        self.base = f"/api/crews/{self.crew}/seasons"

    def post(self, url, body=None, status=201):
        return self.client.post_json(url, body, headers=self.auth, status=status).json

    def body(self, **changes):
        teams = [
            {
                "name": TEAMS[n],
                "players": [self.players[MEMBERS[2 * n]], self.players[MEMBERS[2 * n + 1]]],
            }
            for n in range(4)
        ]
        return {
            "name": "Spring 2027",
            "teams": teams,
            "nights": 3,
            "format": "round-robin",
            "first_to": [1],
            "ruleset": "straight-42",
            "tables": 2,
            "playoff_teams": 2,
            "playoff_first_to": [1],
            **changes,
        }

    def season(self, url):
        return self.client.get(url, headers=self.auth).json


def play_event(client, event_id, token, order):
    """Start the event with its director token and play every match through the table links
    the start handed out, the team earlier in `order` (team names' initials) winning."""
    auth = {"Authorization": f"Bearer {token}"}
    url = f"/api/events/{event_id}"
    links = client.post_json(f"{url}/start", None, headers=auth).json["new_table_links"]
    host = SimpleNamespace(client=client, id=event_id)
    phones = [TableLink(host, int(n), link) for n, link in links.items()]
    for _ in range(20):
        if client.get(url, headers=auth).json["finished"]:
            return
        for phone in phones:
            read = phone.read()
            if read["waiting"] or read["match"] is None:
                continue
            names = [t["name"][0] for t in read["match"]["teams"]]
            phone.win_game(0 if order.index(names[0]) < order.index(names[1]) else 1)
    raise AssertionError("the event never finished")


def standing(view):
    """The standings as (team, won, lost, marks won, marks lost), first place first."""
    return [
        (r["team_name"], r["won"], r["lost"], r["marks_won"], r["marks_lost"])
        for r in view["standings"]
    ]
