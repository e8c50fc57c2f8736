"""Serves pwa/ at /: right MIME types, no-cache for the shell, long max-age, gzip on request."""

import gzip
import hashlib
import mimetypes
import os
import threading

from flask import Blueprint, Response, abort, current_app, request
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join

bp = Blueprint("pwa", __name__)

TYPES = {
    ".webmanifest": "application/manifest+json",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain",
}

# Only the app's own kinds of file are served: pwa/ also holds its README and the scripts
# that stamp the service worker and draw the icons, which are not the app's to hand out.
SERVED = frozenset(TYPES) - {".txt"}

NO_CACHE = {"index.html", "sw.js", "manifest.webmanifest"}

COMPRESSIBLE = {".webmanifest", ".js", ".mjs", ".css", ".html", ".json", ".svg", ".txt"}

LONG_MAX_AGE = 7 * 24 * 3600

_cache = {}  # (path, mtime, size) -> (etag, plain bytes, gzip bytes)

_cache_lock = threading.Lock()


def _load(path):
    """The file's bytes, their gzip and an ETag (cached until the file changes)."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    with open(path, "rb") as fh:
        data = fh.read()
    entry = (hashlib.sha256(data).hexdigest()[:32], data, gzip.compress(data, 6, mtime=0))
    with _cache_lock:
        _cache[key] = entry
    return entry


def _content_type(name):
    """The MIME type for a file name (charset added for text)."""
    ext = os.path.splitext(name)[1].lower()
    ctype = TYPES.get(ext) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    if ctype.startswith("text/") or ctype.endswith(("json", "javascript")):
        ctype += "; charset=utf-8"
    return ctype


def _served(name):
    """True for a file of the app (by extension), never a dotfile or a hidden folder's."""
    parts = name.split("/")
    return os.path.splitext(name)[1].lower() in SERVED and not any(
        part.startswith(".") for part in parts
    )


@bp.route("/")
def index():
    """The app shell."""
    return static_file("index.html")


class PwaPathConverter(PathConverter):
    """A path that is not the API's, a share page's or the server's own static files, so the
    PWA's catch-all never shows up in the `Allow` header of an API route."""

    regex = r"(?!api(?:/|$)|s/|_static/)[^/].*?"


@bp.record_once
def register_converter(state):
    """Make `<pwa_path:...>` known to the app."""
    state.app.url_map.converters["pwa_path"] = PwaPathConverter


@bp.route("/<pwa_path:name>")
def static_file(name):
    """A file of pwa/ (404 if it is not there, or not one of the app's kinds of file)."""
    path = safe_join(current_app.config["PWA_DIR"], name)
    if not _served(name) or path is None or not os.path.isfile(path):
        abort(404)
    etag, data, zipped = _load(path)
    ext = os.path.splitext(name)[1].lower()
    use_gzip = ext in COMPRESSIBLE and "gzip" in request.headers.get("Accept-Encoding", "")
    response = Response(zipped if use_gzip else data, content_type=_content_type(name))
    if use_gzip:
        response.headers["Content-Encoding"] = "gzip"
    if ext in COMPRESSIBLE:
        response.vary.add("Accept-Encoding")
    response.set_etag(etag + ("-gz" if use_gzip else ""))
    base = os.path.basename(name)
    response.cache_control.no_cache = base in NO_CACHE or None
    response.cache_control.max_age = 0 if base in NO_CACHE else LONG_MAX_AGE
    return response.make_conditional(request)
