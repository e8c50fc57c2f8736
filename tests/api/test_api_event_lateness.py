"""The no-show rule through the API is brackets/lateness.py's ("a team more than 5
minutes late is eliminated", the Timpson flyer; docs/rules.md rule 28): at exactly the wait
the team is still in time, a second more and the director may record the no-show."""

import datetime

from helpers.eventtest import Director
from helpers.lateness import called_ago

from api.store.db import flask_db
from api.store.events import EventRecord


def records(app, director):
    with app.app_context(), flask_db.database.connection_context():
        return EventRecord.select().where(EventRecord.event == director.id).count()


def test_a_team_is_out_only_when_more_than_the_wait_late(app, client):
    director = Director(client, teams=4, first_to=[1], tables=2, no_show_minutes=5)
    director.check_in_all()
    view = director.start()
    absent = director.match(view, "W1.1")["teams"][1]
    # a few seconds short of the wait: in time (the request itself takes a moment, so the
    # exact instant is brackets/lateness.py's own test: tests/brackets)
    called_ago(app, director, "W1.1", datetime.timedelta(minutes=5) - datetime.timedelta(seconds=3))
    refused = director.post(
        "/matches/W1.1/forfeit", {"team": absent, "reason": "no-show"}, status=409
    ).json
    assert refused["rule_code"] == "NOT_LATE_YET"
    assert "more than 5 minutes" in refused["message"]
    assert records(app, director) == 0  # nothing stored
    called_ago(app, director, "W1.1", datetime.timedelta(minutes=5, seconds=1))
    after = director.post("/matches/W1.1/forfeit", {"team": absent, "reason": "no-show"}).json
    played = director.match(after, "W1.1")
    assert played["how"] == "no-show" and played["winner"] != absent
    assert records(app, director) == 1
