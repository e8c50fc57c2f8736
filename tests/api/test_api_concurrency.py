"""50 concurrent POSTs of one hand store exactly one hand, with no 5xx: threads on one app,
and threads against gunicorn with two worker processes."""

import json
import os
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from helpers.apitest import made

from bench.servers import wait_http

THREADS = 50
ROOT = Path(__file__).resolve().parents[2]  # where app.py is


def post_concurrently(app, table, bodies_and_keys):
    """POST every (body, key) at once from its own thread; returns the statuses."""
    barrier = threading.Barrier(len(bodies_and_keys))
    statuses = [None] * len(bodies_and_keys)

    def post(i, body, key):
        client = app.test_client()
        barrier.wait()
        response = client.post(
            f"{table.url}/hands", json=body, headers={**table.auth, "Idempotency-Key": key}
        )
        statuses[i] = response.status_code

    threads = [
        threading.Thread(target=post, args=(i, body, key))
        for i, (body, key) in enumerate(bodies_and_keys)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


BODY = {"hand_no": 1, **made()}


@pytest.mark.parametrize(
    "name, requests, allowed",
    [
        ("same key", [(BODY, "one-key")] * THREADS, {201, 409}),
        ("different keys", [(BODY, f"key-{i}") for i in range(THREADS)], {201}),
        (
            "different content",
            [({**BODY, "result": {"captured": 30 + i % 12}}, f"key-{i}") for i in range(THREADS)],
            {201, 409},
        ),
    ],
)
def test_concurrent_posts_of_one_hand_store_one(app, table, name, requests, allowed):
    statuses = post_concurrently(app, table, requests)
    assert set(statuses) <= allowed, statuses
    assert 201 in statuses
    hands = table.get().json["hands"]
    assert [h["hand_no"] for h in hands] == [1]


@pytest.fixture
def server(app, tmp_path):
    """gunicorn with two worker processes on this test's database; yields its base URL."""
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        "RATELIMIT_ENABLED": "0",
        "PWA_DIR": str(tmp_path / "pwa"),
    }
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "app:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,  # its stderr reaches pytest's report of a failure
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/api/rulesets", proc=proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def http(method, url, body=None, headers=None):
    """One JSON request; returns (status, parsed body)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def test_concurrent_posts_across_worker_processes_store_one(server):
    status, game = http(
        "POST", f"{server}/api/games", {"ruleset": "straight-42", "first_dealer": 0}
    )
    assert status == 201
    url = f"{server}/api/games/{game['id']}/hands"
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    barrier = threading.Barrier(THREADS)
    statuses = []

    def post(i):
        barrier.wait()
        key = "same" if i % 2 else f"key-{i}"
        statuses.append(http("POST", url, BODY, {**auth, "Idempotency-Key": key})[0])

    threads = [threading.Thread(target=post, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(statuses) == THREADS and set(statuses) <= {201, 409}, statuses
    _, stored = http("GET", f"{server}/api/games/{game['id']}", headers=auth)
    assert [h["hand_no"] for h in stored["hands"]] == [1]
