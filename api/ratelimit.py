"""Per-worker fixed-window rate limits on writes, per game and per client (429 + Retry-After).

Each gunicorn worker counts on its own, so the effective limit is at most workers x limit;
that bounds abuse without shared state. `RATELIMIT_ENABLED=0` turns it off (load tests).
"""

import math
import threading
import time

from flask import current_app, request

from .errors import abort

MAX_BUCKETS = 50_000  # past this, expired windows are dropped before counting


class FixedWindowLimiter:
    """Counts hits per key in windows of `window` seconds."""

    def __init__(self, clock=time.monotonic):
        """Start with no counts; `clock` is injectable for tests."""
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets = {}  # key -> (window start, hits)

    def hit(self, key, limit, window):
        """Count one hit on `key`; return 0 if allowed, else the seconds until the window ends."""
        now = self._clock()
        with self._lock:
            if len(self._buckets) > MAX_BUCKETS:
                self._buckets = {
                    k: v for k, v in self._buckets.items() if now - v[0] < window
                }
            start, hits = self._buckets.get(key, (now, 0))
            if now - start >= window:
                start, hits = now, 0
            if hits >= limit:
                return max(1, math.ceil(window - (now - start)))
            self._buckets[key] = (start, hits + 1)
            return 0


def check_write(game_id=None):
    """Count this write against its client and its game; abort 429 when either is over."""
    config = current_app.config
    if not config["RATELIMIT_ENABLED"]:
        return
    limiter = current_app.extensions["tally42_ratelimit"]
    window = config["RATELIMIT_WINDOW"]
    checks = [(("client", request.remote_addr), config["RATELIMIT_PER_CLIENT"])]
    if game_id is not None:
        checks.append((("game", str(game_id)), config["RATELIMIT_PER_GAME"]))
    for key, limit in checks:
        retry_after = limiter.hit(key, limit, window)
        if retry_after:
            abort(
                429,
                f"too many writes for this {key[0]}; retry in {retry_after} s",
                headers={"Retry-After": str(retry_after)},
            )


def init_app(app):
    """Give the app its own limiter (each worker process has its own counts)."""
    app.extensions["tally42_ratelimit"] = FixedWindowLimiter()
