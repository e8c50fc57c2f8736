"""A crew through the API, its golden season and edits, for the crew statistics tests."""

import uuid

from helpers.apitest import Table, made

ANN, BOB, CY, DI = NAMES = ("Ann", "Bob", "Cy", "Di")


class Crew:
    """A crew made through the API, with its roster."""

    def __init__(self, client, name="Thursday table"):
        self.client = client
        created = client.post_json("/api/crews", {"name": name}, status=201).json
        self.id, self.token = created["id"], created["token"]
        self.url = f"/api/crews/{self.id}"
        self.auth = {"Authorization": f"Bearer {self.token}"}
        self.ids = {}

    def player(self, name):
        """Add a player; returns its id."""
        player_id = str(uuid.uuid4())
        self.client.post_json(
            f"{self.url}/players", {"id": player_id, "name": name}, headers=self.auth, status=201
        )
        self.ids[name] = player_id
        return player_id

    def attach(self, table, names, status=201):
        """Put `table`'s game in the crew with `names` seated (None: an empty seat)."""
        seats = [None if n is None else self.ids[n] for n in names]
        return self.client.put_json(
            f"{self.url}/games/{table.id}",
            {"game_token": table.token, "seats": seats},
            headers=self.auth,
            status=status,
        )

    def stats(self, status=200, **query):
        """GET the crew's statistics."""
        return self.client.get(f"{self.url}/stats", query, headers=self.auth, status=status)


def edit(table, hand_no, **hand):
    """PUT a hand with the game's current ETag."""
    return table.client.put_json(
        f"{table.url}/hands/{hand_no}", hand, headers={**table.auth, "If-Match": table.etag()}
    )


def golden_crew(client):
    """The golden crew of the module docstring, played through the API (also used by the
    crew export's tests)."""
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    one = Table(client)
    crew.attach(one, NAMES)
    one.hand(1, **made(bidder=0, bid=30, captured=35))
    one.hand(2, **made(bidder=1, bid=35, captured=20))
    one.hand(3, **made(bidder=2, bid=84, captured=42))
    one.hand(
        4, **made(bidder=3, bid=31, captured=31), penalties=[{"kind": "exposed_domino", "side": 0}]
    )
    crew.before_edit = crew.stats().json
    edit(one, 2, **made(bidder=1, bid=35, captured=40))
    one.hand(5, **made(bidder=0, bid=42, captured=42))
    one.hand(6, bids=["pass", "pass", "pass", 30], result={"captured": 20})
    one.hand(7, **made(bidder=2, bid=30, captured=35))
    one.hand(8, **made(bidder=0, bid=36, captured=36))
    assert one.get().json["winner"] == 0
    two = Table(client, start_totals=[5, 6])
    crew.attach(two, NAMES)
    two.hand(1, **made(bidder=1, bid=30, captured=35))
    assert two.get().json["winner"] == 1
    casual = Table(client)
    casual.hand(1, **made(bidder=1, bid=30, captured=35))
    four = Table(client)
    crew.attach(four, (ANN, BOB, CY, None))
    four.hand(1, **made(bidder=2, bid=30, captured=25))
    five = Table(client, ruleset="wikipedia-42")
    crew.attach(five, NAMES)
    five.hand(1, bidder=0, bid={"contract": "nello", "marks": 1}, result={"tricks": 0})
    crew.tables = (one, two, four, five)
    return crew


def by_name(stats):
    """Players by name."""
    return {p["name"]: p for p in stats["players"]}
