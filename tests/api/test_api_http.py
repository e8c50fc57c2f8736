"""HTTP behaviour: security headers, CSP, 405 Allow, rate limits, the PWA files, the docs."""

import gzip

import pytest
from helpers.apitest import Table, TestApp, close_pool, made, make_app


def test_security_headers_and_csp_without_unsafe_inline(client, table):
    for url in ["/api/rulesets", f"/s/{table.share_token}", "/api/openapi.json"]:
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "script-src 'self'" in csp and "connect-src 'self'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert "Set-Cookie" not in response.headers
        assert response.headers["Cache-Control"] == "no-cache, private"


def test_docs_page_and_openapi_document(client):
    doc = client.get("/api/openapi.json").json
    assert "/api/games/{game_id}/hands" in doc["paths"]
    assert "401" in doc["info"]["description"]
    page = client.get("/api/docs")
    assert "unsafe-inline" not in page.headers["Content-Security-Policy"]
    assert "/_static/docs.js" in page.text
    client.get("/_static/docs.js")
    assert "cdn" not in page.headers["Content-Security-Policy"]
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js"):
        assert f"/api/docs/{asset}" in page.text
        assert client.get(f"/api/docs/{asset}").content_length > 1000
    client.get("/api/docs/index.html", status=404)


def test_405_keeps_allow_header(client):
    response = client.put_json("/api/rulesets", {}, status=405)
    assert "GET" in response.headers["Allow"] and response.json["code"] == 405


def test_unknown_api_path_is_json_404(client):
    assert client.get("/api/nothing", status=404).json["code"] == 404


@pytest.fixture
def limited(tmp_path):
    """An app allowing 3 writes per game and 5 per client per minute."""
    app = make_app(tmp_path, RATELIMIT_PER_GAME=3, RATELIMIT_PER_CLIENT=5)
    yield TestApp(app)
    close_pool(app)


def test_writes_are_rate_limited_per_game_then_per_client(limited):
    table = Table(limited)  # client write 1
    for n in (1, 2, 3):  # game writes 1..3, client writes 2..4
        table.hand(n, **made(bidder=n % 4))
    response = table.hand(4, status=429, **made())  # client write 5, game write 4
    assert int(response.headers["Retry-After"]) >= 1 and response.json["code"] == 429
    error = limited.post_json(
        "/api/games", {"ruleset": "straight-42", "first_dealer": 0}, status=429
    )
    assert "Retry-After" in error.headers
    limited.get(table.url, headers=table.auth)  # reads are not limited


def test_rate_limit_can_be_disabled(tmp_path):
    app = make_app(tmp_path, RATELIMIT_ENABLED=False, RATELIMIT_PER_CLIENT=1)
    client = TestApp(app)
    for _ in range(3):
        Table(client)
    close_pool(app)


@pytest.fixture
def pwa_client(tmp_path):
    """An app serving a small pwa/ folder."""
    pwa = tmp_path / "pwa"
    (pwa / "js").mkdir(parents=True)
    (pwa / "index.html").write_text("<!doctype html><title>Tally 42</title>" + " " * 500)
    (pwa / "sw.js").write_text("self.addEventListener('install', () => {});")
    (pwa / "js" / "app.js").write_text("export const x = 1;\n" * 50)
    (pwa / "js" / "rules.mjs").write_text("export const y = 2;\n")
    (pwa / "manifest.webmanifest").write_text('{"name": "Tally 42"}')
    (pwa / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (pwa / "icons").mkdir()
    (pwa / "icons" / "icon-512.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    app = make_app(tmp_path)
    yield TestApp(app)
    close_pool(app)


@pytest.mark.parametrize(
    "path, ctype, cache",
    [
        ("/", "text/html", "no-cache"),
        ("/index.html", "text/html", "no-cache"),
        ("/sw.js", "text/javascript", "no-cache"),
        ("/js/app.js", "text/javascript", "max-age=604800"),
        ("/js/rules.mjs", "text/javascript", "max-age=604800"),
        ("/manifest.webmanifest", "application/manifest+json", "no-cache"),
        ("/icon.png", "image/png", "max-age=604800"),
    ],
)
def test_pwa_files_types_and_caching(pwa_client, path, ctype, cache):
    response = pwa_client.get(path)
    assert response.content_type == ctype
    assert cache in response.headers["Cache-Control"]


def test_pwa_gzip_when_accepted_and_304(pwa_client):
    raw = pwa_client.app.test_client()  # webtest would undo the gzip for us
    response = raw.get("/js/app.js", headers={"Accept-Encoding": "gzip, br"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data).startswith(b"export const x")
    assert "Accept-Encoding" in response.headers["Vary"]
    plain = pwa_client.get("/js/app.js")
    assert "Content-Encoding" not in plain.headers
    pwa_client.get("/js/app.js", headers={"If-None-Match": plain.headers["ETag"]}, status=304)


def test_pwa_missing_files_and_traversal_are_404(pwa_client):
    pwa_client.get("/nope.js", status=404)
    pwa_client.get("/../conftest.py", status=404)
    pwa_client.get("/js/../../tally42.sqlite3", status=404)


def test_empty_pwa_folder_does_not_crash(client):
    assert client.get("/", status=404).json["code"] == 404


def test_share_page_previews_with_the_pwa_icon(pwa_client):
    table = Table(pwa_client)
    html = pwa_client.get(f"/s/{table.share_token}").text
    assert '<meta property="og:image" content="http://localhost/icons/icon-512.png">' in html


@pytest.mark.parametrize(
    "method, path",
    [
        ("post", "/api/games"),
        ("post", "{game}/hands"),
        ("put", "{game}/hands/1"),
        ("post", "{game}/share"),
    ],
)
def test_every_write_refuses_bodies_over_16_kib(table, method, path):
    headers = {**table.auth, "Idempotency-Key": "big", "If-Match": "*"}
    url = path.format(game=table.url)
    response = getattr(table.client, f"{method}_json")(
        url, {"pad": "x" * 16_400}, headers=headers, status=413
    )
    assert response.json["code"] == 413


def test_behind_a_proxy_clients_are_told_apart_by_forwarded_for(tmp_path):
    app = make_app(tmp_path, PROXY_FIX_HOPS=1, RATELIMIT_PER_CLIENT=1)
    client = TestApp(app)
    body = {"ruleset": "straight-42", "first_dealer": 0}
    for address in ("203.0.113.1", "203.0.113.2"):
        client.post_json("/api/games", body, headers={"X-Forwarded-For": address}, status=201)
    client.post_json("/api/games", body, headers={"X-Forwarded-For": "203.0.113.1"}, status=429)
    close_pool(app)
