"""Helpers for the tournament tests (docs/tournaments.md): a director driving an event, and a
table's phone playing its match through the match and hands API with its table token."""

import threading
import uuid

from api.events import progress

TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}


def names(count):
    """`count` teams of two players each, as a director enters them."""
    return [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, count + 1)]


class Director:
    """An event made through the API, with helpers sending its director token."""

    def __init__(self, client, teams=8, **body):
        body = {
            "name": "Timpson 42",
            "ruleset": "straight-42",
            "format": "single-elimination",
            "first_to": [3, 2],
            "tables": 4,
            "teams": teams if isinstance(teams, list) else names(teams),  # or the entrants
            **body,
        }
        self.client = client
        self.created = client.post_json("/api/events", body, status=201).json
        self.id = self.created["id"]
        self.token = self.created["director_token"]
        self.public = self.created["public_token"]
        self.auth = {"Authorization": f"Bearer {self.token}"}
        self.url = f"/api/events/{self.id}"
        self.tables = {}  # bracket id -> table token (an older release's per-match link)
        self.links = {}  # table number (text) -> the table's own link (new_table_links)

    def team_ids(self):
        """{name: id} of the entered teams."""
        return {t["name"]: t["id"] for t in self.created["teams"]}

    def post(self, path, body=None, status=200):
        """POST to a director route under the event."""
        return self.client.post_json(f"{self.url}{path}", body, headers=self.auth, status=status)

    def view(self, status=200):
        """GET the director view (keeping the table tokens it hands out)."""
        response = self.client.get(self.url, headers=self.auth, status=status)
        self.keep(response.json)
        return response.json

    def keep(self, view):
        """Keep the table tokens and table links a director view carries."""
        self.tables.update(view.get("new_table_tokens") or {})
        self.links.update(view.get("new_table_links") or {})
        return view

    def check_in_all(self):
        for team_id in self.team_ids().values():
            self.post(f"/teams/{team_id}/check-in")

    def start(self):
        return self.keep(self.post("/start").json)

    def match(self, view, bracket_id):
        return next(m for m in view["matches"] if m["id"] == bracket_id)

    def table(self, bracket_id):
        """A TablePhone for a called match (issuing its token if this client has none)."""
        if bracket_id not in self.tables:
            issued = self.post(f"/matches/{bracket_id}/table-token", status=201).json
            self.tables[bracket_id] = issued["table_token"]
        return TablePhone(self, bracket_id, self.tables[bracket_id])


class TablePhone:
    """The phone at a table: reads its match and plays it with the table token only."""

    def __init__(self, director, bracket_id, token):
        self.client = director.client
        self.url = f"/api/events/{director.id}/matches/{bracket_id}"
        self.auth = {"Authorization": f"Bearer {token}"}

    def view(self, status=200):
        return self.client.get(self.url, headers=self.auth, status=status).json

    def win_game(self, side):
        """Start the next game if one is due, then `side` bids and makes 2 marks a hand until
        it wins (docs/rules.md: a game is 7 marks)."""
        view = self.view()
        game_id = view["current_game"]
        if game_id is None:
            started = self.client.post_json(
                f"/api/matches/{view['match']['id']}/games",
                {"game_no": view["next_game_no"]},
                headers=self.auth,
                status=201,
            ).json
            game_id = started["game"]["id"]
        for hand_no in range(1, 10):
            headers = {**self.auth, "Idempotency-Key": uuid.uuid4().hex}
            result = self.client.post_json(
                f"/api/games/{game_id}/hands",
                {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
                headers=headers,
                status=201,
            ).json["result"]
            if result["game_over"]:
                assert result["winner"] == side
                return
        raise AssertionError("the game never ended")

    def play(self, *sides):
        """Play one game per entry of `sides`, each won by that side."""
        for side in sides:
            self.win_game(side)


def race_a_hand(app, monkeypatch, write, phone, game_id):
    """Run `write` (given its own test client; returns a status code) and hand 1 of `game_id`
    from `phone` on two threads, as two app servers would: the hand is sent once `write` has
    derived what it drops (progress.drop_stale), which then holds its transaction open
    until the hand is answered, or 3 s where the hand waits for the event row's lock.
    Returns (the write's status, the hand's status)."""
    reached, answered = threading.Event(), threading.Event()
    drop_stale = progress.drop_stale
    answers = {}

    def slow_drop(derived):
        reached.set()
        answered.wait(timeout=3)  # the hand write waits for this transaction: it never comes
        return drop_stale(derived)

    monkeypatch.setattr(progress, "drop_stale", slow_drop)

    def first():
        answers["write"] = write(app.test_client())

    def hand():
        own = app.test_client()
        reached.wait(timeout=10)
        answers["hand"] = own.post(
            f"/api/games/{game_id}/hands",
            json={"hand_no": 1, "bidder": 0, **TWO_MARKS},
            headers={**phone.auth, "Idempotency-Key": uuid.uuid4().hex},
        ).status_code
        answered.set()

    threads = [threading.Thread(target=first), threading.Thread(target=hand)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers["write"], answers["hand"]
