"""gunicorn's settings for the live process (the Procfile's `live`: `gunicorn -c
gunicorn.live.conf.py live:app`), which serves only the event streams (api/live/hub.py).

Threaded workers (`gthread`): an open stream holds one thread, asleep on a lock (no CPU)
between events, so a worker of LIVE_THREADS threads holds that many streams. Threads, not
gevent: the SQLite poll and the PostgreSQL LISTEN block in C, which would stall every greenlet
of a gevent worker. `bench/live` holds 1,000 streams on a 2-core machine with two workers.
"""

import os

from api.serve import when_ready  # noqa: F401 (gunicorn's hook: the rate-limit warning)

wsgi_app = "live:app"
worker_class = "gthread"
workers = int(os.environ.get("LIVE_WORKERS", os.cpu_count() or 2))
threads = int(os.environ.get("LIVE_THREADS", "1000"))
worker_connections = threads + 64  # a few idle keep-alive connections (CORS preflights)
# streams outlive gunicorn's 30 s request timeout: a gthread worker's heartbeat to the
# master is its own thread, so `timeout` only watches the worker process, not a stream
graceful_timeout = 5  # on a restart, open streams just end; their clients reconnect
control_socket_disable = True  # see gunicorn.conf.py
