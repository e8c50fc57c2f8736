"""Seed a tournament fast through the director API (docs/tournaments.md), for bench/board and
the scale test (tests/api/test_api_event_scale.py): make the event with its teams, check them
in from a few threads, start it, and record forfeits and hands.

Uses bench/tally_client.Client (one keep-alive connection per thread).
"""

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

from tally_client import Client

TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}  # 2 marks: 4 hands win a game


class EventSeed:
    """An event made through the API at `base_url` (the director's token kept)."""

    def __init__(
        self,
        base_url,
        teams=128,
        fmt="double-elimination",
        tables=40,
        first_to=(1,),
        names=None,
        shorts=None,
    ):
        """`names`: the teams' names ("Team 1", "Team 2", ... when None); `shorts`: {name:
        the team's own short name} for the teams that have one."""
        self.base_url = base_url
        names = names or [f"Team {n}" for n in range(1, teams + 1)]
        self.local = threading.local()
        body = {
            "name": f"Bench {teams}",
            "ruleset": "straight-42",
            "format": fmt,
            "first_to": list(first_to),
            "tables": tables,
            "teams": [
                {"name": names[n - 1], "players": [f"P{n}a", f"P{n}b"]} for n in range(1, teams + 1)
            ],
        }
        for team in body["teams"]:
            if (shorts or {}).get(team["name"]):
                team["short_name"] = shorts[team["name"]]
        created = self.call("POST", "/api/events", body, status=201)
        self.id, self.token = created["id"], created["director_token"]
        self.public = created["public_token"]
        self.team_ids = [t["id"] for t in created["teams"]]
        self.url = f"/api/events/{self.id}"

    def client(self, base_url=None):
        """This thread's connection to `base_url` (the seed's server by default)."""
        clients = self.local.__dict__.setdefault("clients", {})
        base = base_url or self.base_url
        if base not in clients:
            clients[base] = Client(base)
        return clients[base]

    def call(self, method, path, body=None, status=200, token=None, base_url=None, headers=None):
        """One call with the director token (or `token`); the parsed JSON. RuntimeError on a
        status other than `status`."""
        if token is None:  # "" sends none
            token = getattr(self, "token", None)
        got, parsed, _headers = self.client(base_url).call(method, path, body, token, headers)
        if got != status:
            raise RuntimeError(f"{method} {path}: {got} {parsed}")
        return parsed

    def check_in_all(self, workers=4):
        with ThreadPoolExecutor(workers) as pool:
            list(
                pool.map(
                    lambda t: self.call("POST", f"{self.url}/teams/{t}/check-in"), self.team_ids
                )
            )

    def start(self):
        return self.call("POST", f"{self.url}/start")

    def view(self, base_url=None):
        """The director view (calls what can be called)."""
        return self.call("GET", self.url, base_url=base_url)

    def public_view(self, base_url=None):
        return self.call("GET", f"/api/e/{self.public}", token="", base_url=base_url)

    def forfeit(self, bracket_id, team, base_url=None):
        return self.call(
            "POST",
            f"{self.url}/matches/{bracket_id}/forfeit",
            {"team": team, "reason": "forfeit"},
            base_url=base_url,
        )

    def win_game(self, match, side, base_url=None, hands=None):
        """Side `side` wins the current game of a called match (`match` as the views show
        it), 2 marks a hand, with the director's token; returns the game's last result.
        `hands` limits how many hands are posted (a game left under way)."""
        game = next(g for g in match["games"] if not g["game_over"])
        for hand_no in range(1, (hands or 9) + 1):
            result = self.call(
                "POST",
                f"/api/games/{game['id']}/hands",
                {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
                status=201,
                base_url=base_url,
                headers={"Idempotency-Key": uuid.uuid4().hex},
            )["result"]
            if result["game_over"]:
                return result
        return result
