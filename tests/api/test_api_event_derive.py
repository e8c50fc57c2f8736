"""A write derives the bracket once and keeps it up to date (docs/tournaments.md "Derived,
never stored"; ARCHITECTURE.md "Derived state, never a second truth"): after every call,
drop, forfeit, no-show and correction, the state a write answers with is the state its rows
make when read again from scratch, and a read that found something to call reuses its own
derivation only while the event's revision says nothing moved."""

import datetime

import pytest
from helpers.eventtest import Director
from peewee import OperationalError

from api.events import derive as events_derive
from api.events import progress, views
from api.store.base import utcnow
from api.store.db import flask_db
from api.store.events import Event, EventMatch

NOW = datetime.datetime(2030, 1, 1, 12, 0)


@pytest.fixture
def settles(monkeypatch):
    """Every `_settle` of the test, each checked against a fresh derivation of the same rows
    in the same transaction: the director view of the state it kept equals the director view
    of the rows read again, and the revision the rows give is the one the store reads."""
    settle = progress.settle
    seen = []

    def settle_and_compare(event, derived):
        kept, tokens = settle(event, derived)
        fresh = events_derive.derive(Event.get_by_id(event.id))
        assert views.event_view(kept.event, True, kept, NOW) == views.event_view(
            fresh.event, True, fresh, NOW
        )
        assert fresh.revision == progress._revision(event.id)
        seen.append(sorted(tokens))
        return kept, tokens

    monkeypatch.setattr(progress, "settle", settle_and_compare)
    return seen


def called_ago(app, director, bracket_id, minutes):
    with app.app_context(), flask_db.database.connection_context():
        EventMatch.update(called_at=utcnow() - datetime.timedelta(minutes=minutes)).where(
            (EventMatch.event == director.id) & (EventMatch.bracket_id == bracket_id)
        ).execute()


def test_calls_drops_and_corrections_keep_the_state_the_rows_make(app, client, settles):
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    director.table("W1.1").play(0)
    director.table("W1.2").play(1)  # its deciding hand calls the final
    view = director.view()
    final = director.match(view, "W2.1")
    assert final["status"] == "playing"
    winner = director.match(view, "W1.1")["teams"][1]
    # The final has no hand yet: the correction drops it and calls it again, new teams.
    after = director.post("/matches/W1.1/correction", {"winner": winner}).json
    assert director.match(after, "W2.1")["teams"][0] == winner
    assert director.match(after, "W2.1")["match_id"] != final["match_id"]
    assert settles == [["W1.1", "W1.2"], ["W2.1"], ["W2.1"]]  # start, hand, correction


def test_no_shows_and_forfeits_keep_the_state_the_rows_make(app, client, settles):
    """Double elimination, where a no-show team gives away every later match (derived in
    waves), and each forfeit frees a table the same write calls again."""
    director = Director(client, teams=8, format="double-elimination", first_to=[1], tables=3)
    director.check_in_all()
    view = director.start()
    for bracket_id in ("W1.1", "W1.2"):
        match = director.match(view, bracket_id)
        called_ago(app, director, bracket_id, 6)
        view = director.post(
            f"/matches/{bracket_id}/forfeit", {"team": match["teams"][1], "reason": "no-show"}
        ).json
    for bracket_id in ("W1.3", "W1.4"):
        match = director.match(view, bracket_id)
        view = director.post(
            f"/matches/{bracket_id}/forfeit", {"team": match["teams"][0], "reason": "forfeit"}
        ).json
    # L1.1 is between the two no-show teams: given away, never called
    assert director.match(view, "L1.1")["how"] == "no-show"
    assert director.match(view, "L1.1")["match_id"] is None
    assert settles == [["W1.1", "W1.2", "W1.3"], ["W1.4"], ["W2.1"], [], ["L1.2", "W2.2"]]


def test_a_read_that_lost_the_race_to_call_derives_again_under_the_lock(app, client, monkeypatch):
    """Another request called the final between this read's derivation and its lock: the
    revision moved, so it derives again and calls nothing twice (the unique index would
    refuse a second row: the request would fail)."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()

    def database_down(*_args):
        raise OperationalError("the database went away")

    monkeypatch.setattr(progress, "call_match", database_down)
    director.table("W1.1").play(0)
    director.table("W1.2").play(1)
    monkeypatch.undo()
    with app.test_request_context(), flask_db.database.connection_context():
        event = Event.get_by_id(director.id)
        before = events_derive.derive(event)  # the final callable, not called yet
        _derived, tokens = progress.sync(director.id)  # the other request calls it
        assert list(tokens) == ["W2.1"]
        derive = events_derive.derive
        calls = iter([before])
        monkeypatch.setattr(events_derive, "derive", lambda e: next(calls, None) or derive(e))
        derived, tokens = progress.sync(director.id)
    assert tokens == {}
    assert derived.called["W2.1"].table == 1
