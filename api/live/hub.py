"""Live: a game's changes pushed to open screens as Server-Sent Events.

Every write to a game commits, then announces the game's id. On PostgreSQL the announcement
is a `NOTIFY` sent inside the write's transaction (so it leaves on commit, never for a write
that rolled back), and every app server LISTENs: a hand posted to one server reaches streams
held by another. On SQLite (one machine, no other service) each writer nudges the live
processes after its commit (a datagram on a Unix socket beside the database file,
api/store/nudge.py), and each worker process then reads, in one query, the revisions of the
games it has streams open for; that query also runs every LIVE_POLL_SECONDS, so a lost nudge
delays a screen by one poll at most.

Each process has one Hub: the streams it holds, by game. One thread per process (running
only while a stream is open) listens or polls, and for each changed game reads it ONCE and
builds each event once (the share view; the editor view per host), then hands every stream
of that game a reference to the latest event. A stream keeps only that latest event, never
a queue: a slow reader holds no memory and misses nothing that matters, because every event
carries the whole game (a missed event never leaves a screen wrong). A stream that cannot
write for LIVE_WRITE_TIMEOUT_SECONDS is dropped; one whose client closes the connection is
counted out at once (api/live/watch.py).
"""

import os
import socket
import threading
import time

from flask import current_app
from peewee import JOIN, SqliteDatabase

from ..store.db import flask_db, is_sqlite, sqlite_file
from ..store.events import Event, EventMatch
from ..store.games import Game, Match
from ..store.nudge import Listener
from ..store.tables import match_holders
from .watch import Watch

CHANNEL = "tally42_live"

RETRY_MS = 2000  # the reconnect delay the stream asks of EventSource


class TooManyStreams(Exception):
    """A stream refused over a limit (LIVE_MAX_STREAMS_PER_CLIENT or _PER_GAME); its
    message says which, in a player's words."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class Subscriber:
    """One open stream: which game and view it shows (`token`: the share link of a share
    stream; `holder`: the SHA-256 of the token an editor stream was opened with), and the
    latest event for it."""

    __slots__ = ("game_id", "token", "host", "client", "holder", "wake", "latest", "left")

    def __init__(self, game_id, token, host, client, holder=None):
        self.game_id, self.token, self.host, self.client = game_id, token, host, client
        self.holder = holder
        self.wake = threading.Event()
        self.latest = None  # (revision or None for gone, the event's bytes)
        self.left = False  # its client closed the connection (the stream ends)

    def deliver(self, item):
        """Replace the latest event (never queue) and wake the stream."""
        self.latest = item
        self.wake.set()


def _shut_down(conn):
    """Shut down `conn`'s socket (both ways): the query waiting on it fails at once."""
    try:
        with socket.fromfd(conn.fileno(), socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # closed meanwhile: the loop reconnects anyway
        pass


def game_event(revision, etag, body):
    """The `game` event: revision as its id, the ETag and the game's JSON (`body`, bytes)."""
    etag_json = etag.replace("\\", "\\\\").replace('"', '\\"')
    data = b'{"revision":%d,"etag":"%s","game":%s}' % (revision, etag_json.encode(), body.strip())
    return revision, b"id: %d\nevent: game\ndata: %s\n\n" % (revision, data)


def gone_event(reason):
    """The `gone` event (the stream closes after it)."""
    return None, b'event: gone\ndata: {"reason":"%s"}\n\n' % reason.encode()


def revision_of(game):
    """The revision a game's ETag is built from."""
    return game.state.get("revision", 0)


class Hub:
    """One process's open streams and the thread that keeps them current."""

    def __init__(self, app, builders, sources):
        self.app = app
        self.builders = builders  # "share", "editor" -> a game's event (see init_app)
        self.sources = sources  # key prefix -> the source of the streams under that prefix
        self.config = app.config
        self.lock = threading.Lock()
        self.games = {}  # game id -> set of Subscribers
        self.clients = {}  # client address -> open streams
        self.dirty = set()  # game ids changed since the thread last looked
        self.kick = threading.Event()
        self.thread = None
        self.pid = None
        self.seen = {}  # SQLite poll: game id -> (revision, share token, table's) last seen
        self.nudges = None  # SQLite: the live thread's socket the writers nudge (a Listener)
        self.watched = Watch()  # the streams' sockets, for their clients' close
        # the LISTEN connection, for the health route: "idle" (no stream open, so no live
        # thread), "listening", "reconnecting" (it failed or went silent), "polling" (SQLite)
        self.listen_state = "idle"
        self.reconnects = 0  # LISTEN connections lost and opened again in this process

    # ---- streams come and go ----

    def watch(self, sub, fd):
        """Free `sub`'s slot the moment its client closes socket `fd` (api/live/watch.py)."""
        self.watched.watch(fd, lambda: self.client_left(sub))

    def unwatch(self, fd):
        """Stop watching socket `fd` (the stream ends: its socket goes back to the server)."""
        self.watched.unwatch(fd)

    def client_left(self, sub):
        """The client of `sub` closed its connection: count the stream out now, and wake it
        so it ends."""
        sub.left = True
        self.unsubscribe(sub)
        sub.wake.set()

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
            raise TooManyStreams(f"{too_many}: close one and try again in a moment")

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
        nudges = self.nudges
        if nudges is not None:  # the live thread sleeps on its socket, not on `kick`
            nudges.poke()

    def _ensure_thread(self):
        """Start this process's live thread if it is not running (called under the lock)."""
        if self.thread is None or self.pid != os.getpid() or not self.thread.is_alive():
            self.pid = os.getpid()
            self.thread = threading.Thread(target=self._run, name="tally42-live", daemon=True)
            self.thread.start()

    # ---- the live thread ----

    def _run(self):
        """Listen (PostgreSQL), or wait for a nudge and poll (SQLite), while any stream is
        open; then stop."""
        database = self.app.config["DATABASE"]
        listen = not isinstance(database, SqliteDatabase)
        conn = None
        nudges = None if listen else self._nudge_listener(database)
        self.nudges = nudges
        checked = time.monotonic()
        self.listen_state = "listening" if listen else "polling"
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
                            self.listen_state, checked = "listening", time.monotonic()
                            self._mark_all_dirty()  # whatever happened while not listening
                        self._wait_notifies(conn)
                        if time.monotonic() - checked >= self.config["LIVE_LISTEN_CHECK_SECONDS"]:
                            self._check_listening(conn)
                            checked = time.monotonic()
                    elif nudges is not None:
                        if not self.kick.is_set():
                            nudges.wait(self.config["LIVE_POLL_SECONDS"])
                        self._poll()
                    else:  # an in-memory database: this process's own writes only
                        self.kick.wait(self.config["LIVE_POLL_SECONDS"])
                        self._poll()
                    self.kick.clear()
                    self._dispatch()
                except Exception:  # noqa: BLE001 (the thread must outlive a database restart)
                    self.app.logger.exception("live: listening failed; trying again")
                    if conn is not None:
                        self.listen_state = "reconnecting"
                        self.reconnects += 1
                        conn.close()
                        conn = None
                    time.sleep(1)
        finally:
            self.listen_state = "idle"
            if conn is not None:
                conn.close()
            if nudges is not None:
                if self.nudges is nudges:
                    self.nudges = None
                nudges.close()

    def _nudge_listener(self, database):
        """SQLite: the socket the writers nudge after each commit, or None (an in-memory
        database, or the socket could not be made: the poll alone finds the writes)."""
        path = sqlite_file(database)
        if path is None:
            return None
        try:
            return Listener(path)
        except OSError:
            self.app.logger.warning("live: no nudges from the writers; polling only")
            return None

    @staticmethod
    def _listen_connection(database):
        """A connection of its own (outside the pool), in autocommit, LISTENing."""
        import psycopg

        conn = psycopg.connect(dbname=database.database, autocommit=True, **database.connect_params)
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def _check_listening(self, conn):
        """A round trip on the LISTEN connection, bounded by LIVE_LISTEN_CHECK_SECONDS. One
        that died without an error (a NAT's idle timeout, a failover, a stopped server) raises
        nothing and brings no NOTIFY again, and live updates would stop unseen: unanswered in
        time, its socket is shut down, the query fails, and the loop opens a new one."""
        timer = threading.Timer(self.config["LIVE_LISTEN_CHECK_SECONDS"], _shut_down, (conn,))
        timer.daemon = True
        timer.start()
        try:
            conn.execute("SELECT 1")
        finally:
            timer.cancel()

    def listen_report(self):
        """The LISTEN connection's state and how often it was opened again (the health
        route's)."""
        return {"state": self.listen_state, "reconnects": self.reconnects}

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
        with self.lock:
            ids = list(self.games)
        if not ids:
            return
        games = [name for name in ids if self.source_of(name) is None]
        with flask_db.database.obj.connection_context():
            rows = {}
            for prefix, source in self.sources.items():
                rows.update(source.poll([name for name in ids if name.startswith(prefix)]))
            if games:  # a game of a match: its table's and its event director's tokens too
                rows.update(  # (re-issued: the streams check theirs again)
                    (str(game_id), (state.get("revision", 0), share, table, director))
                    for game_id, state, share, table, director in Game.select(
                        Game.id,
                        Game.state,
                        Game.share_token,
                        Match.edit_token_hash,
                        Event.director_token_hash,
                    )
                    .join(Match, JOIN.LEFT_OUTER, on=(Match.id == Game.match_id))
                    .join(EventMatch, JOIN.LEFT_OUTER, on=(EventMatch.match_id == Game.match_id))
                    .join(Event, JOIN.LEFT_OUTER, on=(Event.id == EventMatch.event))
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

    def source_of(self, name):
        """The registered source of the streams kept under `name` (None: a game's)."""
        return next((s for p, s in self.sources.items() if name.startswith(p)), None)

    def _deliver(self, game_id, subs):
        database = flask_db.database.obj
        source = self.source_of(game_id)
        if source is not None:  # e.g. an event's streams (the board)
            with self.app.app_context(), database.connection_context():
                source.deliver(self.app, game_id, subs)
            return
        with self.app.app_context(), database.connection_context():
            game = Game.by_id(game_id)
            hands = game.ordered_hands() if game is not None else None
            shared, editors, holders = None, {}, None
            for sub in subs:
                if game is None:
                    sub.deliver(gone_event("deleted"))
                elif sub.token is not None:
                    if sub.token != game.share_token:
                        sub.deliver(gone_event("revoked"))
                        continue
                    shared = shared or self.builders["share"](self.app, game, hands)
                    sub.deliver(shared)
                else:
                    if sub.holder is not None and sub.holder != game.edit_token_hash:
                        if holders is None:  # read once for all the game's streams
                            holders = match_holders(game.match_id) if game.match_id else set()
                        if sub.holder not in holders:  # its table's link re-issued, settled
                            sub.deliver(gone_event("revoked"))
                            continue
                    if sub.host not in editors:
                        editors[sub.host] = self.builders["editor"](self.app, game, hands, sub.host)
                    sub.deliver(editors[sub.host])


def hub():
    """This app's Hub (one per app and process)."""
    return current_app.extensions["tally42_live"]


def init_app(app, builders, sources):
    """Attach a Hub to `app`, told at start-up what it cannot import (they sit above it):
    `builders`, {"share": f(app, game, hands), "editor": f(app, game, hands, host)}, the
    game streams' events, built as the routes answer; `sources`, {key prefix: source}, the
    other streams the hub keeps (an event's, "e:"), each with `poll(names)` (SQLite: what
    their ETags are made of, by name) and `deliver(app, name, subscribers)`."""
    app.extensions["tally42_live"] = Hub(app, builders, sources)


def notify_statement(game_id):
    """The statements announcing a write to `game_id` from inside its transaction: on
    PostgreSQL a NOTIFY (sent on commit, dropped on rollback), to run with the write's own
    statements (`models.run`); none on SQLite
    (the nudge after the commit makes the poll find it)."""
    if is_sqlite():
        return []
    return [
        ("SELECT pg_notify(%s, %s)", [CHANNEL, str(game_id)]),
        *event_of_game_statement(game_id),
    ]


# A game of an event's match changes the event's public view too: its event is announced
# (`e:<event id>`, api/events/live.py) by the same batch of statements.
EVENT_OF_GAME = (
    'SELECT pg_notify(%s, %s || em."event_id") FROM "eventmatch" AS em JOIN "game" AS g '
    'ON g."match_id" = em."match_id" WHERE g."id" = %s'
)

EVENT_OF_MATCH = 'SELECT pg_notify(%s, %s || "event_id") FROM "eventmatch" WHERE "match_id" = %s'


def event_of_game_statement(game_id):
    """PostgreSQL: the statement announcing the event whose match holds `game_id` (none for
    a casual game or a match outside events); none on SQLite
    (the nudge after the commit makes the poll find it)."""
    if is_sqlite():
        return []
    return [(EVENT_OF_GAME, [CHANNEL, "e:", str(game_id)])]


GAMES_OF_MATCH = 'SELECT pg_notify(%s, "id") FROM "game" WHERE "match_id" = %s'


def notify_match_games(match_id):
    """Announce to the streams of every game of match `match_id` that who reaches them changed
    (its table's token re-issued, the match settled or dropped), inside the write's
    transaction: each editor stream checks its token again. SQLite: nothing (the poll reads
    the match's token)."""
    if not is_sqlite():
        flask_db.database.obj.execute_sql(GAMES_OF_MATCH, [CHANNEL, str(match_id)])


GAMES_OF_EVENT = (
    'SELECT pg_notify(%s, g."id") FROM "game" AS g JOIN "eventmatch" AS em '
    'ON em."match_id" = g."match_id" WHERE em."event_id" = %s'
)


def notify_event_games(event_id):
    """Announce to the streams of every game of event `event_id` that who reaches them
    changed (its director token re-issued), inside the write's transaction: each editor
    stream checks its token again. SQLite: nothing (the poll reads the director's token)."""
    if not is_sqlite():
        flask_db.database.obj.execute_sql(GAMES_OF_EVENT, [CHANNEL, str(event_id)])


def notify_event(event_id):
    """Announce a write to an event (a director write, a match called) inside its
    transaction; SQLite: nothing (the nudge after the commit makes the poll find it)."""
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
