"""Live: a game's changes pushed to open screens as Server-Sent Events.

Every write to a game commits, then announces the game's id. On PostgreSQL the announcement
is a `NOTIFY` sent inside the write's transaction (so it leaves on commit, never for a write
that rolled back), and every app server LISTENs: a hand posted to one server reaches streams
held by another. On SQLite (one server, no other service) each worker process polls, in one
query, the revisions of the games it has streams open for; a write also nudges its own
process at once.

Each process has one Hub: the streams it holds, by game. One thread per process (running
only while a stream is open) listens or polls, and for each changed game reads it ONCE and
builds each event once (the share view; the editor view per host), then hands every stream
of that game a reference to the latest event. A stream keeps only that latest event, never
a queue: a slow reader holds no memory and misses nothing that matters, because every event
carries the whole game (a missed event never leaves a screen wrong). A stream that cannot
write for LIVE_WRITE_TIMEOUT_SECONDS is dropped.
"""

import hashlib
import os
import threading
import time

from flask import Response, current_app, request
from flask_smorest import Blueprint
from peewee import SqliteDatabase

from . import live_topology
from .db import flask_db, is_sqlite
from .errors import abort
from .models import Game

CHANNEL = "tally42_live"
RETRY_MS = 2000  # the reconnect delay the stream asks of EventSource


class Subscriber:
    """One open stream: which game and view it shows, and the latest event for it."""

    __slots__ = ("game_id", "token", "host", "client", "wake", "latest")

    def __init__(self, game_id, token, host, client):
        self.game_id, self.token, self.host, self.client = game_id, token, host, client
        self.wake = threading.Event()
        self.latest = None  # (revision or None for gone, the event's bytes)

    def deliver(self, item):
        """Replace the latest event (never queue) and wake the stream."""
        self.latest = item
        self.wake.set()


def game_event(revision, etag, body):
    """The `game` event: revision as its id, the ETag and the game's JSON (`body`, bytes)."""
    etag_json = etag.replace("\\", "\\\\").replace('"', '\\"')
    data = b'{"revision":%d,"etag":"%s","game":%s}' % (revision, etag_json.encode(), body.strip())
    return revision, b"id: %d\nevent: game\ndata: %s\n\n" % (revision, data)


def gone_event(reason):
    """The `gone` event (the stream closes after it)."""
    return None, b'event: gone\ndata: {"reason":"%s"}\n\n' % reason.encode()


def share_event(app, game, hands):
    """The share stream's event for `game`: the same JSON and ETag as GET /api/share/{token}."""
    from . import logic
    from .share import blp

    body = app.json.response(logic.shared_view(game, hands)).get_data()
    etag = blp._generate_etag(hashlib.sha1(body).hexdigest())
    return game_event(game.state.get("revision", 0), f'"{etag}"', body)


def editor_event(app, game, hands, host):
    """The editor stream's event for `game`: the JSON and ETag of GET /api/games/{id}, as
    asked on `host` (the share link in it is built from the host)."""
    from . import logic
    from .games import blp
    from .schemas import GameOut

    with app.test_request_context("/", base_url=host):
        body = app.json.dumps(GameOut().dump(logic.game_view(game, hands))).encode()
        etag = blp._generate_etag(logic.etag_data(game))
    return game_event(game.state.get("revision", 0), f'"{etag}"', body)


def revision_of(game):
    """The revision a game's ETag is built from."""
    return game.state.get("revision", 0)


class Hub:
    """One process's open streams and the thread that keeps them current."""

    def __init__(self, app):
        self.app = app
        self.config = app.config
        self.lock = threading.Lock()
        self.games = {}  # game id -> set of Subscribers
        self.clients = {}  # client address -> open streams
        self.dirty = set()  # game ids changed since the thread last looked
        self.kick = threading.Event()
        self.thread = None
        self.pid = None
        self.seen = {}  # SQLite poll: game id -> (revision, share token) last seen

    # ---- streams come and go ----

    def subscribe(self, sub):
        """Count the stream in (429 over a limit) and make sure the thread runs."""
        per_client = self.config["LIVE_MAX_STREAMS_PER_CLIENT"]
        per_game = self.config["LIVE_MAX_STREAMS_PER_GAME"]
        with self.lock:
            if self.clients.get(sub.client, 0) >= per_client:
                too_many = f"this device already has {per_client} live streams open"
            elif len(self.games.get(sub.game_id, ())) >= per_game:
                what = "event" if sub.game_id.startswith("e:") else "game"
                too_many = f"this {what} already has {per_game} live screens following it"
            else:
                too_many = None
                self.clients[sub.client] = self.clients.get(sub.client, 0) + 1
                self.games.setdefault(sub.game_id, set()).add(sub)
                self._ensure_thread()
        if too_many:
            abort(
                429,
                f"{too_many}: close one and try again in a moment",
                rule_code="TOO_MANY_STREAMS",
                headers={"Retry-After": "5"},
            )

    def unsubscribe(self, sub):
        """Count the stream out."""
        with self.lock:
            subs = self.games.get(sub.game_id)
            if subs is not None and sub in subs:
                subs.discard(sub)
                if not subs:
                    del self.games[sub.game_id]
                    self.seen.pop(sub.game_id, None)
                left = self.clients.get(sub.client, 1) - 1
                if left:
                    self.clients[sub.client] = left
                else:
                    self.clients.pop(sub.client, None)

    def count(self):
        """How many streams this process holds."""
        with self.lock:
            return sum(self.clients.values())

    def changed(self, game_id):
        """A game changed (a write in this process, a NOTIFY, a poll): update its streams."""
        with self.lock:
            if game_id not in self.games:
                return
            self.dirty.add(game_id)
        self.kick.set()

    def _ensure_thread(self):
        """Start this process's live thread if it is not running (called under the lock)."""
        if self.thread is None or self.pid != os.getpid() or not self.thread.is_alive():
            self.pid = os.getpid()
            self.thread = threading.Thread(target=self._run, name="tally42-live", daemon=True)
            self.thread.start()

    # ---- the live thread ----

    def _run(self):
        """Listen (PostgreSQL) or poll (SQLite) while any stream is open; then stop."""
        database = self.app.config["DATABASE"]
        listen = not isinstance(database, SqliteDatabase)
        conn = None
        try:
            while True:
                with self.lock:
                    if not self.games:
                        self.thread = None
                        return
                try:
                    if listen:
                        if conn is None:
                            conn = self._listen_connection(database)
                            self._mark_all_dirty()  # whatever happened while not listening
                        self._wait_notifies(conn)
                    else:
                        self.kick.wait(self.config["LIVE_POLL_SECONDS"])
                        self._poll()
                    self.kick.clear()
                    self._dispatch()
                except Exception:  # noqa: BLE001 (the thread must outlive a database restart)
                    self.app.logger.exception("live: listening failed; trying again")
                    if conn is not None:
                        conn.close()
                        conn = None
                    time.sleep(1)
        finally:
            if conn is not None:
                conn.close()

    @staticmethod
    def _listen_connection(database):
        """A connection of its own (outside the pool), in autocommit, LISTENing."""
        import psycopg

        conn = psycopg.connect(dbname=database.database, autocommit=True, **database.connect_params)
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def _wait_notifies(self, conn):
        """Collect the game ids NOTIFYed within the next fraction of a second."""
        timeout = self.config["LIVE_POLL_SECONDS"]
        for notify in conn.notifies(timeout=timeout, stop_after=1):
            with self.lock:
                if notify.payload in self.games:
                    self.dirty.add(notify.payload)
        for notify in conn.notifies(timeout=0.0):  # and any that came with it
            with self.lock:
                if notify.payload in self.games:
                    self.dirty.add(notify.payload)

    def _mark_all_dirty(self):
        with self.lock:
            self.dirty.update(self.games)

    def _poll(self):
        """SQLite: one query for the revision and share token of every followed game, and one
        for what the ETag of every followed event is made of."""
        from . import event_live

        with self.lock:
            ids = list(self.games)
        if not ids:
            return
        events = [name for name in ids if event_live.is_event_key(name)]
        games = [name for name in ids if not event_live.is_event_key(name)]
        with flask_db.database.obj.connection_context():
            rows = event_live.poll(events)
            if games:
                rows.update(
                    (str(game_id), (state.get("revision", 0), share))
                    for game_id, state, share in Game.select(Game.id, Game.state, Game.share_token)
                    .where(Game.id.in_(games))
                    .tuples()
                )
        with self.lock:
            for game_id in ids:
                now = rows.get(game_id)
                if self.seen.get(game_id, "unseen") != now:
                    self.seen[game_id] = now
                    self.dirty.add(game_id)

    def _dispatch(self):
        """Read each changed game once; hand each of its streams the latest event."""
        with self.lock:
            dirty, self.dirty = self.dirty, set()
        for game_id in dirty:
            with self.lock:
                subs = list(self.games.get(game_id, ()))
            if subs:
                self._deliver(game_id, subs)

    def _deliver(self, game_id, subs):
        from . import event_live

        database = flask_db.database.obj
        if event_live.is_event_key(game_id):  # an event's streams (the board)
            with self.app.app_context(), database.connection_context():
                event_live.deliver(self.app, game_id, subs)
            return
        with self.app.app_context(), database.connection_context():
            game = Game.by_id(game_id)
            hands = game.ordered_hands() if game is not None else None
            shared, editors = None, {}
            for sub in subs:
                if game is None:
                    sub.deliver(gone_event("deleted"))
                elif sub.token is not None:
                    if sub.token != game.share_token:
                        sub.deliver(gone_event("revoked"))
                        continue
                    shared = shared or share_event(self.app, game, hands)
                    sub.deliver(shared)
                else:
                    if sub.host not in editors:
                        editors[sub.host] = editor_event(self.app, game, hands, sub.host)
                    sub.deliver(editors[sub.host])


def hub():
    """This app's Hub (one per app and process)."""
    return current_app.extensions["tally42_live"]


def init_app(app):
    """Attach a Hub to `app`."""
    app.extensions["tally42_live"] = Hub(app)


# ---- the writes' hooks ----


def notify_statement(game_id):
    """The statements announcing a write to `game_id` from inside its transaction: on
    PostgreSQL a NOTIFY (sent on commit, dropped on rollback), to run with the write's own
    statements (`models.run`); none on SQLite (the poll finds the change)."""
    if is_sqlite():
        return []
    return [
        ("SELECT pg_notify(%s, %s)", [CHANNEL, str(game_id)]),
        *event_of_game_statement(game_id),
    ]


# A game of an event's match changes the event's public view too: its event is announced
# (`e:<event id>`, api/event_live.py) by the same batch of statements.
EVENT_OF_GAME = (
    'SELECT pg_notify(%s, %s || em."event_id") FROM "eventmatch" AS em JOIN "game" AS g '
    'ON g."match_id" = em."match_id" WHERE g."id" = %s'
)
EVENT_OF_MATCH = 'SELECT pg_notify(%s, %s || "event_id") FROM "eventmatch" WHERE "match_id" = %s'


def event_of_game_statement(game_id):
    """PostgreSQL: the statement announcing the event whose match holds `game_id` (none for
    a casual game or a match outside events); none on SQLite (the poll finds it)."""
    if is_sqlite():
        return []
    return [(EVENT_OF_GAME, [CHANNEL, "e:", str(game_id)])]


def notify_event(event_id):
    """Announce a write to an event (a director write, a match called) inside its
    transaction; SQLite: nothing (the poll finds it)."""
    if not is_sqlite():
        flask_db.database.obj.execute_sql("SELECT pg_notify(%s, %s)", [CHANNEL, f"e:{event_id}"])


def notify_match(match_id):
    """Announce a write to a match (a game started) to the event it is played in, if any."""
    if not is_sqlite():
        flask_db.database.obj.execute_sql(EVENT_OF_MATCH, [CHANNEL, "e:", str(match_id)])


def notify(game_id):
    """Announce a write to `game_id` inside its transaction (a statement of its own)."""
    for sql, params in notify_statement(game_id):
        flask_db.database.obj.execute_sql(sql, params)


def changed(game_id):
    """After the write committed: update this process's own streams of `game_id` now."""
    live = current_app.extensions.get("tally42_live")
    if live is not None:
        live.changed(str(game_id))


# ---- the streams ----


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
        try:
            if sock is not None:  # a reader that stops reading is dropped, not waited for
                sock.settimeout(write_timeout)
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
                    item = sub.latest
                else:
                    item = None
                    if time.monotonic() < deadline:
                        yield b": keep-alive\n\n"
        finally:
            live.unsubscribe(sub)

    headers = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}
    return Response(events(), mimetype="text/event-stream", headers=headers)


def open_stream(game_id, token, initial):
    """Subscribe (429 over a limit), then read the current state (so no change falls between
    the two), and stream. `initial()` returns the current event, or a gone event."""
    live = hub()
    sub = Subscriber(str(game_id), token, live_topology.page_base(), request.remote_addr or "?")
    live.subscribe(sub)
    try:
        first = initial()
    except BaseException:
        live.unsubscribe(sub)
        raise
    return stream(live, sub, first, request.headers.get("Last-Event-ID", "").strip())


# ---- OpenAPI ----

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
    from . import logic

    if live_topology.role() == "web":  # never held here: off to the live process
        return live_topology.elsewhere(editor=False)
    game, _ = logic.shared_game(token)  # 404 for a link that does not exist
    return open_stream(game.id, token, lambda: _current(game.id, token, None))


@blp.route("/games/<uuid:game_id>/events")
@blp.doc(
    security=[{"editToken": []}],
    **stream_doc("`GET /api/games/{id}` answers", "the game is deleted", "streamGame"),
)
def game_events(game_id):
    """Follow a game live (edit token)

    Send the edit token in `Authorization: Bearer` (read the stream with `fetch()`, not
    EventSource, so the token never goes into a URL).
    """
    from .auth import require_edit

    if live_topology.role() == "web":  # never held here: off to the live process
        return live_topology.elsewhere(editor=True)
    require_edit(game_id)
    host = live_topology.page_base()
    return open_stream(game_id, None, lambda: _current(game_id, None, host))


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
    from . import event_live

    if live_topology.role() == "web":  # never held here: off to the live process
        return live_topology.elsewhere(editor=False)
    event_id, digest = event_live.event_by_public_token(token)  # 404 for no such link
    live = hub()
    sub = Subscriber(event_live.key(event_id), digest, None, request.remote_addr or "?")
    live.subscribe(sub)
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
    its part (`all`, `web` or `live`) and how many streams the answering worker holds.
    """
    return {"role": live_topology.role(), "streams": hub().count()}
