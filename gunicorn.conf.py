"""gunicorn's settings, read from the working folder by every `gunicorn ... app:app` start
(the README's command and the Procfile alike).

Threaded workers (`gthread`): an open live stream (api/live.py) holds one thread, which waits
on a lock (no CPU) between events, so a worker of GUNICORN_THREADS threads holds that many
streams and still answers requests; the sync workers used before hold one request each, and a
single stream would block a worker. Threads, not gevent: the SQLite writer queue blocks in
`flock` and SQLite itself in C, which would stall every greenlet of a gevent worker.
"""

import os

worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "1000"))
worker_connections = threads  # never accept a connection no thread can serve
