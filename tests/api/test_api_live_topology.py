"""Where the streams are served (api/live/topology.py; "the server holds many open
streams" without the API's sync workers holding any): the `web` part never holds a stream and
points clients at the live process, the `live` part serves the streams only, with CORS for the
API's pages. In-process (webtest), on SQLite or TEST_DATABASE_URL; the same parts as real
processes are in test_api_live.py."""

import pytest
from helpers.apitest import Table, TestApp, close_pool, make_app

from api import create_app

PAGE = "http://scores.local:8000"


@pytest.fixture
def part(tmp_path):
    """An app in a given part (`LIVE_ROLE`) with extra settings: part("web", LIVE_URL=...)."""
    made = []

    def build(role, **config):
        app = make_app(tmp_path, LIVE_ROLE=role, **config)
        made.append(app)
        return TestApp(app)

    yield build
    for app in made:
        close_pool(app)


def test_the_api_sends_the_share_stream_to_the_live_port_of_the_same_host(part):
    web = part("web", LIVE_URL=":8001")
    table = Table(web)
    path = f"/api/share/{table.share_token}/events"
    answer = web.get(path, headers={"Host": "scores.local:8000"}, status=307)
    assert answer.headers["Location"] == f"http://scores.local:8001{path}"
    # a phone that reached the server by its address on the local network goes there
    answer = web.get(path, headers={"Host": "192.168.1.20:8000"}, status=307)
    assert answer.headers["Location"] == f"http://192.168.1.20:8001{path}"
    answer = web.get(path, headers={"Host": "[fe80::1]:8000"}, status=307)
    assert answer.headers["Location"] == f"http://[fe80::1]:8001{path}"


def test_the_api_tells_the_phone_where_its_editor_stream_is(part):
    """fetch() drops Authorization on a redirect to another origin: a 421 names the place."""
    web = part("web", LIVE_URL="https://live.tally.example/")
    table = Table(web)
    body = web.get(f"{table.url}/events", headers=table.auth, status=421)
    assert body.headers["Tally-Live-URL"] == "https://live.tally.example"
    assert body.json["rule_code"] == "LIVE_ELSEWHERE"
    assert body.json["message"] == (
        "live updates for this game come from https://live.tally.example: follow the game there"
    )
    assert set(body.json) == {"code", "status", "message", "errors", "rule_code"}


def test_an_api_with_no_live_process_refuses_streams_at_once(part):
    web = part("web")
    table = Table(web)
    for path, headers in (
        (f"/api/share/{table.share_token}/events", {}),
        (f"{table.url}/events", table.auth),
    ):
        body = web.get(path, headers=headers, status=503)
        assert body.json["rule_code"] == "LIVE_UNAVAILABLE"
        assert body.headers["Retry-After"] == "30"
        assert "refreshes" in body.json["message"]


def test_the_pages_may_connect_to_the_live_process(part):
    """The PWA and the share page open streams on the live origin: connect-src allows it."""
    web = part("web", LIVE_URL=":8001")
    table = Table(web)
    page = web.get(f"/s/{table.share_token}", headers={"Host": "scores.local:8000"})
    assert "connect-src 'self' http://scores.local:8001;" in page.headers["Content-Security-Policy"]
    json_answer = web.get(f"/api/share/{table.share_token}")
    assert "connect-src 'self';" in json_answer.headers["Content-Security-Policy"]
    same_origin = part("web")  # behind a proxy: one origin, nothing added
    page = same_origin.get(f"/s/{Table(same_origin).share_token}")
    assert "connect-src 'self';" in page.headers["Content-Security-Policy"]


def test_the_live_process_answers_the_streams_only(part):
    # both apps are built before the game: on PostgreSQL building one empties the schema
    all_in_one, live = part("all"), part("live")
    table = Table(all_in_one)
    refused = live.get(table.url, headers=table.auth, status=404).json
    assert refused["rule_code"] == "NOT_FOUND" and "live updates only" in refused["message"]
    live.post_json("/api/games", {"ruleset": "straight-42", "first_dealer": 0}, status=404)
    live.get("/", status=404)
    assert live.get("/api/live/health").json == {
        "role": "live",
        "streams": 0,
        "listen": {"state": "idle", "reconnects": 0},  # no stream open: not listening
    }
    stream = live.get(f"/api/share/{table.share_token}/events")
    assert stream.content_type == "text/event-stream"
    assert stream.headers["Access-Control-Allow-Origin"] == "*"


def test_the_live_process_lets_the_api_page_open_an_editor_stream(part):
    """CORS: the editor stream sends Authorization, so the browser asks first (a preflight);
    the page's origin on the same host name is allowed, any other is not."""
    all_in_one, live = part("all"), part("live")  # built first (see above)
    table = Table(all_in_one)
    preflight = {
        "Origin": PAGE,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization,last-event-id",
        "Host": "scores.local:8001",
    }
    answer = live.options(f"{table.url}/events", headers=preflight, status=204)
    assert answer.headers["Access-Control-Allow-Origin"] == PAGE
    allowed = answer.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "last-event-id" in allowed
    stranger = live.options(
        f"{table.url}/events",
        status=204,
        headers={**preflight, "Origin": "https://elsewhere.example"},
    )
    assert "Access-Control-Allow-Origin" not in stranger.headers
    # the stream itself: allowed, and its share link is built for the page, not the live port
    stream = live.get(
        f"{table.url}/events", headers={**table.auth, "Origin": PAGE, "Host": "scores.local:8001"}
    )
    assert stream.headers["Access-Control-Allow-Origin"] == PAGE
    assert f'"share_url":"{PAGE}/s/{table.share_token}"' in stream.text


def test_listed_origins_replace_the_same_host_rule(part):
    all_in_one = part("all")
    live = part("live", LIVE_ALLOWED_ORIGINS=["https://tally.example"])
    table = Table(all_in_one)
    headers = {**table.auth, "Host": "scores.local:8001"}
    listed = live.get(f"{table.url}/events", headers={**headers, "Origin": "https://tally.example"})
    assert listed.headers["Access-Control-Allow-Origin"] == "https://tally.example"
    same_host = live.get(f"{table.url}/events", headers={**headers, "Origin": PAGE})
    assert "Access-Control-Allow-Origin" not in same_host.headers


def test_a_part_that_does_not_exist_stops_the_start(tmp_path):
    with pytest.raises(ValueError, match="LIVE_ROLE"):
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}", "LIVE_ROLE": "both"})
