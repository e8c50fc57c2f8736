"""A real gunicorn serving the app on a loopback port, for the crash torture test."""

import http.client
import json

from bench.servers import Gunicorn  # `python3 -m pytest` from the root puts it on sys.path


class AppServer(Gunicorn):
    """The app (app:app) under bench's gunicorn runner on `db_url`, rate limits off; the port
    is chosen once, so every restart after a kill comes back on the same one."""

    def __init__(self, db_url, log_path):
        env = {"DATABASE_URL": db_url, "RATELIMIT_ENABLED": "0"}
        super().__init__("app:app", env=env, probe="/api/rulesets", log=log_path)

    def start(self, timeout=60.0):
        """Start gunicorn and wait until the API answers (a loaded CI machine boots slowly)."""
        return super().start(timeout=timeout)


def call(port, method, path, body=None, token=None, headers=None, timeout=20.0):
    """One request on a new connection; returns (status, parsed JSON or None).

    Raises OSError or http.client.HTTPException when the server is down or dies meanwhile.
    """
    hdrs = {"Content-Type": "application/json", **(headers or {})}
    if token:
        hdrs["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers=hdrs)
        resp = conn.getresponse()
        raw = resp.read()
    finally:
        conn.close()
    try:
        return resp.status, json.loads(raw) if raw else None
    except ValueError:
        return resp.status, None
