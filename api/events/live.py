"""Live: an event's public view pushed to open screens (the board) as Server-Sent Events.

`GET /api/e/{public_token}/events` (docs/tournaments.md "Live: the event's stream") rides on
the game streams' Hub (api/live/hub.py): its streams are kept under the key `e:<event id>`
beside the games' ids, the same thread hears the same NOTIFY channel (PostgreSQL) or polls
(SQLite), and for each changed event builds the public view ONCE and hands the same bytes to
every stream of it.

The event's revision (the stream's `id:`) is derived from rows every write already keeps:
the event row's write counter plus, over the games of its matches, each game's revision + 1
(see `REVISION`). It is read before the view is built, so a view never goes out under a
revision newer than what it shows; a change that lands while it is built moves the
revision again and is sent next.
"""

from types import SimpleNamespace

from flask import current_app

from ..core.errors import NotFound
from ..core.tokens import hash_token
from ..live.hub import gone_event
from ..store.db import flask_db
from ..store.events import Event
from .revision import PREFIX, current, key, revision_sql
from .views import GONE, event_view


def event_by_public_token(token):
    """(event id, the token's hash) for a public link; 404 for one that opens nothing."""
    digest = hash_token(token)
    row = Event.select(Event.id).where(Event.public_token_hash == digest).tuples().first()
    if row is None:
        raise NotFound(GONE, rule_code="NOT_FOUND")
    return row[0], digest


def event_item(revision, etag, body):
    """The `event` event: the revision as its id, the ETag and the public JSON (bytes)."""
    etag_json = etag.replace("\\", "\\\\").replace('"', '\\"')
    data = b'{"revision":%d,"etag":"%s","event":%s}' % (
        revision,
        etag_json.encode(),
        body.strip(),
    )
    return revision, b"id: %d\nevent: event\ndata: %s\n\n" % (revision, data)


def build(event_id):
    """(revision, ETag, public token hash, the public view's bytes) of an event, or None when
    it is gone. The revision and ETag are read first, then the view: read only (a callable
    match shows at the table it will be called to; a public stream never writes), so a write
    landing meanwhile moves the revision and is sent next."""
    now = current(event_id)
    if now is None:
        return None
    event = Event.get_or_none(Event.id == str(event_id))
    if event is None:
        return None
    revision, etag, public_hash = now
    view = event_view(event, False)
    return revision, etag, public_hash, current_app.json.response(view).get_data()


def initial(event_id, public_hash):
    """The event a new stream starts with: the current view, or `gone`."""
    built = build(event_id)
    if built is None:
        return gone_event("deleted")
    revision, etag, now_hash, body = built
    if now_hash != public_hash:
        return gone_event("revoked")
    return event_item(revision, etag, body)


def deliver(app, name, subs):
    """Build the event's view once and hand it to every stream of it (the Hub's thread, in
    an app context with a connection)."""
    built = build(name[len(PREFIX) :])
    item = None if built is None else event_item(built[0], built[1], built[3])
    for sub in subs:
        if built is None:
            sub.deliver(gone_event("deleted"))
        elif sub.token != built[2]:
            sub.deliver(gone_event("revoked"))
        else:
            sub.deliver(item)


def poll(names):
    """SQLite: {key: (revision, public token hash)} of the followed events, in one query (a
    missing event maps to None): a change of either is a change to send."""
    if not names:
        return {}
    ids = [name[len(PREFIX) :] for name in names]
    marks = ", ".join([flask_db.database.param] * len(ids))
    sql = revision_sql(f'e."id" IN ({marks})')
    rows = {key(row[0]): (int(row[2]), row[1]) for row in flask_db.database.execute_sql(sql, ids)}
    return {name: rows.get(name) for name in names}


# The hub's source of the streams kept under PREFIX, registered at start-up (api/__init__.py).
SOURCE = SimpleNamespace(poll=poll, deliver=deliver)
