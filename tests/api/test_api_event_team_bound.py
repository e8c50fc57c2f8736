"""The team bound ("an event holds at most as many
teams as it can start (the 257th team is refused when it is added, not at the start)";
docs/tournaments.md "What a director does", step 2): the start takes 2 to 256 teams
(brackets.MAX_TEAMS), so the team that would pass 256 is refused as it is entered, 409
EVENT_FULL in the one error shape with nothing stored; a dropped team is not counted (it is
not seeded), and an event of 256 teams starts."""

import datetime

from helpers.eventtest import Director, names

from api.store.db import flask_db
from api.store.events import Team
from brackets import MAX_TEAMS


def team_count(app, director):
    with app.app_context(), flask_db.database.connection_context():
        return Team.select().where(Team.event == director.id).count()


def enter(director, name, status):
    """POST a team; `status` None for any success (200 or 201)."""
    body = {"name": name, "players": [f"{name} a", f"{name} b"]}
    response = director.client.post_json(
        f"{director.url}/teams", body, headers=director.auth, expect_errors=status is not None
    )
    if status is None:
        assert response.status_int in (200, 201), response.json
    else:
        assert response.status_int == status, response.json
    return response


def full_event(client, **body):
    """An event of MAX_TEAMS teams: 128 given with it, the rest entered one by one."""
    director = Director(client, teams=128, first_to=[1], **body)
    for n in range(129, MAX_TEAMS + 1):
        enter(director, f"Team {n}", None)
    return director


def test_the_team_past_the_most_an_event_can_start_is_refused_when_entered(app, client):
    """The 257th team: 409 EVENT_FULL, in a director's words, nothing stored; once a team is
    removed there is room for it again."""
    director = full_event(client)
    assert team_count(app, director) == MAX_TEAMS == 256
    refused = enter(director, "Team 257", 409).json
    assert (refused["code"], refused["rule_code"]) == (409, "EVENT_FULL")
    assert refused["message"] == (
        "Timpson 42 is full: an event can start at most 256 teams. Remove a team to enter Team 257"
    )
    assert team_count(app, director) == 256
    removed = director.team_ids()["Team 1"]
    client.delete(f"{director.url}/teams/{removed}", headers=director.auth)
    enter(director, "Team 257", None)
    assert team_count(app, director) == 256


def test_a_dropped_team_leaves_room_and_the_full_event_starts(app, client):
    """A team dropped for checking in late is not seeded, so it does not count: with 256
    teams in and one dropped, the 257th listed is entered, and the 256 in start."""
    past = (datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=1)).isoformat()
    director = full_event(client, checkin_deadline=past)
    late = director.team_ids()["Team 7"]
    director.post(f"/teams/{late}/drop")
    enter(director, "Team 257", None)
    enter(director, "Team 258", 409)
    # taking the drop back would make 257: refused the same way, nothing stored
    back = director.client.delete(
        f"{director.url}/teams/{late}/drop", headers=director.auth, status=409
    ).json
    assert back["rule_code"] == "EVENT_FULL" and "Remove a team to enter Team 7" in back["message"]
    view = director.view()
    for team in view["teams"]:
        if not team["dropped"]:
            director.post(f"/teams/{team['id']}/check-in")
    started = director.start()
    assert sum(1 for t in started["teams"] if t["seed"]) == 256


def test_an_event_made_with_more_teams_than_it_can_start_is_refused(app, client):
    """The same bound when the teams come with the event: 257 are refused (422, the list's
    length), nothing stored."""
    response = client.post_json(
        "/api/events",
        {
            "name": "Too big",
            "ruleset": "straight-42",
            "format": "single-elimination",
            "teams": names(MAX_TEAMS + 1),
        },
        expect_errors=True,
    )
    assert response.status_int == 422, response.json
    assert "teams" in response.json["errors"]["json"]


def test_the_api_description_names_the_refusal(client):
    """EVENT_FULL is in the OpenAPI description beside the other tournament refusals."""
    description = client.get("/api/openapi.json").json["info"]["description"]
    assert "`EVENT_FULL` (a team\nentered past the 256 an event can start)" in description
