"""A round called some minutes ago (the lateness tests' clock)."""

from api.store.base import utcnow
from api.store.db import flask_db
from api.store.events import EventMatch


def called_ago(app, director, bracket_id, delta):
    """Move the match's call time back by `delta` (as if called that long ago)."""
    with app.app_context(), flask_db.database.connection_context():
        EventMatch.update(called_at=utcnow() - delta).where(
            (EventMatch.event == director.id) & (EventMatch.bracket_id == bracket_id)
        ).execute()
