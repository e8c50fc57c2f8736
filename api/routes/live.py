"""The live streams over HTTP: a shared game's, a game's (edit token) and an event's, each
held by the live process (api/live/topology.py), and the health route."""

import hashlib
import time

from flask import Response, current_app, request

from ..core.access import bearer_token, require_edit
from ..core.blueprint import Blueprint, etag_of
from ..core.errors import abort
from ..core.tokens import hash_token
from ..events import live as event_live
from ..games.service import shared_game
from ..games.views import etag_data, game_view, shared_view
from ..live.hub import RETRY_MS, Subscriber, TooManyStreams, game_event, gone_event, hub
from ..live.topology import elsewhere, page_base, role
from ..live.watch import drop
from ..schemas.games import GameOut
from ..store.games import Game


def subscribe(live, sub):
    """Count the stream in with the hub: 429 TOO_MANY_STREAMS over a limit."""
    try:
        live.subscribe(sub)
    except TooManyStreams as refused:
        abort(429, refused.message, rule_code="TOO_MANY_STREAMS", headers={"Retry-After": "5"})


def share_event(app, game, hands):
    """The share stream's event for `game`: the same JSON and ETag as GET /api/share/{token}."""
    body = app.json.response(shared_view(game, hands)).get_data()
    etag = etag_of(hashlib.sha1(body).hexdigest())
    return game_event(game.state.get("revision", 0), etag, body)


def editor_event(app, game, hands, host):
    """The editor stream's event for `game`: the JSON and ETag of GET /api/games/{id}, as
    asked on `host` (the share link in it is built from the host)."""
    with app.test_request_context("/", base_url=host):
        body = app.json.dumps(GameOut().dump(game_view(game, hands))).encode()
        etag = etag_of(etag_data(game))
    return game_event(game.state.get("revision", 0), etag, body)


def stream(live, sub, first, last_event_id):
    """The event stream of one subscriber: `retry`, the current state (unless the client's
    Last-Event-ID says it has it), then each change, `: keep-alive` while idle, closed after
    a `gone` event or LIVE_MAX_STREAM_SECONDS (the client reconnects with Last-Event-ID)."""
    config = live.config
    heartbeat = config["LIVE_HEARTBEAT_SECONDS"]
    deadline = time.monotonic() + config["LIVE_MAX_STREAM_SECONDS"]
    sock = request.environ.get("gunicorn.socket")
    write_timeout = config["LIVE_WRITE_TIMEOUT_SECONDS"]

    def events():
        fd = None
        try:
            if sock is not None:  # a reader that stops reading is dropped, not waited for
                sock.settimeout(write_timeout)
                fd = sock.fileno()
                live.watch(sub, fd)  # a client that closes frees its slot at once
            yield b"retry: %d\n\n" % RETRY_MS
            sent = last_event_id
            item = first
            while True:
                if item is not None:
                    revision, data = item
                    if revision is None:
                        yield data
                        return
                    if str(revision) != sent:
                        yield data
                        sent = str(revision)
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                if sub.wake.wait(min(heartbeat, remaining)):
                    sub.wake.clear()
                    if sub.left:  # its client closed the connection
                        drop(sock)
                        return
                    item = sub.latest
                else:
                    item = None
                    if time.monotonic() < deadline:
                        yield b": keep-alive\n\n"
        except GeneratorExit:  # a write failed (timed out, reset): drop it, never wait on it
            if sock is not None:
                drop(sock)
            raise
        finally:
            if fd is not None:
                live.unwatch(fd)  # before the server closes the socket (its number is reused)
            live.unsubscribe(sub)

    headers = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}
    return Response(events(), mimetype="text/event-stream", headers=headers)


def open_stream(game_id, token, initial, holder=None):
    """Subscribe (429 over a limit), then read the current state (so no change falls between
    the two), and stream. `initial()` returns the current event, or a gone event; `holder`:
    the SHA-256 of an editor stream's token, checked again before every event it is sent."""
    live = hub()
    sub = Subscriber(str(game_id), token, page_base(), request.remote_addr or "?", holder)
    subscribe(live, sub)
    try:
        first = initial()
    except BaseException:
        live.unsubscribe(sub)
        raise
    return stream(live, sub, first, request.headers.get("Last-Event-ID", "").strip())


EVENTS_DOC = (
    "Server-Sent Events (`text/event-stream`). First `retry: 2000`, then, on connect (unless "
    "`Last-Event-ID` is the current revision) and after every change, one `game` event: `id:` "
    'the game\'s revision, `data:` `{{"revision", "etag", "game"}}` where `game` and `etag` '
    'are what {read} answers. `event: gone` with `data: {{"reason": "revoked"|"deleted"}}` '
    "ends the stream when {gone}. `: keep-alive` comments every LIVE_HEARTBEAT_SECONDS (15); "
    "the server closes the stream after LIVE_MAX_STREAM_SECONDS (300): reconnect with "
    "`Last-Event-ID` (an older id gets the current state at once). At most "
    "LIVE_MAX_STREAMS_PER_CLIENT (20) streams per client address and LIVE_MAX_STREAMS_PER_GAME "
    "(500) per game: over that 429 `TOO_MANY_STREAMS`."
)

LAST_EVENT_ID = {
    "in": "header",
    "name": "Last-Event-ID",
    "required": False,
    "schema": {"type": "string"},
    "description": "the revision the client last received (EventSource sends it itself)",
}

# One event of the stream (OpenAPI 3.0: the media type's schema describes each event).
EVENT_SCHEMA = {
    "type": "object",
    "required": ["event", "data"],
    "properties": {
        "event": {"type": "string", "enum": ["game", "gone"]},
        "id": {
            "type": "string",
            "pattern": "^[0-9]+$",
            "description": "the game's revision (`game` events)",
        },
        "data": {
            "type": "string",
            "description": 'JSON: `{"revision", "etag", "game"}` (`game`) or `{"reason"}` (`gone`)',
        },
    },
}

# What the API (the `web` part, sync workers) answers instead of holding a stream.
ELSEWHERE_RESPONSES = {
    "307": {
        "description": "asked of the API: the share stream is at the live process (Location)",
        "headers": {"Location": {"schema": {"type": "string"}}},
    },
    "421": {
        "description": "asked of the API: the editor stream is at the live process named in "
        "`Tally-Live-URL` (`LIVE_ELSEWHERE`; a browser would drop the token on a redirect)",
        "headers": {"Tally-Live-URL": {"schema": {"type": "string"}}},
    },
    "503": {
        "description": "asked of an API with no live process (`LIVE_UNAVAILABLE`), or the "
        "database is busy"
    },
}


def stream_doc(read, gone, operation_id):
    """`blp.doc` arguments describing an event stream response."""
    return {
        "operationId": operation_id,
        "description": EVENTS_DOC.format(read=read, gone=gone),
        "parameters": [LAST_EVENT_ID],
        "responses": {
            "200": {
                "description": "the event stream",
                "content": {"text/event-stream": {"schema": EVENT_SCHEMA}},
            },
            **ELSEWHERE_RESPONSES,
        },
    }


blp = Blueprint(
    "live", __name__, url_prefix="/api", description="Live updates (Server-Sent Events)"
)


def _current(game_id, token, host):
    """The current event of a game for a share stream (`token`) or an editor one."""
    app = current_app._get_current_object()
    game = Game.by_id(str(game_id))
    if game is None:
        return gone_event("deleted")
    if token is not None and token != game.share_token:
        return gone_event("revoked")
    hands = game.ordered_hands()
    if token is not None:
        return share_event(app, game, hands)
    return editor_event(app, game, hands, host)


@blp.route("/share/<string(minlength=16, maxlength=64):token>/events")
@blp.doc(
    **stream_doc(
        "`GET /api/share/{token}` answers",
        "the link is turned off or replaced, or the game is deleted",
        "streamSharedGame",
    )
)
def share_events(token):
    """Follow a shared game live (read-only)"""

    if role() == "web":  # never held here: off to the live process
        return elsewhere(editor=False)
    game, _ = shared_game(token)  # 404 for a link that does not exist
    return open_stream(game.id, token, lambda: _current(game.id, token, None))


@blp.route("/games/<uuid:game_id>/events")
@blp.doc(
    security=[{"editToken": []}],
    **stream_doc(
        "`GET /api/games/{id}` answers",
        "the game is deleted, or the token the stream was opened with no longer reaches it (a "
        "table's link re-issued, or its match settled by the director: `revoked`)",
        "streamGame",
    ),
)
def game_events(game_id):
    """Follow a game live (edit token)

    Send the edit token in `Authorization: Bearer` (read the stream with `fetch()`, not
    EventSource, so the token never goes into a URL).
    """
    if role() == "web":  # never held here: off to the live process
        return elsewhere(editor=True)
    require_edit(game_id)
    host = page_base()
    holder = hash_token(bearer_token())  # a table's link re-issued ends the stream (`gone`)
    return open_stream(game_id, None, lambda: _current(game_id, None, host), holder)


EVENT_STREAM_DOC = (
    "Server-Sent Events (`text/event-stream`), docs/tournaments.md \"Live: the event's "
    'stream". First `retry: 2000`, then, on connect (unless `Last-Event-ID` is the current '
    "revision) and after every change to the public view, one `event` event: `id:` the "
    'event\'s revision, `data:` `{"revision", "etag", "event"}` where `event` and `etag` are '
    'what `GET /api/e/{token}` answers. `event: gone` with `data: {"reason": '
    '"revoked"|"deleted"}` ends the stream when the event is deleted or its link no longer '
    "opens it. `: keep-alive` comments every LIVE_HEARTBEAT_SECONDS (15); the server closes "
    "the stream after LIVE_MAX_STREAM_SECONDS (300): reconnect with `Last-Event-ID`. At most "
    "LIVE_MAX_STREAMS_PER_CLIENT (20) streams per client address and LIVE_MAX_STREAMS_PER_GAME "
    "(500) per event: over that 429 `TOO_MANY_STREAMS`."
)


@blp.route("/e/<string(minlength=22, maxlength=128):token>/events")
@blp.doc(
    operationId="streamPublicEvent",
    description=EVENT_STREAM_DOC,
    parameters=[LAST_EVENT_ID],
    responses={
        "200": {
            "description": "the event stream",
            "content": {
                "text/event-stream": {
                    "schema": {
                        **EVENT_SCHEMA,
                        "properties": {
                            **EVENT_SCHEMA["properties"],
                            "event": {"type": "string", "enum": ["event", "gone"]},
                            "id": {
                                "type": "string",
                                "pattern": "^[0-9]+$",
                                "description": "the event's revision (`event` events)",
                            },
                            "data": {
                                "type": "string",
                                "description": 'JSON: `{"revision", "etag", "event"}` '
                                '(`event`) or `{"reason"}` (`gone`)',
                            },
                        },
                    }
                }
            },
        },
        "404": {"description": "no event at this link (`NOT_FOUND`)"},
        "429": {"description": "too many streams (`TOO_MANY_STREAMS`)"},
        **ELSEWHERE_RESPONSES,
    },
)
def event_events(token):
    """Follow a tournament live (read-only: the board)"""

    if role() == "web":  # never held here: off to the live process
        return elsewhere(editor=False)
    event_id, digest = event_live.event_by_public_token(token)  # 404 for no such link
    live = hub()
    sub = Subscriber(event_live.key(event_id), digest, None, request.remote_addr or "?")
    subscribe(live, sub)
    try:
        first = event_live.initial(event_id, digest)
    except BaseException:
        live.unsubscribe(sub)
        raise
    return stream(live, sub, first, request.headers.get("Last-Event-ID", "").strip())


@blp.route("/live/health")
@blp.doc(
    operationId="liveHealth",
    responses={
        "200": {
            "description": "this process's part and the streams it holds",
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "properties": {
                            "role": {"type": "string", "enum": ["all", "web", "live"]},
                            "streams": {"type": "integer"},
                            "listen": {
                                "type": "object",
                                "properties": {
                                    "state": {
                                        "type": "string",
                                        "enum": ["idle", "listening", "reconnecting", "polling"],
                                    },
                                    "reconnects": {"type": "integer"},
                                },
                            },
                        },
                    }
                }
            },
        }
    },
)
def live_health():
    """Health of the live process

    Answers at once on every process (the live process serves only this and the streams):
    its part (`all`, `web` or `live`), how many streams the answering worker holds, and how
    it hears of writes (`listen`): `listening` (PostgreSQL's LISTEN, checked every
    LIVE_LISTEN_CHECK_SECONDS), `reconnecting` (that connection failed or went silent: a new
    one is being opened), `polling` (SQLite), `idle` (no stream open), and how many times its
    LISTEN connection was opened again.
    """
    live = hub()
    return {"role": role(), "streams": live.count(), "listen": live.listen_report()}


# The game streams' events, told to the live hub at start-up (api/__init__.py): they are
# built as these routes answer, from layers the hub sits below.
BUILDERS = {"share": share_event, "editor": editor_event}
