"""One table per team (docs/tournaments.md
"Calling matches without a director", "One table per team"): a match is called to a table
only when both its teams are free, not playing a called match not yet decided; among those
the longest-waiting match takes the lowest free table, so a table stays idle only when no
waiting match could be played at it.

Each test plays a whole event through the API (the deciding hand calls the next match), in a
drawn order of which table finishes first, and after every decided match reads the director
view, the public view and the stored calls to check both rules."""

import datetime
import random
import uuid

import pytest
from helpers.eventtest import TWO_MARKS, Director

from api.store.db import flask_db
from api.store.events import EventMatch


def stored_teams_at_tables(app, director, view):
    """{team id: [bracket ids]} of the stored calls whose match is not yet decided."""
    decided = {m["id"] for m in view["matches"] if m["status"] in ("played", "bye", "void")}
    seated = {}
    with app.app_context(), flask_db.database.connection_context():
        for row in EventMatch.select().where(EventMatch.event == director.id):
            if row.bracket_id not in decided:
                for team in row.teams:
                    seated.setdefault(team, []).append(row.bracket_id)
    return seated


def check_one_table_per_team(app, client, director, view):
    """No team at two tables in the director's view, the public view, or the store; and no
    free table while a waiting match has both teams free (tables stay busy)."""
    playing = [m for m in view["matches"] if m["status"] == "playing"]
    at = {m["id"]: (m["table"], m["teams"]) for m in playing}
    teams = [t for m in playing for t in m["teams"]]
    assert len(teams) == len(set(teams)), f"a team at two tables: {at}"
    tables = [m["table"] for m in playing]
    assert len(tables) == len(set(tables)), f"two matches at one table: {at}"
    twice = {t: at for t, at in stored_teams_at_tables(app, director, view).items() if len(at) > 1}
    assert not twice, f"stored calls put a team at two tables: {twice}"
    public = client.get(f"/api/e/{director.public}").json
    shown = [
        m
        for m in public["matches"]
        if m["status"] == "playing" or (m["status"] == "waiting-for-table" and m["table"])
    ]
    shown_teams = [t for m in shown for t in m["teams"]]
    assert len(shown_teams) == len(set(shown_teams)), (
        f"the board shows a team twice: {[m['id'] for m in shown]}"
    )
    assert sorted(m["table"] for m in shown) == sorted(tables), "the board shows other tables"
    if len(playing) < view["tables"]:
        idle = [
            m["id"]
            for m in view["matches"]
            if m["status"] == "waiting-for-table" and not set(m["teams"]) & set(teams)
        ]
        assert not idle, f"a table is free while {idle} could be played at it"
    return playing


def play_to_the_end(app, client, director, seed):
    """Decide the playing matches one at a time, a drawn one first, until the event is over;
    returns the most tables in use at once."""
    draw = random.Random(seed)
    view = director.view()
    most = 0
    while not view["finished"]:
        playing = check_one_table_per_team(app, client, director, view)
        assert playing, "nothing is playing and the event is not over"
        most = max(most, len(playing))
        match = draw.choice(playing)
        director.table(match["id"]).play(draw.randrange(2))
        view = director.view()
    return most


@pytest.mark.parametrize(
    ("teams", "tables", "most"),
    [(6, 5, 3), (8, 4, 4), (7, 6, 3), (5, 5, 2)],
)
def test_a_round_robin_on_many_tables_never_seats_a_team_twice(app, client, teams, tables, most):
    """6 teams on 5 tables (the issue: one team was called to three), 8 teams on 4, 7 on 6:
    every team plays every other once, never at two tables at once, and as many tables are
    busy as there are teams free to fill them (3 of 5 tables for 6 teams)."""
    director = Director(client, teams=teams, format="round-robin", first_to=[1], tables=tables)
    director.check_in_all()
    started = director.start()
    first = [m for m in started["matches"] if m["status"] == "playing"]
    assert len(first) == most
    assert play_to_the_end(app, client, director, seed=teams * 100 + tables) == most
    view = director.view()
    pairs = [frozenset(m["teams"]) for m in view["matches"] if m["status"] == "played"]
    assert len(pairs) == len(set(pairs)) == teams * (teams - 1) // 2


def test_a_round_robin_with_a_championship_keeps_one_table_per_team(app, client):
    """The round robin, then its championship, on more tables than matches at once."""
    director = Director(
        client, teams=6, format="round-robin-playoff", advance=4, first_to=[1], tables=5
    )
    director.check_in_all()
    director.start()
    assert play_to_the_end(app, client, director, seed=7) == 3
    assert director.view()["champion"] is not None


def test_a_double_elimination_on_many_tables_never_seats_a_team_twice(app, client):
    """16 teams on 8 tables, the winners' and losers' brackets playing at once, to the true
    final: no team at two tables, and a free table never idle while a match could be played."""
    director = Director(client, teams=16, format="double-elimination", first_to=[1], tables=8)
    director.check_in_all()
    director.start()
    assert play_to_the_end(app, client, director, seed=16) == 8
    assert director.view()["champion"] is not None


def undo_last_hand(client, phone):
    """DELETE the last hand of the phone's current game (its ETag as If-Match)."""
    view = phone.view()
    game = view["match"]["games"][-1]["id"]
    hand_no = client.get(f"/api/games/{game}", headers=phone.auth).json["next_hand_no"] - 1
    etag = client.get(f"/api/games/{game}", headers=phone.auth).headers["ETag"]
    return client.delete(
        f"/api/games/{game}/hands/{hand_no}",
        headers={**phone.auth, "If-Match": etag},
        expect_errors=True,
    )


def reopened_round_robin(client):
    """6 teams on 3 tables: R1.2, then R1.1 decided; R1.1's teams are called on, one of them
    (R3.3) to another table than R1.1's. Returns (director, R1.1's phone, the calls)."""
    director = Director(client, teams=6, format="round-robin", first_to=[1], tables=3)
    director.check_in_all()
    director.start()
    director.table("R1.2").play(0)
    first = director.table("R1.1")
    first.play(0)
    view = director.view()
    calls = {m["id"]: m for m in view["matches"] if m["status"] == "playing"}
    r11 = director.match(view, "R1.1")
    assert set(calls) == {"R1.3", "R2.1", "R3.3"}
    assert set(calls["R3.3"]["teams"]) & set(r11["teams"]) and calls["R3.3"]["table"] != 1
    return director, first, calls


def test_an_undo_that_reopens_a_match_takes_back_its_teams_calls_at_other_tables(app, client):
    """Undoing R1.1's deciding hand puts its teams back at table 1: R3.3, one of them called
    to table 2 with no hand played, is taken back too (docs/tournaments.md "An undo or edit
    after the next match was called"), so no team is at two tables."""
    director, first, _calls = reopened_round_robin(client)
    assert undo_last_hand(client, first).status_code == 200
    view = director.view()
    check_one_table_per_team(app, client, director, view)
    assert director.match(view, "R1.1")["status"] == "playing"
    assert director.match(view, "R3.3")["status"] == "waiting-for-table"


def test_an_undo_that_would_seat_a_team_at_two_tables_is_refused(app, client):
    """Once R3.3 has a hand played, R1.1's team is at work at table 2: reopening R1.1 would
    put it at two tables, so the undo is refused (409 LATER_MATCH_STARTED, R3.3 locked)."""
    director, first, calls = reopened_round_robin(client)
    other = director.table("R3.3")
    game = other.view()["current_game"]
    client.post_json(
        f"/api/games/{game}/hands",
        {"hand_no": 1, "bidder": 0, **TWO_MARKS},
        headers={**other.auth, "Idempotency-Key": uuid.uuid4().hex},
        status=201,
    )
    refused = undo_last_hand(client, first)
    assert refused.status_code == 409
    assert refused.json["rule_code"] == "LATER_MATCH_STARTED"
    assert refused.json["locked"] == ["R3.3"]
    assert f"table {calls['R3.3']['table']}" in refused.json["message"]
    check_one_table_per_team(app, client, director, director.view())


def test_estimates_and_the_table_plan_wait_for_the_teams(client):
    """6 teams on 5 tables, 20 minutes a game: round 1 at tables 1 to 3, every team playing,
    so no waiting match is expected before 20 minutes on (when its teams are free), and
    tables 4 and 5 expect nothing: what they would take has a team busy all day long at
    tables 1 to 3 (docs/tournaments.md "The views": `est_start`, `table_plan`)."""
    director = Director(
        client, teams=6, format="round-robin", first_to=[1], tables=5, minutes_per_game=20
    )
    director.check_in_all()
    view = director.start()
    started = datetime.datetime.fromisoformat(director.match(view, "R1.3")["called_at"])
    waiting = {m["id"]: m for m in view["matches"] if m["status"] == "waiting-for-table"}
    assert len(waiting) == 12
    for bid, match in waiting.items():
        wait = datetime.datetime.fromisoformat(match["est_start"]) - started
        assert wait >= datetime.timedelta(minutes=20), f"{bid} expected after {wait}"
    plan = {t["table"]: (t["playing"], t["next"]) for t in view["table_plan"]}
    assert [plan[t][0] for t in (1, 2, 3)] == ["R1.1", "R1.2", "R1.3"]
    assert all(plan[t][1] in waiting for t in (1, 2, 3))
    assert plan[4] == plan[5] == (None, None)
