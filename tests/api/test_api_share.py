"""Sharing: rotate/revoke, /api/share/{token}, and the server-rendered /s/{token} page."""

import re

import pytest
from helpers.apitest import Table, made

from api.games import service, views
from api.pages import summary as pages_summary

EVIL = '<script>alert("x")</script>'


def share(table, action, status=200, auth=None):
    """POST the share action."""
    headers = auth if auth is not None else table.auth
    return table.client.post_json(
        f"{table.url}/share", {"action": action}, headers=headers, status=status
    )


@pytest.mark.parametrize(
    "marks, strokes_per_word",
    [
        (0, []),
        (1, [1]),
        (3, [3]),
        (7, [7]),
        (8, [7, 1]),
        (13, [7, 6]),
        (35, [7] * 5),
        (36, None),
        (-1, None),
    ],
)
def test_tally_marks_are_words_of_all(marks, strokes_per_word):
    """Seven marks are the seven strokes of "ALL"; an overshoot starts a new word."""
    words = pages_summary.tally(marks)
    assert (None if words is None else [len(w) for w in words]) == strokes_per_word


def test_shared_json_is_read_only_view(table):
    table.hand(1, **made())
    view = table.client.get(f"/api/share/{table.share_token}").json
    assert view["totals"] == [0, 1] and len(view["hands"]) == 1
    assert not {"share_token", "share_url", "edit_token"} & set(view)


def test_shared_json_etag_304_until_the_game_changes(table):
    """The ETag is the body's hash: the same game answers 304, a new hand a new body."""
    url = f"/api/share/{table.share_token}"
    first = table.client.get(url)
    table.client.get(url, headers={"If-None-Match": first.headers["ETag"]}, status=304)
    table.hand(1, **made())
    second = table.client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert second.headers["ETag"] != first.headers["ETag"] and len(second.json["hands"]) == 1
    table.client.get(url, headers={"If-None-Match": second.headers["ETag"]}, status=304)


def test_shared_json_is_the_view_as_the_schema_documents_it(app, table):
    """The share view skips flask-smorest's schema dump (for speed): that dump must change
    nothing, so what is served is exactly what the OpenAPI document describes."""
    from api.schemas.games import SharedGame
    from api.store.db import flask_db

    for hand_no in (1, 2):
        table.hand(hand_no, **made(bidder=hand_no % 4))
    served = table.client.get(f"/api/share/{table.share_token}").json
    with app.test_request_context(), flask_db.database.connection_context():
        view = views.shared_view(*service.shared_game(table.share_token))
    assert SharedGame().dump(view) == view == served


def test_rotate_and_revoke(table):
    old = table.share_token
    new = share(table, "rotate").json
    assert new["share_token"] != old and new["share_url"].endswith("/s/" + new["share_token"])
    table.client.get(f"/api/share/{old}", status=404)
    table.client.get(f"/s/{old}", status=404)
    table.client.get(f"/api/share/{new['share_token']}")
    assert share(table, "revoke").json == {"share_token": None, "share_url": None}
    table.client.get(f"/api/share/{new['share_token']}", status=404)
    assert table.get().json["share_url"] is None


def test_share_action_needs_edit_token(client, table):
    share(table, "rotate", status=401, auth={})
    share(table, "rotate", status=403, auth={"Authorization": f"Bearer {table.share_token}"})
    share(table, "rotate", status=403, auth=Table(client).auth)
    share(table, "explode", status=422)


def test_share_page_renders_score_hands_and_og_tags(table):
    table.hand(1, **made(bidder=1, bid=84, captured=42))
    response = table.client.get(f"/s/{table.share_token}")
    html = response.text
    assert response.content_type == "text/html"
    assert 'property="og:title"' in html and "Us 0 – Them 2" in html
    assert 'name="robots" content="noindex' in html
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "noindex" in response.headers["X-Robots-Tag"]
    assert "2 marks" in html and "made" in html and "0 marks" in html
    assert 'http-equiv="refresh"' in html and response.headers["Refresh"] == "30"
    # no inline script or style (the CSP forbids them); while live, one deferred script of the
    # app's own follows the share stream, and the page works without it (the refresh above)
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == ['<script src="/_static/share-live.js" defer>']
    assert "style=" not in html and "<style" not in html
    # the tally: Them's 2 marks are the first two strokes of "ALL", Us has none
    assert html.count("<path ") == 2 and 'aria-label="2 marks"' in html


def test_finished_game_page_names_winner_and_stops_refreshing(table):
    for n in range(1, 5):
        table.hand(n, **made(bidder=1, bid=84, captured=42))
    response = table.client.get(f"/s/{table.share_token}")
    assert "Them won." in response.text
    assert "Refresh" not in response.headers and 'http-equiv="refresh"' not in response.text


def test_points_game_page_shows_points(client):
    table = Table(client, ruleset="points-250")
    table.hand(1, **made(bidder=0, bid=30, captured=30))
    html = client.get(f"/s/{table.share_token}").text
    assert re.search(r'class="points">30<', html) and re.search(r'class="points">12<', html)


def test_names_with_html_are_inert(client):
    teams = [
        {"name": EVIL, "players": ['<img src=x onerror="alert(1)">']},
        {"name": "Them & <b>co</b>", "players": []},
    ]
    table = Table(client, teams=teams)
    table.hand(1, **made(bidder=0))
    html = client.get(f"/s/{table.share_token}").text
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>co" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=" in html and "Them &amp; &lt;b&gt;co&lt;/b&gt;" in html


def test_unknown_share_page_is_404_html(client):
    response = client.get("/s/" + "x" * 22, status=404)
    assert "not shared" in response.text


def test_every_preset_renders_a_share_page(client):
    for preset in client.get("/api/rulesets").json:
        table = Table(client, ruleset=preset["id"])
        html = client.get(f"/s/{table.share_token}").text
        assert preset["name"] in html.replace("&#39;", "'")


def test_reshuffle_row_reads_all_passed(client):
    table = Table(client, rules={"all_pass": "reshuffle"})
    table.hand(1, bids=["pass"] * 4)
    assert "all passed" in client.get(f"/s/{table.share_token}").text
