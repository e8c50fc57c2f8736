"""A small Server-Sent Events reader and a JSON client for tests and bench/live that run
against real servers (gunicorn processes): streams cannot be read through webtest."""

import http.client
import json
import queue
import socket
import threading
import time
import uuid
from urllib.parse import urlsplit


class Events:
    """An open event stream, read by a thread of its own into a queue of events (dicts with
    `event`, `id`, `data`; comments as {"comment": text}; {"closed": True} at the end)."""

    opened = []  # every stream opened (tests close them all at teardown: close_all)

    def __init__(self, base, path, headers=None, timeout=30):
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream", **(headers or {})})
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())
        self.queue = queue.Queue()
        if self.status == 200:
            Events.opened.append(self)
            threading.Thread(target=self._read, daemon=True).start()
        else:
            raw = self.response.read()
            json_body = self.headers.get("Content-Type", "").startswith("application/json")
            self.body = json.loads(raw) if json_body else raw.decode()
            self.conn.close()

    def _read(self):
        event = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if event:
                        event["received"] = time.monotonic()
                        self.queue.put(event)
                    event = {}
                elif line.startswith(":"):
                    self.queue.put({"comment": line[1:].strip()})
                else:
                    name, _, value = line.partition(":")
                    event[name] = value[1:] if value.startswith(" ") else value
        except (OSError, ValueError, AttributeError):  # closed by this side (close())
            pass
        self.queue.put({"closed": True})

    def next(self, timeout=10.0):
        """The next event or comment (AssertionError if none comes within `timeout` s)."""
        assert self.status == 200, f"the stream was refused: {self.status} {self.body}"
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing arrived within {timeout} s") from None

    def next_event(self, timeout=10.0):
        """The next event (or the end), comments and `retry:` skipped; its `data` parsed."""
        deadline = time.monotonic() + timeout
        while True:
            item = self.next(max(0.01, deadline - time.monotonic()))
            if "event" not in item and "closed" not in item:
                continue
            if "data" in item:
                item["data"] = json.loads(item["data"])
            return item

    def close(self):
        """Close the connection (the reading thread then ends). Shut down first: the reading
        thread holds the response's buffer until its next line, which would hold the close
        back until the server's next write (a heartbeat)."""
        if self.conn.sock is not None:
            try:
                self.conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed
                pass
        self.response.close()
        self.conn.close()

    @classmethod
    def close_all(cls):
        """Close every stream opened so far."""
        while cls.opened:
            cls.opened.pop().close()


class Client:
    """JSON over HTTP to one server."""

    def __init__(self, base):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port

    def call(self, method, path, body=None, headers=None):
        """(status, headers, parsed JSON or None)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            data = None if body is None else json.dumps(body)
            hdrs = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=data, headers={**hdrs, **(headers or {})})
            response = conn.getresponse()
            raw = response.read()
            return response.status, dict(response.getheaders()), json.loads(raw) if raw else None
        finally:
            conn.close()

    def new_game(self):
        status, _, game = self.call(
            "POST", "/api/games", {"ruleset": "straight-42", "first_dealer": 0}
        )
        assert status == 201, game
        return game

    def post_hand(self, game, hand_no, bid=30, captured=35):
        status, headers, body = self.call(
            "POST",
            f"/api/games/{game['id']}/hands",
            {"hand_no": hand_no, "bidder": 1, "bid": bid, "result": {"captured": captured}},
            {"Authorization": f"Bearer {game['edit_token']}", "Idempotency-Key": uuid.uuid4().hex},
        )
        assert status == 201, body
        return body
