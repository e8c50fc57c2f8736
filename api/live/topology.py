"""Where live streams are served, and how a client finds them.

The API runs on sync gunicorn workers (one request at a time each: the fastest for short
requests, and a stream would block one for minutes), so the streams of `api/live/hub.py` are
served by a process of their own, on threaded workers: the Procfile's `live` (`live.py`,
`gunicorn.live.conf.py`) beside its `web` (`app.py`, `gunicorn.conf.py`). Each process says
what it is by `LIVE_ROLE`:

- `web` (`app.py`): everything but streams. A stream asked of it is answered at once, never
  held: the share stream (EventSource, which follows redirects) gets a 307 to the live
  process; the editor stream (read with `fetch()` and the edit token in `Authorization`,
  which a browser drops on a redirect to another origin) gets a 421 `LIVE_ELSEWHERE` naming
  the live process in the `Tally-Live-URL` header, where the phone reconnects. With no live
  process configured the answer is a 503 `LIVE_UNAVAILABLE` (the screens fall back to
  pulling).
- `live` (`live.py`): the two stream routes and `GET /api/live/health` only (anything else is
  a 404), with CORS for the pages that open streams from the web process's origin.
- `all` (the default of `create_app`: tests, a single threaded server): both.

Where the live process is, `LIVE_URL`: empty when a reverse proxy routes `/api/**/events` to
it (one origin, nothing else to set: production); `:8001` for the same host name the request
came to, on that port (the one-command local start, two ports, where a phone on the local
network reaches the server by an address nobody configured); or a full origin
(`https://live.tally.example`). The web process adds that origin to the pages'
`connect-src`.
"""

from urllib.parse import urlsplit

from flask import current_app, redirect, request

from ..core.errors import abort

STREAM_ENDPOINTS = frozenset({"live.share_events", "live.game_events", "live.event_events"})

LIVE_ENDPOINTS = STREAM_ENDPOINTS | {"live.live_health"}

PREFLIGHT_MAX_AGE = "600"

# What a cross-origin stream request may send: the token, the resume point, and what fetch
# adds for `cache: 'no-store'`.
ALLOWED_HEADERS = "Authorization, Last-Event-ID, Accept, Cache-Control, Pragma"


def role():
    """This process's part: 'all', 'web' or 'live'."""
    return current_app.config["LIVE_ROLE"]


def _request_hostname():
    """The host name the request came to, without its port (IPv6 in brackets)."""
    host = urlsplit(f"//{request.host}").hostname or ""
    return f"[{host}]" if ":" in host else host


def live_base():
    """The origin of the live process for this request ('' when it is this origin)."""
    url = current_app.config["LIVE_URL"].strip()
    if not url:
        return ""
    if url.startswith(":"):  # same host name, another port
        return f"{request.scheme}://{_request_hostname()}{url.rstrip('/')}"
    return url.rstrip("/")


def elsewhere(editor):
    """A stream asked of a web process: point the client at the live process, at once."""
    base = live_base()
    if not base:
        abort(
            503,
            "live updates are not running on this server just now: the score still "
            "updates when the page refreshes",
            rule_code="LIVE_UNAVAILABLE",
            headers={"Retry-After": "30"},
        )
    target = base + request.full_path.rstrip("?")
    if not editor:
        return redirect(target, 307)
    abort(
        421,
        f"live updates for this game come from {base}: follow the game there",
        rule_code="LIVE_ELSEWHERE",
        headers={"Tally-Live-URL": base},
    )
    return None  # not reached (abort raises)


def allowed_origin(origin):
    """`origin` if pages from it may open editor streams here: one of LIVE_ALLOWED_ORIGINS,
    or, when that is unset, any origin on the host name this request came to (the web
    process on another port of the same server)."""
    if not origin or origin == "null":
        return None
    allowed = current_app.config["LIVE_ALLOWED_ORIGINS"]
    if allowed:
        return origin if origin in allowed else None
    host = urlsplit(origin).hostname
    if not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    return origin if host == _request_hostname() else None


def page_base():
    """The base URL the editor stream builds links (the share link) from: the page's origin
    when a page of the web process opened the stream from another origin, else this one."""
    if role() == "live":
        origin = allowed_origin(request.headers.get("Origin"))
        if origin:
            return origin + "/"
    return request.host_url


def _cors_headers(response):
    """The share stream is public: any origin may read it (and a redirected EventSource
    arrives with `Origin: null`). The editor stream answers the allowed origins only. No
    cookies are ever used, so no credentials are allowed."""
    origin = request.headers.get("Origin")
    if request.endpoint in ("live.share_events", "live.event_events", "live.live_health"):
        response.headers["Access-Control-Allow-Origin"] = "*"
    else:
        response.headers.add("Vary", "Origin")
        allowed = allowed_origin(origin)
        if allowed:
            response.headers["Access-Control-Allow-Origin"] = allowed
    return response


def only_streams():
    """Live role: answer the stream routes (and their CORS preflight) and nothing else."""
    if request.endpoint not in LIVE_ENDPOINTS:
        abort(
            404,
            "this address carries live updates only: the scorepad is at the main address",
            rule_code="NOT_FOUND",
        )
    if request.method == "OPTIONS":
        response = current_app.response_class(status=204)
        response.headers["Access-Control-Allow-Methods"] = "GET"
        response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
        response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
        return response
    return None


def live_csp(csp):
    """Web role: the pages' Content-Security-Policy with the live origin in `connect-src`."""

    def add(response):
        if response.mimetype == "text/html" and "Content-Security-Policy" not in response.headers:
            base = live_base()
            if base:
                response.headers["Content-Security-Policy"] = csp.replace(
                    "connect-src 'self'", f"connect-src 'self' {base}"
                )
        return response

    return add


def init_app(app, csp):
    """Install the role's hooks (LIVE_ROLE: 'all', 'web' or 'live')."""
    part = app.config["LIVE_ROLE"]
    if part not in ("all", "web", "live"):
        raise ValueError(f"LIVE_ROLE must be all, web or live, not {part!r}")
    if part == "live":
        # first of all hooks: nothing else (body, database, rate limits) runs for a refusal
        app.before_request_funcs.setdefault(None, []).insert(0, only_streams)
        app.after_request(_cors_headers)
    elif part == "web" and app.config["LIVE_URL"].strip():
        app.after_request(live_csp(csp))  # runs before add_security_headers (reverse order)
