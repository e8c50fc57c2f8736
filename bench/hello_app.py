"""The bare Flask "hello" baseline: what gunicorn + Flask cost with no app work at all."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    """Return a tiny JSON body, as the share endpoint returns JSON."""
    return {"hello": "world"}
