"""Start and stop gunicorn on a free loopback port, and the PostgreSQL bench database."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from urllib.parse import urlencode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH_DB = "tally42_bench"


def free_port():
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Every bound the tests wait with is multiplied by this one setting (tests/helpers/waits.py
# gives it to the tests), so a busy machine or a slow CI raises one number.
TIMEOUT_SCALE = float(os.environ.get("TALLY42_TEST_TIMEOUT_SCALE") or 1)
# A server's first boot creates its store; on a loaded machine that has taken past 30 s.
START_S = 120.0 * TIMEOUT_SCALE


def wait_http(url, timeout=START_S, proc=None):
    """Poll `url` until it answers (its readiness: any HTTP status means the app is up);
    raise RuntimeError on timeout, or at once if `proc` exits, with its stderr when piped."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace")[-3000:] if proc.stderr else ""
            raise RuntimeError(
                f"server exited with {proc.returncode} before answering {url}\n{err}"
            )
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"no answer from {url} within {timeout}s")


class Gunicorn:
    """A gunicorn process (sync workers, one per core, unless `config` says otherwise: the
    live process's gunicorn.live.conf.py) serving `target`; a context manager.

    The same settings serve the API and the bare Flask "hello" baseline, so their ratio
    measures the app and not the server. Failure modes: RuntimeError if it does not answer.
    """

    def __init__(self, target, env=None, workers=None, cwd=ROOT, probe="/", log=None, config=None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workers = workers or os.cpu_count() or 2
        self.cmd = [
            sys.executable,
            "-m",
            "gunicorn",
            *(["-c", config] if config else []),
            "-w",
            str(self.workers),
            "-b",
            f"127.0.0.1:{self.port}",
            "--backlog",
            "2048",
            "--log-level",
            "warning",
            target,
        ]
        self.env = {**os.environ, **(env or {})}
        self.cwd = cwd
        self.probe = probe
        self.log = log
        self.proc = None

    def start(self, timeout=START_S):
        """Start the server and wait up to `timeout` s until it answers the probe path."""
        # without a log, its output goes to a scratch file: shown if it never answers
        out = open(self.log, "a+b") if self.log else tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(
                self.cmd,
                env=self.env,
                cwd=self.cwd,
                stdout=out,
                stderr=out,
                start_new_session=True,
            )
            wait_http(self.url + self.probe, timeout=timeout, proc=self.proc)
        except RuntimeError as exc:
            out.seek(0)
            raise RuntimeError(f"{exc}\n{out.read().decode(errors='replace')[-3000:]}") from None
        finally:
            out.close()  # the child holds its own descriptor
        return self

    def kill9(self):
        """SIGKILL the whole process group (master and workers) and reap it."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        """Stop gracefully (SIGTERM), then SIGKILL whatever is left after 10 s."""
        if not self.proc or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill9()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def web_and_live(env, web_workers=None, live_workers=None, log=None, webs=1):
    """The Procfile's topology: `webs` API servers (app:app, sync workers, as `web`) and one
    live process (live:app on threaded workers, as `live`), each API server pointing stream
    clients at the live one. Returns ([web, ...], live), all started (stop them yourself)."""
    live = Gunicorn(
        "live:app",
        env=env,
        workers=live_workers,
        log=log,
        probe="/api/live/health",
        config=os.path.join(ROOT, "gunicorn.live.conf.py"),
    ).start()
    webs_started = []
    try:
        for _ in range(webs):
            web_env = {**env, "LIVE_URL": live.url, "LIVE_ROLE": "web"}
            webs_started.append(
                Gunicorn("app:app", env=web_env, workers=web_workers, log=log).start()
            )
    except BaseException:
        live.stop()
        for web in webs_started:
            web.stop()
        raise
    return webs_started, live


def pg_ensure_db(name=PG_BENCH_DB):
    """Create the PostgreSQL database `name` if missing; return its URL (no pool options)."""
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql://postgres@127.0.0.1:5432/{name}"


def pg_reset_schema(url):
    """Drop every table in the public schema of `url` so the app starts on an empty store."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")


def pg_schema_url(url, schema):
    """Create the schema `schema` on the PostgreSQL `url` if missing; return `url` with its
    search_path set to it (a test run's or a torture run's tables of its own)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    options = urlencode({"options": f"-c search_path={schema}"})
    return f"{url}{'&' if '?' in url else '?'}{options}"


def pg_drop_schema(url, schema):
    """Drop the schema `schema` on the PostgreSQL `url`, and everything in it."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
