"""A public event link never writes (review finding, session 5; docs/tournaments.md "Calling
matches"): the public JSON, the board page and the event stream's first event show a match
that became callable at the table the next calling request will give it, and only the
director's (or a table's) request creates its rows, at that same table.

Since a deciding hand calls the next match itself (tests/api/test_api_event_calls.py), a
callable match with no row is what a hand write leaves when its call fails: the hand is
stored all the same, and the next calling read makes the call (docs/tournaments.md)."""

from helpers.eventtest import Director
from markupsafe import escape
from peewee import OperationalError

from api.core.tokens import hash_token
from api.events import live, progress
from api.store.db import flask_db


def row_counts(app):
    """{table: rows} of every table in the database (events, matches, games, hands, ...)."""
    with app.app_context():
        db = flask_db.database
        try:
            return {
                name: db.execute_sql(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
                for name in sorted(db.get_tables())
            }
        finally:
            db.close()


def first_stream_event(app, director):
    """The event stream's first event, as a new stream of the public link gets it."""
    with app.app_context():
        try:
            return live.initial(director.id, hash_token(director.public))
        finally:
            flask_db.database.close()


def test_public_reads_show_the_next_match_at_its_table_and_write_nothing(app, client, monkeypatch):
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    started = director.start()
    assert {m["id"]: m["table"] for m in started["matches"] if m["match_id"]} == {
        "W1.1": 1,
        "W1.2": 2,
    }
    # Both first matches decided by their tables' hands, the deciding hand's call failing
    # (the database, say): the hands are stored (201), the final is callable with no row
    # yet, and both tables are free.
    w11, w12 = director.table("W1.1"), director.table("W1.2")

    def database_down(*_args):
        raise OperationalError("the database went away")

    monkeypatch.setattr(progress, "call_match", database_down)
    w11.play(0)
    w12.play(1)
    monkeypatch.undo()
    before = row_counts(app)
    public = client.get(f"/api/e/{director.public}").json
    page = client.get(f"/b/{director.public}", headers={"Accept": "text/html"})
    first_event = first_stream_event(app, director)
    after = row_counts(app)
    assert after == before, "a public read wrote rows"
    assert before["eventmatch"] == 2
    final = next(m for m in public["matches"] if m["status"] == "waiting-for-table")
    # Projected: at the lowest free table (table 1), no match or games yet.
    assert (final["table"], final["match_id"], final["games"]) == (1, None, [])
    assert {"table": 1, "playing": None, "next": final["id"]} in public["table_plan"]
    # The board lists it up next at table 1, and table 1's card says who comes next.
    assert f'<span class="id">{escape(final["name"])}</span> · Table 1' in page.text
    assert page.text.count('<p class="next-here">Next: ') == 1
    assert b'"match_id":null' in first_event[1] and final["id"].encode() in first_event[1]
    # The director's read calls it, at the projected table, and hands out its table token.
    view = director.view()
    called = director.match(view, final["id"])
    assert called["status"] == "playing" and called["table"] == final["table"]
    assert called["match_id"] is not None
    assert list(view["new_table_tokens"]) == [final["id"]]
    assert row_counts(app)["eventmatch"] == 3
    # The public ETag moved with the call: the projection and the call come from the same rows.
    again = client.get(f"/api/e/{director.public}")
    assert director.match(again.json, final["id"])["match_id"] == called["match_id"]
