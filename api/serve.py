"""`python3 -m api.serve`: the one-command local start, the Procfile's two processes at once.

It starts, from the project's folder, the API (`web`: gunicorn, sync workers, app:app, on
--port, 8000) and the live process (`live`: gunicorn, threaded workers, live:app, on
--live-port, 8001), tells the API where the live process is (LIVE_URL=":8001": the same host
name the phone used, so a phone on the local network goes live too), and stops both when
either stops or on Ctrl-C. A launcher rather than honcho or foreman: no extra dependency, and
the API must be told the live port, which it sets from the same option.

In production run the Procfile's two processes under your supervisor instead, behind a proxy
that routes `/api/**/events` to `live`: deploy/nginx.conf for nginx (docs/deploy.md, "In
production").
"""

import argparse
import os
import signal
import subprocess
import sys
import time

from .config import Config
from .core.ratelimit import unshared_warning

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def when_ready(server):
    """gunicorn's hook (both gunicorn.*conf.py): say once, at start-up, when rate limits are
    counted apart by each worker (memory storage); RATELIMIT_STORAGE_URI=redis://... makes
    them count together."""
    message = unshared_warning(vars(Config), server.cfg.workers)
    if message:
        server.log.warning(message)


def commands(host, port, live_port, workers):
    """The two gunicorn command lines: (web, live)."""
    gunicorn = [sys.executable, "-m", "gunicorn", "--chdir", ROOT]
    web = [*gunicorn, "-c", os.path.join(ROOT, "gunicorn.conf.py"), "-b", f"{host}:{port}"]
    if workers:
        web += ["-w", str(workers)]
    live = [
        *gunicorn,
        "-c",
        os.path.join(ROOT, "gunicorn.live.conf.py"),
        "-b",
        f"{host}:{live_port}",
    ]
    return [*web, "app:app"], [*live, "live:app"]


def main(argv=None):
    """Start both processes; return the exit status of the first one to stop."""
    ap = argparse.ArgumentParser(description="Run Tally 42: the API and its live process.")
    ap.add_argument(
        "--host",
        default=os.environ.get("HOST", "127.0.0.1"),
        help="the address to listen on (0.0.0.0 for the local network)",
    )
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--live-port", type=int, default=int(os.environ.get("LIVE_PORT", "8001")))
    ap.add_argument("--workers", type=int, default=None, help="API workers (default: one a core)")
    args = ap.parse_args(argv)
    web_cmd, live_cmd = commands(args.host, args.port, args.live_port, args.workers)
    env = {**os.environ}
    env.setdefault("LIVE_URL", f":{args.live_port}")
    procs = [
        subprocess.Popen(live_cmd, cwd=ROOT, env=env),
        subprocess.Popen(web_cmd, cwd=ROOT, env=env),
    ]
    print(
        f"Tally 42 at http://{args.host}:{args.port}/ (live updates on port {args.live_port})",
        flush=True,
    )

    def stop(*_):
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()

    signal.signal(signal.SIGTERM, stop)
    status = 0
    try:
        while all(proc.poll() is None for proc in procs):
            time.sleep(0.5)
        status = next(proc.returncode for proc in procs if proc.poll() is not None)
    except KeyboardInterrupt:
        pass
    finally:
        stop()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
    return status


if __name__ == "__main__":
    sys.exit(main())
