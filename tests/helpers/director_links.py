"""A hand posted at a table through the API (side 0 bids 2 marks and makes it)."""

import json
import urllib.request
import uuid

TEAMS = ["Rangers", "Aggies", "Bears", "Owls", "Longhorns", "Mustangs", "Bobcats", "Eagles"]


TWO_MARKS = {"bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}}  # 4 win a game


def post_hand(base_url, game_id, token, hand_no):
    """One hand (side 0 bids 2 marks and makes it), as a table's phone sends it."""
    request = urllib.request.Request(
        f"{base_url}/api/games/{game_id}/hands",
        method="POST",
        data=json.dumps({"hand_no": hand_no, **TWO_MARKS}).encode(),
    )
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Idempotency-Key", uuid.uuid4().hex)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["result"]
