"""Rate limits on a store every worker and server can share, by `limits` (the library under
Flask-Limiter; 429 + Retry-After in the one error shape).

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
from limits import RateLimitItemPerSecond
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from .errors import abort

EXTENSION = "tally42_ratelimit"

TOKEN_BLUEPRINTS = "tally42_token_blueprints"

SHARE_PATHS = ("/api/share/", "/s/")


def _strategy():
    """This app's fixed-window strategy on its limit store."""
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
    strategy = _strategy()
    window = config["RATELIMIT_WINDOW"]
    checks = [("client", request.remote_addr, config["RATELIMIT_PER_CLIENT"])]
    if game_id is not None:
        checks.append(("game", str(game_id), config["RATELIMIT_PER_GAME"]))
    for kind, key, limit in checks:
        item = RateLimitItemPerSecond(limit, window)
        identifiers = (_prefix(), f"write-{kind}", key)
        if not strategy.hit(item, *identifiers):
            retry = _retry_after(strategy.get_window_stats(item, *identifiers).reset_time)
            abort(
                429,
                f"too many changes from this {'phone' if kind == 'client' else kind} "
                f"in a short time; try again in {retry} s",
                headers={"Retry-After": str(retry)},
            )


def charge_created(count, what):
    """After `check_write` counted a request as one write: count each object past the first
    that it creates (an import's games, matches and crew; `what` says them in words, "3
    games and 1 match") against the client's budget too,
    before anything is stored. A request that would create more than the client has left is
    429 with Retry-After (only the request itself counted: nothing was created); one that
    creates nothing, or one thing, costs its one write."""
    config = current_app.config
    more = count - 1
    if not config["RATELIMIT_ENABLED"] or more <= 0:
        return
    strategy = _strategy()
    limit = config["RATELIMIT_PER_CLIENT"]
    item = RateLimitItemPerSecond(limit, config["RATELIMIT_WINDOW"])
    identifiers = (_prefix(), "write-client", request.remote_addr)
    # test first: a refused request must not use up the budget it did not spend; hit after,
    # as another request may have spent it meanwhile (two workers, or two servers on Redis)
    if strategy.test(item, *identifiers, cost=more) and strategy.hit(item, *identifiers, cost=more):
        return
    stats = strategy.get_window_stats(item, *identifiers)
    retry = _retry_after(stats.reset_time)
    if count > limit:
        advice = (
            f"a phone may make at most {limit} in {config['RATELIMIT_WINDOW']} s: import "
            f"them in parts of at most {limit}"
        )
    else:
        advice = f"only {max(stats.remaining, 0) + 1} more can be made now; try again in {retry} s"
    abort(
        429,
        f"this would make {what} at once, and {advice}",
        headers={"Retry-After": str(retry)},
        rule_code="TOO_MANY_CHANGES",
    )


def _guess_limit():
    """(limit item, storage key) of this client's failed token lookups in the window."""
    config = current_app.config
    item = RateLimitItemPerSecond(config["RATELIMIT_TOKEN_FAILURES"], config["RATELIMIT_WINDOW"])
    return item, (_prefix(), "token-failures", request.remote_addr or "")


def refuse_guessers():
    """Before a route that takes a token: 429 for a client past its failed lookups, whichever
    token it sends now (else a right guess would stand out among the refusals)."""
    if not current_app.config["RATELIMIT_ENABLED"] or not _takes_token():
        return
    strategy = _strategy()
    item, key = _guess_limit()
    if not strategy.test(item, *key):
        retry = _retry_after(strategy.get_window_stats(item, *key).reset_time)
        abort(
            429,
            f"too many tries with a link or code that does not work; try again in {retry} s",
            headers={"Retry-After": str(retry)},
            rule_code="TOO_MANY_TRIES",
        )


def _takes_token():
    """True when this request's route takes a token (its blueprint is one init_app named)."""
    return request.blueprint in current_app.extensions[TOKEN_BLUEPRINTS]


def failed_token_lookup(response):
    """True for a response that tells a guesser the token was wrong: 401 anywhere (unknown
    edit token), 404 on a share link."""
    return response.status_code == 401 or (
        response.status_code == 404 and request.path.startswith(SHARE_PATHS)
    )


def count_failed_lookup(response):
    """After a route that takes a token: count a failed lookup against the client."""
    if current_app.config["RATELIMIT_ENABLED"] and _takes_token() and failed_token_lookup(response):
        item, key = _guess_limit()
        _strategy().hit(item, *key)
    return response


def unshared_warning(config, workers):
    """The start-up warning when the limits are counted apart by each process (memory storage,
    and more than one worker, or PostgreSQL: the store of several servers), else None. Unsaid,
    three servers of two workers let a client make 6 times each limit and never noticed."""
    if not config["RATELIMIT_ENABLED"] or not config["RATELIMIT_STORAGE_URI"].startswith("memory"):
        return None
    several = config["DATABASE_URL"].startswith("postgres")
    if workers > 1:
        where = f"apart in each of this server's {workers} workers"
        where += " and on every other server of this database" if several else ""
    elif several:
        where = "on this server alone, apart from every other server of this database"
    else:
        return None
    storage = config["RATELIMIT_STORAGE_URI"]
    return (
        f"rate limits are counted in memory (RATELIMIT_STORAGE_URI={storage}), {where}: a "
        "client gets each limit once per process. Set "
        "RATELIMIT_STORAGE_URI=redis://HOST:6379 so every worker and server count together"
    )


def init_app(app, token_blueprints):
    """Open the app's limit store (RATELIMIT_STORAGE_URI, memory by default) and count failed
    token lookups on the routes of `token_blueprints`.

    The store and the fixed-window strategy are those of `limits`, the library Flask-Limiter
    is built on. Flask-Limiter itself was tried and dropped: its hook resolves the declared
    limits on every request of the app, ~190 us a request (more than a third of a share read),
    while the two checks here ask the store once (a write, or a route that takes a token).
    """
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.extensions[TOKEN_BLUEPRINTS] = frozenset(b.name for b in token_blueprints)
    if app.config["RATELIMIT_ENABLED"]:  # disabled: no store is opened (no Redis needed)
        storage = storage_from_string(app.config["RATELIMIT_STORAGE_URI"])
        app.extensions[EXTENSION] = FixedWindowRateLimiter(storage)
    app.before_request(refuse_guessers)
    app.after_request(count_failed_lookup)


def close(app):
    """Close the connections of the app's limit store (Redis); memory holds none."""
    strategy = app.extensions.get(EXTENSION)
    client = getattr(strategy.storage, "storage", None) if strategy is not None else None
    if client is not None and hasattr(client, "connection_pool"):
        client.connection_pool.disconnect()
