"""A crew seeded with rated games for the ratings screen."""

import json
import uuid
from urllib.request import Request, urlopen

from helpers.crew_screens import start_crew

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


# seats 1-4 (Ann & Cy against Bob & Di unless named otherwise), and the seat that makes 30
GAMES = [
    (("Ann", "Bob", "Cy", "Di"), 0),
    (("Ann", "Bob", "Cy", "Di"), 1),
    (("Ann", "Bob", "Cy", "Di"), 0),
    (("Ann", "Di", "Bob", "Cy"), 0),
    (("Ann", "Bob", "Cy", "Di"), 2),
    (("Bob", "Ann", "Di", "Cy"), 1),
    (("Eve", "Bob", "Cy", "Di"), 1),
]


def send(base_url, method, path, body, token):
    """One JSON request to the API; returns the answer's JSON (or None)."""
    headers = {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = Request(
        base_url + path, data=json.dumps(body).encode(), headers=headers, method=method
    )
    with urlopen(request) as response:
        text = response.read()
    return json.loads(text) if text else None


def seed(base_url):
    """The crew of the module docstring; returns (crew id, token, link)."""
    crew_id, token, link = start_crew(base_url, "Porch")
    ids = {}
    for name in ("Ann", "Bob", "Cy", "Di", "Eve"):
        ids[name] = str(uuid.uuid4())
        send(
            base_url,
            "POST",
            f"/api/crews/{crew_id}/players",
            {"id": ids[name], "name": name},
            token,
        )
    for seats, bidder in GAMES:
        game = send(
            base_url,
            "POST",
            "/api/games",
            {"ruleset": "straight-42", "first_dealer": 0, "start_totals": [6, 6]},
            None,
        )
        send(
            base_url,
            "PUT",
            f"/api/crews/{crew_id}/games/{game['id']}",
            {"game_token": game["edit_token"], "seats": [ids[n] for n in seats]},
            token,
        )
        hand = {"hand_no": 1, "bidder": bidder, "bid": 30, "result": {"captured": 35}}
        send(base_url, "POST", f"/api/games/{game['id']}/hands", hand, game["edit_token"])
    return crew_id, token, link
