"""A real gunicorn serving the app on a loopback port, for the crash torture test."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """gunicorn (one sync worker per core) running app:app on `db_url`; same port each start."""

    def __init__(self, db_url, log_path):
        self.port = free_port()
        self.env = {**os.environ, "DATABASE_URL": db_url, "RATELIMIT_ENABLED": "0"}
        self.log_path = log_path
        self.proc = None

    def start(self, timeout=60.0):
        """Start gunicorn and wait until the API answers; RuntimeError if it never does."""
        cmd = [sys.executable, "-m", "gunicorn", "-w", str(os.cpu_count() or 2),
               "-b", f"127.0.0.1:{self.port}", "--log-level", "warning", "app:app"]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=log,
                                         start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited {self.proc.returncode}; see {self.log_path}")
            try:
                if call(self.port, "GET", "/api/rulesets")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"gunicorn did not answer within {timeout}s")

    def kill9(self):
        """SIGKILL the master and every worker at once (the process group), and reap."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        """SIGTERM (graceful), then SIGKILL after 10 s."""
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill9()


def call(port, method, path, body=None, token=None, headers=None, timeout=20.0):
    """One request on a new connection; returns (status, parsed JSON or None).

    Raises OSError or http.client.HTTPException when the server is down or dies meanwhile.
    """
    hdrs = {"Content-Type": "application/json", **(headers or {})}
    if token:
        hdrs["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers=hdrs)
        resp = conn.getresponse()
        raw = resp.read()
    finally:
        conn.close()
    try:
        return resp.status, json.loads(raw) if raw else None
    except ValueError:
        return resp.status, None
