"""The live process's WSGI entry (the Procfile's `live`): the same app, in its `live` part,
serving the event streams only (api/live/topology.py), on threaded workers
(gunicorn.live.conf.py)."""

from api import create_app

app = create_app({"LIVE_ROLE": "live"})
