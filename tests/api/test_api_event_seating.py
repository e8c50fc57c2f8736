"""Calling tables and the countdown (docs/tournaments.md "Calling
tables"): a called match must be seated by its call plus the event's no-show minutes (the
Timpson flyer: "a team more than 5 minutes late is eliminated"; docs/rules.md rule 28). The
table's "We're seated" stops the countdown, once; "We're here, they're not" names the team
that came; a hand recorded counts as seated (derived). The clock decides nothing: the
director's no-show is refused before the time and allowed after, as before."""

import datetime

from helpers.eventtest import Director
from helpers.lateness import called_ago
from helpers.table_links import TableLink

from api.core.times import iso
from api.store.db import flask_db
from api.store.events import EventMatch, EventRecord
from api.store.schema import create_tables, missing_columns


def stored(app, director):
    """{bracket id: (seated_at, here)} as stored, and how many records the director made."""
    with app.app_context(), flask_db.database.connection_context():
        rows = EventMatch.select().where(EventMatch.event == director.id)
        seats = {r.bracket_id: (r.seated_at, r.here) for r in rows}
        return seats, EventRecord.select().where(EventRecord.event == director.id).count()


def at_table(view, table):
    """The match being played at `table`, as the director's view has it."""
    plan = next(p for p in view["table_plan"] if p["table"] == table)
    return next(m for m in view["matches"] if m["id"] == plan["playing"])


def seat(client, director, link, table, body=None, status=200):
    """POST the table's "We're seated" with `link` (a table's own link); no body: both."""
    auth = {"Authorization": f"Bearer {link}"}
    url = f"{director.url}/tables/{table}/seated"
    if body is None:
        return client.post(url, headers=auth, status=status, expect_errors=status >= 400)
    return client.post_json(url, body, headers=auth, status=status, expect_errors=status >= 400)


def test_seated_once_and_the_no_show_only_after_the_countdown(app, client):
    """Rule 28 with the table's word: the deadline is the call plus 5 minutes in the
    director's, the public and the table's JSON and on the board; "We're seated" is recorded
    once (a retry moves nothing) and only with that table's link; "We're here, they're not"
    keeps the team that came; the no-show is refused before the deadline and allowed after."""
    director = Director(client, teams=4, first_to=[1], tables=2, no_show_minutes=5)
    director.check_in_all()
    director.start()
    view = director.view()
    one, two = at_table(view, 1), at_table(view, 2)
    called = datetime.datetime.fromisoformat(one["called_at"].removesuffix("Z"))
    assert one["seat_by"] == iso(called + datetime.timedelta(minutes=5))
    assert (one["seated"], one["here"]) == (False, None)
    assert view["now"].endswith("Z")  # the server's clock, to count down from
    public = client.get(f"/api/e/{director.public}").json
    assert [m["seat_by"] for m in public["matches"]] == [m["seat_by"] for m in view["matches"]]
    links = {n: director.links[str(n)] for n in (1, 2)}
    read = TableLink(director, 1, links[1]).read()
    assert read["match"]["bracket_match"]["seat_by"] == one["seat_by"]
    assert read["now"].endswith("Z")
    board = client.get(f"/b/{director.public}", headers={"Accept": "text/html"}).text
    assert f'data-until="{one["seat_by"]}"' in board and "5 min to sit down" in board

    # table 2's link cannot seat table 1, and a team not at table 1 cannot say it is there
    refused = seat(client, director, links[2], 1, status=403).json
    assert "does not open this table" in refused["message"]
    stranger = two["teams"][0]
    refused = seat(client, director, links[1], 1, {"here": stranger}, status=422).json
    assert refused["rule_code"] == "NOT_IN_MATCH" and "table 1" in refused["message"]
    assert stored(app, director) == ({one["id"]: (None, None), two["id"]: (None, None)}, 0)

    # table 1: only one team came; saying it twice stores it once
    came, absent = one["teams"]
    read = seat(client, director, links[1], 1, {"here": came}).json
    assert read["match"]["bracket_match"]["here"] == came
    etag = client.get(f"/api/e/{director.public}").headers["ETag"]
    seat(client, director, links[1], 1, {"here": came})
    assert client.get(f"/api/e/{director.public}").headers["ETag"] == etag
    assert stored(app, director)[0][one["id"]][1] == came

    # the clock alone decides nothing: before the deadline the no-show is refused as today
    no_show = {"team": absent, "reason": "no-show"}
    refused = director.post(f"/matches/{one['id']}/forfeit", no_show, status=409).json
    assert refused["rule_code"] == "NOT_LATE_YET" and stored(app, director)[1] == 0
    called_ago(app, director, one["id"], datetime.timedelta(minutes=5, seconds=1))
    after = director.post(f"/matches/{one['id']}/forfeit", no_show).json
    assert director.match(after, one["id"])["how"] == "no-show"

    # table 2 sits down: recorded once, a retry changes nothing, and the board says so
    read = seat(client, director, links[2], 2).json
    assert read["match"]["bracket_match"]["seated"] is True
    first = stored(app, director)[0][two["id"]]
    etag = client.get(f"/api/e/{director.public}").headers["ETag"]
    seat(client, director, links[2], 2, {"here": None})
    assert stored(app, director)[0][two["id"]] == first and first[0] is not None
    assert client.get(f"/api/e/{director.public}").headers["ETag"] == etag
    board = client.get(f"/b/{director.public}", headers={"Accept": "text/html"}).text
    assert 'class="clock seated"' in board and "data-until" not in board

    # table 1's match is over: nothing to sit down for
    refused = seat(client, director, links[1], 1, status=409).json
    assert refused["rule_code"] == "MATCH_ALREADY_PLAYED"


def test_a_hand_recorded_counts_as_seated_and_a_zero_wait_has_no_countdown(app, client):
    """Seated is derived: a table that scores a hand without tapping "We're seated" is seated
    (nothing stored). With the no-show wait at 0 there is no countdown (`seat_by` null)."""
    director = Director(client, teams=2, first_to=[2], tables=1, no_show_minutes=0)
    director.check_in_all()
    director.start()
    match = at_table(director.view(), 1)
    assert (match["seat_by"], match["seated"]) == (None, False)
    phone = TableLink(director, 1, director.links["1"])
    game_id = phone.read()["match"]["current_game"]
    phone.hand(game_id, 1, 0)
    match = at_table(director.view(), 1)
    assert match["seated"] is True
    assert stored(app, director)[0][match["id"]] == (None, None)
    seat(client, director, director.links["1"], 1)  # after a hand: nothing to store
    assert stored(app, director)[0][match["id"]] == (None, None)


def test_an_older_store_gains_the_seating_columns(app, client):
    """An event table made by an older release (no eventmatch.seated_at, no .here) gets them
    when the app boots on it (api/store/schema.py `add_missing_columns`), and its called
    matches read as not seated."""
    director = Director(client, teams=2, first_to=[1], tables=1)
    director.check_in_all()
    director.start()
    with app.app_context(), flask_db.database.connection_context():
        for column in ("seated_at", "here"):
            flask_db.database.execute_sql(f'ALTER TABLE "eventmatch" DROP COLUMN "{column}"')
        assert {f.column_name for _m, f in missing_columns(flask_db.database)} == {
            "seated_at",
            "here",
        }
        create_tables()
        assert missing_columns(flask_db.database) == []
    match = at_table(director.view(), 1)
    assert (match["seated"], match["here"]) == (False, None)
    seat(client, director, director.links["1"], 1)
    assert at_table(director.view(), 1)["seated"] is True
