"""The live streams in-process (webtest): documented in the OpenAPI document, and with
LIVE_MAX_STREAM_SECONDS at 0 (apitest's default) a stream sends `retry`, the current state,
and ends; its refusals come in the one error shape."""

import json


def parse(body):
    """The events of a stream body, as lists of (field, value)."""
    return [
        [tuple(line.split(": ", 1)) for line in block.splitlines()]
        for block in body.strip().split("\n\n")
    ]


def test_both_streams_are_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    for path, operation_id in (
        ("/api/share/{token}/events", "streamSharedGame"),
        ("/api/games/{game_id}/events", "streamGame"),
    ):
        get = paths[path]["get"]
        assert get["operationId"] == operation_id
        assert "text/event-stream" in get["responses"]["200"]["content"]
        assert any(p["name"] == "Last-Event-ID" for p in get["parameters"])
    assert paths["/api/games/{game_id}/events"]["get"]["security"] == [{"editToken": []}]


def test_share_stream_sends_retry_then_the_current_game(client, table):
    table.hand(1, bidder=1, bid=30, result={"captured": 35})
    response = client.get(f"/api/share/{table.share_token}/events")
    assert response.content_type == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache, no-store"
    retry, event = parse(response.text)
    assert retry == [("retry", "2000")]
    fields = dict(event)
    assert (fields["id"], fields["event"]) == ("1", "game")
    data = json.loads(fields["data"])
    shared = client.get(f"/api/share/{table.share_token}")
    assert data == {"revision": 1, "etag": shared.headers["ETag"], "game": shared.json}


def test_editor_stream_with_the_current_last_event_id_sends_no_event(client, table):
    response = client.get(f"{table.url}/events", headers={**table.auth, "Last-Event-ID": "0"})
    assert parse(response.text) == [[("retry", "2000")]]
    full = client.get(f"{table.url}/events", headers={**table.auth, "Last-Event-ID": "7"})
    data = json.loads(dict(parse(full.text)[1])["data"])
    assert data["etag"] == table.etag() and data["game"] == table.get().json


def test_stream_refusals(client, table):
    body = client.get(f"/api/share/{'A' * 22}/events", status=404).json
    assert body["rule_code"] == "NOT_FOUND" and set(body) >= {"code", "status", "message"}
    assert client.get(f"{table.url}/events", status=401).json["rule_code"] == "NEEDS_TOKEN"
