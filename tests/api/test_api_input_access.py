"""Tokens, share links and the files served: only strong client tokens, no lookups of
impossible tokens, links that do not follow a forged Host, only the app's own files."""

import logging
import re
import secrets

import pytest
from helpers.apitest import Table, TestApp, close_pool, make_app

from api.core.tokens import weak_token_reason

BODY = {"ruleset": "straight-42", "first_dealer": 0}


def phone_token():
    """What pwa/js/ui.js randomToken makes: 32 random bytes, url-safe base64, no padding."""
    return secrets.token_urlsafe(32)


def test_tokens_as_the_phone_makes_them_are_accepted(client):
    for _ in range(20):
        token = phone_token()
        game = client.post_json("/api/games", {**BODY, "edit_token": token}, status=201).json
        client.get(f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"})


@pytest.mark.parametrize(
    "token",
    [
        "abcdefghijklmnopqrstuv",  # 22 letters: at most 132 bits, and typeable
        secrets.token_urlsafe(16),  # a share-token-sized one
        secrets.token_urlsafe(24),
        secrets.token_urlsafe(32) + "A",  # 44 characters
        secrets.token_urlsafe(32)[:42] + "B",  # a last character 32 random bytes cannot end in
        secrets.token_urlsafe(48),
        "ab" * 21 + "A",  # the right length, not random
        secrets.token_urlsafe(32)[:42] + "=",
    ],
    ids=[
        "typeable",
        "16-bytes",
        "24-bytes",
        "44-chars",
        "bad-last-char",
        "48-bytes",
        "not-random",
        "padded",
    ],
)
def test_weak_or_foreign_client_tokens_are_refused(client, token):
    assert weak_token_reason(token)
    before = len(client.get("/api/rulesets").json)  # the app is up
    error = client.post_json("/api/games", {**BODY, "edit_token": token}, status=422).json
    assert error["rule_code"] == "WEAK_TOKEN" and "edit_token" in error["errors"]["json"]
    assert before


def test_the_server_makes_tokens_it_would_accept(client):
    for _ in range(20):
        assert weak_token_reason(client.post_json("/api/games", BODY).json["edit_token"]) is None


@pytest.mark.parametrize(
    "token",
    ["abcdefghij%00klmnopqrst", "%00" * 16, "abcdefghijklmnopq%C3%A9", "abcdefghijklmnop%20qr"],
)
def test_impossible_share_tokens_are_404_on_every_store(client, table, token):
    error = client.get(f"/api/share/{token}", status=404).json
    assert error["rule_code"] == "NOT_FOUND"
    client.get(f"/s/{token}", status=404)
    client.get(f"/api/share/{table.share_token}")  # the real one still reads


def test_a_nul_in_a_bearer_token_is_a_401(client, table):
    headers = {"Authorization": "Bearer abcdefghij\x00klmnopqrstuvw"}
    assert client.get(table.url, headers=headers, status=401).json["rule_code"] == "BAD_TOKEN"


def test_without_public_url_a_forged_host_is_refused_when_hosts_are_trusted(tmp_path):
    app = make_app(tmp_path, TRUSTED_HOSTS=["tally.example"])
    client = TestApp(app, extra_environ={"HTTP_HOST": "tally.example"})
    table = Table(client)
    assert table.created["share_url"].startswith("http://tally.example/s/")
    forged = {"Host": "evil.example"}
    error = client.post_json("/api/games", BODY, headers=forged, status=400).json
    assert error["code"] == 400 and error["rule_code"]
    client.get(table.url, headers={**table.auth, **forged}, status=400)
    client.get(f"/s/{table.share_token}", headers=forged, status=400)
    close_pool(app)


def test_with_public_url_links_ignore_the_host(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://tally.example/")
    client = TestApp(app)
    forged = {"Host": "evil.example"}
    game = client.post_json("/api/games", BODY, headers=forged).json
    assert game["share_url"] == f"https://tally.example/s/{game['share_token']}"
    html = client.get(f"/s/{game['share_token']}", headers=forged).text
    og_url = re.search(r'<meta property="og:url" content="([^"]*)"', html).group(1)
    assert og_url == game["share_url"] and "evil" not in html
    close_pool(app)


def test_start_up_without_public_url_or_trusted_hosts_warns(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        app = make_app(tmp_path)
    assert "PUBLIC_URL" in caplog.text and "TRUSTED_HOSTS" in caplog.text
    close_pool(app)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        app = make_app(tmp_path, PUBLIC_URL="https://tally.example")
    assert "TRUSTED_HOSTS" not in caplog.text
    close_pool(app)


@pytest.fixture
def real_pwa(tmp_path):
    """The app serving the project's own pwa/ folder."""
    import api

    pwa_dir = api.__file__.rsplit("/api/", 1)[0] + "/pwa"
    app = make_app(tmp_path, PWA_DIR=pwa_dir)
    yield TestApp(app)
    close_pool(app)


def test_only_the_apps_own_files_are_served_from_pwa(real_pwa):
    sw = real_pwa.get("/sw.js").text
    shell = re.findall(r"'(/[^']*)'", sw.split("const SHELL = [", 1)[1].split("];", 1)[0])
    for path in shell:  # everything the service worker precaches is served
        real_pwa.get(path, status=200)
    for path in ("/manifest.webmanifest", "/icons/icon-192.png"):
        real_pwa.get(path, status=200)
    for path in (
        "/README.md",
        "/stamp-sw.py",
        "/icons/make-icons.py",
        "/.gitignore",
        "/js/.hidden.js",
    ):
        assert real_pwa.get(path, status=404).json["rule_code"] == "NOT_FOUND"
