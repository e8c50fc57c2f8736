"""Configuration read from the environment (every setting has a safe default)."""

import os


def _bool(name, default):
    """Read a boolean environment variable ("0", "false", "no", "off" are false)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() not in {"0", "false", "no", "off", ""}


def _int(name, default):
    """Read an integer environment variable; a malformed value raises ValueError at start-up."""
    value = os.environ.get(name)
    return default if value is None else int(value)


def _float(name, default):
    """Read a number environment variable; a malformed value raises ValueError at start-up."""
    value = os.environ.get(name)
    return default if value is None else float(value)


def _list(name):
    """A comma-separated environment variable as a list (None when unset or empty)."""
    items = [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]
    return items or None


class Config:
    """Settings for `create_app`; each one can be set by an environment variable of its name."""

    # A SQLite file by default; `postgresql+pool://user@host/db?max_connections=8` for PostgreSQL.
    DATABASE_URL = os.environ.get("DATABASE_URL", "sqlite:///tally42.sqlite3")
    # Bodies over 16 KiB are refused with a JSON 413 before any parsing.
    MAX_CONTENT_LENGTH = _int("MAX_CONTENT_LENGTH", 16 * 1024)
    # POST /api/import takes a whole export (a phone's games): up to 2 MiB.
    IMPORT_MAX_CONTENT_LENGTH = _int("IMPORT_MAX_CONTENT_LENGTH", 2 * 1024 * 1024)
    # Rate limits (the `limits` library): writes per game and per client address, and failed token
    # lookups per client (token guessing), each per window of RATELIMIT_WINDOW seconds.
    RATELIMIT_ENABLED = _bool("RATELIMIT_ENABLED", True)
    RATELIMIT_WINDOW = _int("RATELIMIT_WINDOW", 60)
    RATELIMIT_PER_GAME = _int("RATELIMIT_PER_GAME", 120)
    RATELIMIT_PER_CLIENT = _int("RATELIMIT_PER_CLIENT", 300)
    RATELIMIT_TOKEN_FAILURES = _int("RATELIMIT_TOKEN_FAILURES", 30)
    # Where the counts live: `memory://` counts per worker process; with several workers or
    # servers, `redis://host:6379` makes them count together.
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    # Apps sharing one store keep their counts apart by this prefix.
    RATELIMIT_KEY_PREFIX = os.environ.get("RATELIMIT_KEY_PREFIX", "tally42")
    # Behind a proxy, the client address comes from X-Forwarded-For (set the hop count).
    PROXY_FIX_HOPS = _int("PROXY_FIX_HOPS", 0)
    # Idempotency keys are kept at least this long (`flask --app app prune-keys` drops older).
    IDEMPOTENCY_TTL_DAYS = _int("IDEMPOTENCY_TTL_DAYS", 30)
    # Base of the share links (`https://tally.example`). Unset, links are built from the
    # request's Host header, which a client can forge: set PUBLIC_URL, or TRUSTED_HOSTS
    # (comma-separated host names; any other Host is refused with a 400). With neither, the
    # server logs a warning at start-up.
    PUBLIC_URL = os.environ.get("PUBLIC_URL", "")
    TRUSTED_HOSTS = _list("TRUSTED_HOSTS")
    # Where the PWA lives (served at /); a missing or empty folder serves nothing.
    PWA_DIR = os.environ.get(
        "PWA_DIR", os.path.join(os.path.dirname(os.path.dirname(__file__)), "pwa")
    )
    # How often (seconds) the /s/ page of a live game reloads itself.
    SHARE_REFRESH_SECONDS = _int("SHARE_REFRESH_SECONDS", 30)
    # The board (/b/): without JavaScript it reloads every BOARD_REFRESH_SECONDS; a board of
    # several screens shows each for BOARD_SCREEN_SECONDS, then the next.
    BOARD_REFRESH_SECONDS = _int("BOARD_REFRESH_SECONDS", 15)
    BOARD_SCREEN_SECONDS = _int("BOARD_SCREEN_SECONDS", 15)

    # Live streams (Server-Sent Events, api/live/hub.py): a `: keep-alive` every
    # LIVE_HEARTBEAT_SECONDS, each stream closed after LIVE_MAX_STREAM_SECONDS (the client
    # reconnects with Last-Event-ID), at most LIVE_MAX_STREAMS_PER_CLIENT per client address
    # and LIVE_MAX_STREAMS_PER_GAME per game (counted per worker process), a stream that cannot
    # write for LIVE_WRITE_TIMEOUT_SECONDS dropped; on SQLite each worker looks for changes
    # made by the other workers when a writer nudges it (api/store/nudge.py), and every
    # LIVE_POLL_SECONDS in case a nudge was lost (one query for all its games).
    LIVE_HEARTBEAT_SECONDS = _float("LIVE_HEARTBEAT_SECONDS", 15)
    LIVE_MAX_STREAM_SECONDS = _float("LIVE_MAX_STREAM_SECONDS", 300)
    LIVE_MAX_STREAMS_PER_CLIENT = _int("LIVE_MAX_STREAMS_PER_CLIENT", 20)
    LIVE_MAX_STREAMS_PER_GAME = _int("LIVE_MAX_STREAMS_PER_GAME", 500)
    LIVE_WRITE_TIMEOUT_SECONDS = _float("LIVE_WRITE_TIMEOUT_SECONDS", 30)
    LIVE_POLL_SECONDS = _float("LIVE_POLL_SECONDS", 0.25)
    # PostgreSQL: every LIVE_LISTEN_CHECK_SECONDS the live thread asks its LISTEN connection
    # for a round trip; one unanswered within as long (it died without an error: a NAT's
    # timeout, a failover) is dropped and opened again, and every stream caught up.
    LIVE_LISTEN_CHECK_SECONDS = _float("LIVE_LISTEN_CHECK_SECONDS", 10)
    # Which part this process plays (api/live/topology.py): "all" (streams and the rest: the
    # default of create_app), "web" (app.py: never holds a stream, points the client at the
    # live process) or "live" (live.py: the streams only). LIVE_URL: where the web process
    # sends stream clients: empty (a proxy routes /api/**/events to the live process), ":8001"
    # (the same host name, port 8001) or an origin. LIVE_ALLOWED_ORIGINS: the pages' origins
    # the live process lets open editor streams (unset: any origin on the same host name).
    LIVE_ROLE = os.environ.get("LIVE_ROLE", "all")
    LIVE_URL = os.environ.get("LIVE_URL", "")
    LIVE_ALLOWED_ORIGINS = _list("LIVE_ALLOWED_ORIGINS")

    API_TITLE = "Tally 42"
    API_VERSION = "1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
