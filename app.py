"""The WSGI entry point of the API (the Procfile's `web`, sync workers): every route but the
live streams, which it hands to the live process (`live.py`; api/live/topology.py).
LIVE_ROLE=all makes it serve the streams too: only for a threaded server of one's own (the
tests, a laptop), never under this folder's gunicorn.conf.py, whose workers are sync."""

import os

from api import create_app

app = create_app({"LIVE_ROLE": os.environ.get("LIVE_ROLE", "web")})
