"""The API docs: Swagger UI, served from this app (its files from swagger-ui-bundle), so the
docs work offline and under the same CSP as everything else."""

import swagger_ui_bundle
from flask import abort, render_template, send_from_directory

# Swagger UI's two files, served from the swagger-ui-bundle package: the docs work offline
# and under the same CSP as everything else (no CDN, no inline).
DOCS_ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js")


def api_docs():
    """The API docs: Swagger UI, served from this app, started by a script served here."""
    return render_template("docs.html", assets=DOCS_ASSETS)


def api_docs_asset(filename):
    """One of Swagger UI's files (404 for anything else), cacheable for a day."""
    if filename not in DOCS_ASSETS:
        abort(404)
    return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86400)
