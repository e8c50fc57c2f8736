"""gunicorn's settings for the API (the Procfile's `web`, `python3 -m api.serve`'s API), read
from the working folder by every `gunicorn ... app:app` started here.

Sync workers: one request at a time per process, the fastest model for the API's short
requests (bench/api_load: share/hello 0.57-0.61 on SQLite against 0.40 with 1,000-thread
`gthread` workers). A sync worker must never hold a live stream, so `app:app` serves none: it
points stream clients at the live process (`live.py` with `gunicorn.live.conf.py`; see
api/live/topology.py).
"""

import os

from api.serve import when_ready  # noqa: F401 (gunicorn's hook: the rate-limit warning)

worker_class = "sync"
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 2))
# no control socket: its default path is one per user, which the live process (and any other
# gunicorn of this user) would fight over; nothing here uses `gunicornc`
control_socket_disable = True
