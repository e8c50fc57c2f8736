"""A team's entry after it was made, and an event deleted ("Team entry at the speed of
a sign-up table" and "Safe taps": "a check-in and a drop can be taken back before the start",
"editing a team's names at any time (the board and every view follow)", "deleting an event
(with its games) by its director"; docs/tournaments.md "What a director does")."""

import datetime

from helpers.eventtest import Director

from api.store.db import flask_db
from api.store.events import Event, EventMatch, Team
from api.store.games import Game, Hand, Match

PAST = (datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=1)).isoformat()


def team(view, name):
    return next(t for t in view["teams"] if t["name"] == name)


def test_a_check_in_is_taken_back_before_the_start_and_not_after(client):
    """Tapped on the wrong team: DELETE check-in makes it not here again (the start then
    names it); twice is no change; after the start, 409 EVENT_STARTED."""
    director = Director(client, teams=2, first_to=[1], tables=1)
    director.check_in_all()
    one = director.team_ids()["Team 1"]
    url = f"{director.url}/teams/{one}/check-in"
    view = client.delete(url, headers=director.auth).json
    assert team(view, "Team 1")["checked_in_at"] is None
    assert team(view, "Team 2")["checked_in_at"] is not None
    assert client.delete(url, headers=director.auth).json["teams"] == view["teams"]
    refused = director.post("/start", status=409).json
    assert refused["rule_code"] == "NOT_CHECKED_IN" and "Team 1" in refused["message"]
    director.post(f"/teams/{one}/check-in")
    director.start()
    late = client.delete(url, headers=director.auth, status=409).json
    assert late["rule_code"] == "EVENT_STARTED"
    assert team(director.view(), "Team 1")["checked_in_at"] is not None


def test_a_drop_is_taken_back_before_the_start_and_the_team_is_in_again(client):
    """The late team turned up after all: DELETE drop puts it back, not checked in, counted
    for the start again."""
    director = Director(client, teams=3, first_to=[1], tables=1, checkin_deadline=PAST)
    late = director.team_ids()["Team 3"]
    director.post(f"/teams/{late}/drop")
    assert team(director.view(), "Team 3")["dropped"]
    view = client.delete(f"{director.url}/teams/{late}/drop", headers=director.auth).json
    back = team(view, "Team 3")
    assert (back["dropped"], back["dropped_at"], back["checked_in_at"]) == (False, None, None)
    director.check_in_all()
    started = director.start()
    assert sum(1 for t in started["teams"] if t["seed"]) == 3
    refused = client.delete(f"{director.url}/teams/{late}/drop", headers=director.auth, status=409)
    assert refused.json["rule_code"] == "EVENT_STARTED"


def test_a_team_renamed_after_the_start_is_renamed_everywhere(app, client):
    """A misspelt name fixed mid-event: the director's and public views, the board, the
    table's view of its match and the match's games all say the new names."""
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    director.start()
    phone = director.table("W1.1")
    phone.win_game(0)
    one = director.team_ids()["Team 1"]
    body = {"name": "Hrncir & Sons", "players": ["Joe Hrncir", "Al Hrncir"]}
    view = client.patch_json(f"{director.url}/teams/{one}", body, headers=director.auth).json
    assert team(view, "Hrncir & Sons")["players"] == ["Joe Hrncir", "Al Hrncir"]
    public = client.get(f"/api/e/{director.public}").json
    assert team(public, "Hrncir & Sons")["id"] == one
    board = client.get(f"/b/{director.public}").text
    assert "Hrncir &amp; Sons" in board and "Team 1<" not in board
    table = phone.view()
    sides = [t["name"] for t in table["teams"]]
    assert "Hrncir & Sons" in sides
    assert {"name": "Hrncir & Sons", "players": ["Joe Hrncir", "Al Hrncir"]} in table["match"][
        "teams"
    ]
    with app.app_context(), flask_db.database.connection_context():
        match_id = EventMatch.get(EventMatch.bracket_id == "W1.1").match_id
        for game in Game.select().where(Game.match_id == match_id):
            assert "Hrncir & Sons" in [t["name"] for t in game.teams]
    taken = client.patch_json(
        f"{director.url}/teams/{one}", {"name": "team 2"}, headers=director.auth, status=409
    ).json
    assert taken["rule_code"] == "TEAM_NAME_TAKEN"


def count_rows(app, event_id, match_ids):
    with app.app_context(), flask_db.database.connection_context():
        return (
            Event.select().where(Event.id == event_id).count(),
            Team.select().where(Team.event == event_id).count(),
            Match.select().where(Match.id.in_(match_ids)).count(),
            Game.select().where(Game.match_id.in_(match_ids)).count(),
            Hand.select().join(Game).where(Game.match_id.in_(match_ids)).count(),
        )


def test_deleting_an_event_takes_its_games_and_every_link_reads_as_gone(app, client):
    """DELETE the event with the director token: its teams, matches, games and hands go; the
    director's, public, board, table and share links then find nothing, said in words; the
    other event is untouched."""
    other = Director(client, teams=2, first_to=[1], tables=1)
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    director.start()
    phone = director.table("W1.1")
    phone.win_game(1)
    match_ids = [m["match_id"] for m in director.view()["matches"] if m["match_id"]]
    before = count_rows(app, director.id, match_ids)
    assert before[0] == 1 and before[3] >= 2 and before[4] >= 1
    with app.app_context(), flask_db.database.connection_context():
        share_token = Game.select().where(Game.match_id == match_ids[0]).first().share_token
    gone = client.delete(director.url, headers=director.auth).json
    assert gone == {"deleted": director.id, "teams": 4, "matches": 2, "games": before[3]}
    assert count_rows(app, director.id, match_ids) == (0, 0, 0, 0, 0)
    assert client.get(director.url, headers=director.auth, status=401).json["code"] == 401
    public = client.get(f"/api/e/{director.public}", status=404).json
    assert "deleted" in public["message"]
    board = client.get(f"/b/{director.public}", headers={"Accept": "text/html"}, status=404)
    assert "deleted" in board.text
    assert client.get(phone.url, headers=phone.auth, status=401).json["code"] == 401
    assert "deleted with its tournament" in client.get(f"/s/{share_token}", status=404).text
    assert client.get(other.url, headers=other.auth).json["name"] == "Timpson 42"
