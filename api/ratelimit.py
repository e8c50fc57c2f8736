"""Rate limits by Flask-Limiter, on a store every worker and server can share (429 +
Retry-After in the one error shape).

Writes: per game and per client address, RATELIMIT_PER_GAME / RATELIMIT_PER_CLIENT in fixed
windows of RATELIMIT_WINDOW seconds. Token guessing: each client may fail RATELIMIT_TOKEN_FAILURES
token lookups per window (an edit token the server does not know: 401; a share link that does
not exist: 404); past that, every request that takes a token is 429 until the window ends,
right token or not. The counts live in RATELIMIT_STORAGE_URI: `memory://` (the default) counts
per worker process, so N workers allow up to N x the limit; `redis://host:6379` makes every
worker of every server count together. `RATELIMIT_ENABLED=0` turns all of it off (load tests).
"""

import math
import time

from flask import current_app, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import RateLimitItemPerSecond

from .errors import abort

EXTENSION = "tally42_ratelimit"
SHARE_PATHS = ("/api/share/", "/s/")


def _limiter():
    """This app's Flask-Limiter."""
    return current_app.extensions[EXTENSION]


def _prefix():
    """The storage key prefix (apps sharing one store keep apart with RATELIMIT_KEY_PREFIX)."""
    return current_app.config.get("RATELIMIT_KEY_PREFIX") or "tally42"


def _retry_after(reset_at):
    """Whole seconds until `reset_at` (epoch seconds), at least 1."""
    return max(1, math.ceil(reset_at - time.time()))


def check_write(game_id=None):
    """Count this write against its client and its game; abort 429 when either is over."""
    config = current_app.config
    if not config["RATELIMIT_ENABLED"]:
        return
    strategy = _limiter().limiter  # Flask-Limiter's `limits` strategy on the configured store
    window = config["RATELIMIT_WINDOW"]
    checks = [("client", request.remote_addr, config["RATELIMIT_PER_CLIENT"])]
    if game_id is not None:
        checks.append(("game", str(game_id), config["RATELIMIT_PER_GAME"]))
    for kind, key, limit in checks:
        item = RateLimitItemPerSecond(limit, window)
        identifiers = (_prefix(), f"write-{kind}", key)
        if not strategy.hit(item, *identifiers):
            retry = _retry_after(strategy.get_window_stats(item, *identifiers).reset_time)
            abort(429, f"too many changes from this {'phone' if kind == 'client' else kind} "
                  f"in a short time; try again in {retry} s",
                  headers={"Retry-After": str(retry)})


def _token_failures():
    """The failed-token-lookup limit string, from the settings."""
    config = current_app.config
    return f"{config['RATELIMIT_TOKEN_FAILURES']} per {config['RATELIMIT_WINDOW']} second"


def failed_token_lookup(response):
    """True for a response that tells a guesser the token was wrong: 401 anywhere (unknown
    edit token), 404 on a share link."""
    return response.status_code == 401 or (
        response.status_code == 404 and request.path.startswith(SHARE_PATHS))


def handle_rate_limit_exceeded(error):
    """Flask-Limiter's 429 in the one error shape, with Retry-After."""
    current = _limiter().current_limit
    retry = _retry_after(current.reset_at) if current is not None else 1
    payload = {
        "code": 429,
        "status": "Too Many Requests",
        "message": f"too many tries with a link or code that does not work; try again in "
                   f"{retry} s",
        "errors": {},
    }
    return payload, 429, {"Retry-After": str(retry)}


def init_app(app, token_blueprints):
    """Give the app its Flask-Limiter (store from RATELIMIT_STORAGE_URI, memory by default),
    limit failed token lookups on `token_blueprints`, and answer 429 in the one shape."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    limiter = Limiter(get_remote_address, strategy="fixed-window", key_prefix=_prefix_of(app),
                      headers_enabled=False)
    guesses = limiter.shared_limit(_token_failures, scope="token-lookups",
                                   deduct_when=failed_token_lookup)
    for blueprint in token_blueprints:
        guesses(blueprint)
    limiter.init_app(app)
    app.extensions[EXTENSION] = limiter
    app.register_error_handler(RateLimitExceeded, handle_rate_limit_exceeded)


def close(app):
    """Close the connections of the app's limit store (Redis); memory holds none."""
    limiter = app.extensions.get(EXTENSION)
    if limiter is None or not limiter.enabled:  # disabled: no store was opened
        return
    client = getattr(limiter.storage, "storage", None)
    if client is not None and hasattr(client, "connection_pool"):
        client.connection_pool.disconnect()


def _prefix_of(app):
    """The key prefix for `app` (see _prefix)."""
    return app.config.get("RATELIMIT_KEY_PREFIX") or "tally42"
