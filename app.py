"""The WSGI entry point (the Procfile's target)."""

from api import create_app

app = create_app()
