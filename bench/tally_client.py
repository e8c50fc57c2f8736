"""A small HTTP client for the Tally 42 API, used to seed games for the benchmarks."""

import http.client
import json
import secrets
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit


class Client:
    """One keep-alive connection to the API; reconnects when the server closes it."""

    def __init__(self, base_url, timeout=30.0):
        parts = urlsplit(base_url)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.conn = None

    def call(self, method, path, body=None, token=None, headers=None):
        """Send one request; return (status, parsed JSON or None, headers dict).

        A dropped connection is retried (every call the bench makes is idempotent: creates
        carry their id and token, hands their Idempotency-Key). Failure modes: OSError /
        http.client.HTTPException when the server stays down.
        """
        hdrs = {"Content-Type": "application/json", **(headers or {})}
        if token:
            hdrs["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(4):  # every call made here is safe to replay
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.conn.request(method, path, body=data, headers=hdrs)
                resp = self.conn.getresponse()
                raw = resp.read()
                break
            except (OSError, http.client.HTTPException):
                self.close()
                if attempt == 3:
                    raise
                time.sleep(0.5 * (attempt + 1))
        if resp.will_close:
            self.close()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return resp.status, parsed, dict(resp.getheaders())

    def close(self):
        """Drop the connection (the next call opens a new one)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def new_game_body():
    """A create-game body with a client-made UUID and a 256-bit url-safe edit token."""
    return {
        "id": str(uuid.uuid4()),
        "ruleset": "straight-42",
        "first_dealer": 0,
        "edit_token": secrets.token_urlsafe(32),
    }


def hand_body(hand_no):
    """The bench's hand number `hand_no`: sides alternate making 30, so no game ends early."""
    return {
        "hand_no": hand_no,
        "bidder": (hand_no - 1) % 4,
        "bid": 30,
        "result": {"captured": 30 + hand_no % 7},
    }


def share_token_of(payload):
    """Find the share token in a create-game or create-share answer; None if absent."""
    if not isinstance(payload, dict):
        return None
    for key in ("share_token", "token"):
        if isinstance(payload.get(key), str):
            return payload[key]
    share = payload.get("share")
    if isinstance(share, dict):
        return share_token_of(share)
    for key in ("share_url", "url", "api_url"):
        url = payload.get(key)
        if isinstance(url, str) and "/s/" in url:
            return url.rstrip("/").rsplit("/", 1)[-1]
    return None


def seed_games(base_url, n, hands=0, share=False, workers=4):
    """Create `n` games (each with `hands` hands, and a share token if `share`).

    Returns a list of dicts {id, token, share}. Failure modes: RuntimeError naming the
    first unexpected status and its body.
    """
    local = threading.local()

    def one(_):
        client = getattr(local, "client", None) or Client(base_url)
        local.client = client
        body = new_game_body()
        status, got, _ = client.call("POST", "/api/games", body)
        if status != 201:
            raise RuntimeError(f"create game: {status} {got}")
        game = {"id": body["id"], "token": body["edit_token"], "share": share_token_of(got)}
        for hand_no in range(1, hands + 1):
            status, got, _ = client.call(
                "POST",
                f"/api/games/{game['id']}/hands",
                hand_body(hand_no),
                token=game["token"],
                headers={"Idempotency-Key": str(uuid.uuid4())},
            )
            if status != 201:
                raise RuntimeError(f"post hand {hand_no}: {status} {got}")
        if share:
            if game["share"] is None:
                status, got, _ = client.call(
                    "POST",
                    f"/api/games/{game['id']}/share",
                    {"action": "rotate"},
                    token=game["token"],
                )
                if status not in (200, 201):
                    raise RuntimeError(f"create share: {status} {got}")
                game["share"] = share_token_of(got)
            if not game["share"]:
                raise RuntimeError(f"no share token in {got}")
        return game

    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(one, range(n)))
