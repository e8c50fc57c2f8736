"""A team's own short name and the settings changeable before the start ("or the
team's own short name, which the director may set"; "changing an event's settings before its
start"; docs/tournaments.md "Short names" and "What a director does")."""

from helpers.event_rules import refused, stored
from helpers.eventtest import Director

from api.store.db import flask_db
from api.store.schema import create_tables, missing_columns


def team(view, name):
    return next(t for t in view["teams"] if t["name"] == name)


def test_a_short_name_is_set_at_entry_edited_cleared_and_bounded_in_words(app, client):
    """Set when entered (with the event or alone), changed and cleared (null) by the names'
    PATCH at any time, in every view; past 12 characters (or empty) a 422 in words naming the
    bound, and a short name another team goes by a 409 in words, nothing stored."""
    body = {
        "name": "Timpson 42",
        "ruleset": "straight-42",
        "format": "single-elimination",
        "teams": [
            {
                "name": "Bubba Hrncir & Earl Dusek",
                "short_name": "Bubba & Earl",
                "players": ["Bubba Hrncir", "Earl Dusek"],
            },
            {"name": "Team 2", "players": ["Al", "Bo"]},
        ],
    }
    made = client.post_json("/api/events", body, status=201).json
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    url = f"/api/events/{made['id']}"
    assert team(made, "Bubba Hrncir & Earl Dusek")["short_name"] == "Bubba & Earl"
    assert team(made, "Team 2")["short_name"] is None
    entered = {
        "name": "The Dominators of Waco",
        "short_name": "Dominators",
        "players": ["Cy", "Dot"],
    }
    view = client.post_json(f"{url}/teams", entered, headers=auth).json
    assert team(view, "The Dominators of Waco")["short_name"] == "Dominators"
    before = stored(app)
    for bad in ("Thirteen char", ""):
        too_long = client.post_json(
            f"{url}/teams",
            {**entered, "name": "Other", "short_name": bad},
            headers=auth,
            status=422,
        )
        message = refused(too_long, 422, "BAD_INPUT")
        assert "short name is 1 to 12 characters" in message and "short_name" not in message
    # one short name for two teams would show them alike in the bracket: 409 in words
    for short in ("bubba & earl", "Team 2"):
        taken = client.post_json(
            f"{url}/teams",
            {**entered, "name": "Bubba Dusek & Earl Hrncir", "short_name": short},
            headers=auth,
            status=409,
        )
        assert "give Bubba Dusek & Earl Hrncir another short name" in refused(
            taken, 409, "SHORT_NAME_TAKEN"
        )
    one = team(view, "Team 2")["id"]
    renamed = client.patch_json(
        f"{url}/teams/{one}", {"short_name": "Dominators"}, headers=auth, status=409
    )
    assert "already the short name of The Dominators of Waco" in refused(
        renamed, 409, "SHORT_NAME_TAKEN"
    )
    patched = client.patch_json(
        f"{url}/teams/{one}", {"short_name": "x" * 13}, headers=auth, status=422
    )
    assert "12 characters" in refused(patched, 422, "BAD_INPUT")
    assert stored(app) == before
    assert team(client.get(url, headers=auth).json, "Team 2")["short_name"] is None
    view = client.patch_json(f"{url}/teams/{one}", {"short_name": "Al & Bo"}, headers=auth).json
    assert team(view, "Team 2")["short_name"] == "Al & Bo"
    public = client.get(f"/api/e/{made['public_token']}").json
    assert team(public, "Team 2")["short_name"] == "Al & Bo"
    view = client.patch_json(f"{url}/teams/{one}", {"short_name": None}, headers=auth).json
    assert team(view, "Team 2")["short_name"] is None


def test_the_rules_who_shakes_and_the_minutes_change_before_the_start_and_not_after(app, client):
    """Every setting of the new-event form changes before the start: the ruleset and house
    rules (checked as at creation: a bad rule or a three-sided ruleset is a 422 in words, and
    nothing stored), who shakes first and the minutes per game; after the start, 409
    EVENT_STARTED in words, whatever the setting."""
    director = Director(client, teams=2, first_to=[1], tables=1)
    url, auth = director.url, director.auth
    change = {
        "ruleset": "straight-42",
        "rules": {"target": 250},
        "shake_rule": "loser",
        "minutes_per_game": 25,
    }
    view = client.patch_json(url, change, headers=auth).json
    assert (view["ruleset"], view["rules"]["target"]) == ("straight-42", 250)
    assert (view["shake_rule"], view["minutes_per_game"]) == ("loser", 25)
    before = stored(app)
    moon = client.patch_json(url, {"ruleset": "moon"}, headers=auth, status=422)
    assert "3 sides" in refused(moon, 422, "MATCH_NEEDS_TWO_TEAMS")
    bad_rule = client.patch_json(url, {"rules": {"target": "lots"}}, headers=auth, status=422)
    assert bad_rule.json["message"] and "json" not in bad_rule.json["message"]
    for bad in ({"shake_rule": "coin"}, {"minutes_per_game": 0}):
        refused(client.patch_json(url, bad, headers=auth, status=422), 422, "BAD_INPUT")
    assert stored(app) == before
    assert client.get(url, headers=auth).json["rules"]["target"] == 250
    director.check_in_all()
    director.start()
    for late in ({"ruleset": "straight-42"}, {"shake_rule": "rotate"}, {"minutes_per_game": 9}):
        message = refused(
            client.patch_json(url, late, headers=auth, status=409), 409, "EVENT_STARTED"
        )
        assert "has started" in message
    assert client.get(url, headers=auth).json["minutes_per_game"] == 25


def test_an_older_store_gains_the_short_name_column(app, client):
    """A team table made by an older release (no team.short_name) gets it when the app boots
    on it (api/store/schema.py `add_missing_columns`): its teams have none until one is set."""
    director = Director(client, teams=2)
    with app.app_context(), flask_db.database.connection_context():
        flask_db.database.execute_sql('ALTER TABLE "team" DROP COLUMN "short_name"')
        assert [f.column_name for _m, f in missing_columns(flask_db.database)] == ["short_name"]
        create_tables()
        assert missing_columns(flask_db.database) == []
    assert [t["short_name"] for t in director.view()["teams"]] == [None, None]
    one = director.team_ids()["Team 1"]
    body = {"short_name": "T1"}
    view = client.patch_json(f"{director.url}/teams/{one}", body, headers=director.auth).json
    assert team(view, "Team 1")["short_name"] == "T1"
