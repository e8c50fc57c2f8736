"""A name with a NUL character is a bad name (422 in the one error shape), never a 500: an
event's, a team's, a player's and a crew's names are text columns, and PostgreSQL's text
cannot hold a NUL (schemathesis found the team name "\\u0000" answered 500 there). Runs on
SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

import pytest

from api.store.crews import Crew
from api.store.events import Event

EVENT = {"name": "Hallettsville 42", "ruleset": "straight-42", "format": "single-elimination"}


@pytest.mark.parametrize(
    "body",
    [
        {**EVENT, "name": "Hallettsville\x0042"},
        {**EVENT, "teams": [{"name": "\x00", "players": ["Ann", "Bo"]}]},
        {**EVENT, "teams": [{"name": "Owls", "players": ["Ann", "B\x00o"]}]},
    ],
    ids=["event name", "team name", "player name"],
)
def test_an_event_with_a_nul_in_a_name_is_refused_and_nothing_stored(app, client, body):
    error = client.post_json("/api/events", body, status=422).json
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert "\x00" not in error["message"]
    with app.app_context():
        assert Event.select().count() == 0


def test_a_crew_with_a_nul_in_its_name_is_refused_and_nothing_stored(app, client):
    error = client.post_json("/api/crews", {"name": "Thursday\x00table"}, status=422).json
    assert error["rule_code"]
    with app.app_context():
        assert Crew.select().count() == 0
