"""Helpers for the API tests: a game driven through the API, and short hand bodies."""

import uuid


class Table:
    """A game created through the API, with helpers that send its edit token."""

    def __init__(self, client, **body):
        """POST /api/games with `body` (straight-42, dealer 0 unless given)."""
        body = {"ruleset": "straight-42", "first_dealer": 0, **body}
        self.client = client
        self.created = client.post_json("/api/games", body, status=201).json
        self.id = self.created["id"]
        self.token = self.created["edit_token"]
        self.share_token = self.created["share_token"]
        self.url = f"/api/games/{self.id}"
        self.auth = {"Authorization": f"Bearer {self.token}"}

    def hand(self, hand_no, status=201, key=None, **hand):
        """POST one hand (a fresh Idempotency-Key unless given); returns the response."""
        headers = {**self.auth, "Idempotency-Key": key or uuid.uuid4().hex}
        return self.client.post_json(
            f"{self.url}/hands", {"hand_no": hand_no, **hand}, headers=headers, status=status
        )

    def get(self, status=200, **headers):
        """GET the full game."""
        return self.client.get(self.url, headers={**self.auth, **headers}, status=status)

    def etag(self):
        """The game's current ETag."""
        return self.get().headers["ETag"]


def made(bidder=1, bid=30, captured=35):
    """A made point bid."""
    return {"bidder": bidder, "bid": bid, "result": {"captured": captured}}
