"""The README's one-command start, `python3 -m api.serve` (keep the one-command start
working with the live process beside the API): it starts both processes, the API sends stream
clients to the live one on the same host name, a hand posted to the API reaches a stream there,
and stopping the launcher stops both. SQLite (the start's default store), or TEST_DATABASE_URL."""

import os
import signal
import subprocess
import sys
import time

import pytest
from helpers.apitest import PG_URL
from helpers.live_client import Client, Events

from bench.servers import ROOT, free_port, pg_drop_schema, pg_schema_url, wait_http


@pytest.fixture
def served(tmp_path):
    """`python3 -m api.serve` on two free ports; yields (API URL, live URL, process)."""
    port, live_port = free_port(), free_port()
    if PG_URL:
        schema = f"serve_test_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path / 'tally42.sqlite3'}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "LIVE_THREADS": "8",
        "WEB_CONCURRENCY": "1",
        "LIVE_WORKERS": "1",
    }
    env.pop("LIVE_URL", None)
    # this checkout's `api` (pip's editable install may point at another one)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [ROOT, env.get("PYTHONPATH")]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "api.serve", "--port", str(port), "--live-port", str(live_port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,  # its stderr reaches pytest's report of a failure
    )
    try:
        # readiness, not a fixed time: each answers once up (one generous bound, scaled)
        wait_http(f"http://127.0.0.1:{port}/api/rulesets", proc=proc)
        wait_http(f"http://127.0.0.1:{live_port}/api/live/health", proc=proc)
        yield f"http://127.0.0.1:{port}", f"http://127.0.0.1:{live_port}", proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(20)
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


def test_one_command_starts_the_api_and_the_live_process(served):
    api_url, live_url, proc = served
    api = Client(api_url)
    game = api.new_game()
    path = f"/api/share/{game['share_token']}/events"
    redirected = Events(api_url, path)
    assert (redirected.status, redirected.headers["Location"]) == (307, f"{live_url}{path}")
    status, _, health = Client(live_url).call("GET", "/api/live/health")
    assert (status, health["role"]) == (200, "live")
    stream = Events(live_url, path)
    assert stream.next_event()["id"] == "0"
    api.post_hand(game, 1)
    assert stream.next_event()["data"]["revision"] == 1
    stream.close()
    # run from any folder: the launcher starts both from the project's own
    assert os.path.exists(os.path.join(ROOT, "app.py"))
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(20) == 0
    deadline = time.monotonic() + 10
    for url in (api_url, live_url):
        while True:
            try:
                Client(url).call("GET", "/api/live/health")
            except OSError:
                break  # stopped
            assert time.monotonic() < deadline, f"{url} still answers after the launcher stopped"
            time.sleep(0.2)
