"""Tally 42's server: the app factory (API, share pages, the PWA at /)."""

import click
from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import openapi
from .config import Config
from .core import errors, ratelimit
from .core.headers import CSP, add_security_headers
from .core.json_provider import OrjsonProvider, read_request_body
from .crews import seeding as crew_seeding
from .events import live as event_live
from .events import made as event_made
from .events import seeding as event_seeding
from .leagues import nights as league_nights
from .live import hub, topology
from .routes import (
    board,
    crews,
    docs,
    events,
    games,
    hands,
    leagues,
    live,
    matches,
    parties,
    prints,
    pwa,
    rulesets,
    share,
    tables,
    transfer,
)
from .schemas.transfer import place_in_file
from .store.db import flask_db, open_database
from .store.schema import create_tables, prune_idempotency_keys

# Every blueprint, once: (blueprint, in the OpenAPI document?, rate-limited?). The order is
# the document's order of paths.
BLUEPRINTS = (
    (rulesets.blp, True, False),
    (games.blp, True, True),
    (hands.blp, True, True),
    (matches.blp, True, True),
    (share.blp, True, True),
    (live.blp, True, True),
    (transfer.blp, True, True),
    (events.blp, True, True),
    (events.public, True, True),
    (prints.blp, True, True),  # /api/e/{token}/results.csv
    (tables.blp, True, True),
    (crews.blp, True, True),
    (parties.blp, True, True),
    (leagues.blp, True, True),
    (share.pages, False, True),  # /s/{token}: the share page (HTML)
    (board.pages, False, True),  # /b/{public_token}: the event's board (HTML)
    (prints.pages, False, True),  # /p/{public_token}/...: the paper kit (HTML to print)
    (parties.pages, False, True),  # /party/{public_token}: a party's board (HTML)
    (leagues.pages, False, True),  # /season/{board_token}: a season's board (HTML)
    (pwa.bp, False, False),
)


def create_app(test_config=None):
    """Build the app; `test_config` (a dict) overrides Config. Fails fast on a bad DATABASE_URL."""
    app = Flask(__name__, static_url_path="/_static")
    app.json = OrjsonProvider(app)
    app.config.from_object(Config)
    if test_config:
        app.config.update(test_config)
    if app.config["PROXY_FIX_HOPS"]:
        hops = app.config["PROXY_FIX_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    if not app.config["PUBLIC_URL"] and not app.config["TRUSTED_HOSTS"]:
        app.logger.warning(
            "neither PUBLIC_URL nor TRUSTED_HOSTS is set: share links are "
            "built from the Host header each client sends, which it can forge"
        )
    app.config["DATABASE"] = open_database(app.config["DATABASE_URL"])
    app.config["FLASKDB_EXCLUDED_ROUTES"] = (
        "pwa.index",
        "pwa.static_file",
        "static",
        "api_docs",
        "api_docs_asset",
        "live.live_health",
    )
    flask_db.init_app(app)
    with flask_db.database.connection_context():
        create_tables()
    # no pooled connection outlives a fork: the start-up's own connection is idle in the pool
    # now. Only idle ones are closed: closing one in use (another app of the same process,
    # as the tests make, with its live thread mid-query) crashed SQLite (a segfault in CI)
    if hasattr(flask_db.database.obj, "close_idle"):
        flask_db.database.obj.close_idle()
    # First of the before-request hooks: nothing reads a body before it is checked.
    app.before_request_funcs.setdefault(None, []).insert(0, read_request_body)
    register_blueprints(app)
    app.after_request(add_security_headers)
    hub.init_app(app, live.BUILDERS, {event_live.PREFIX: event_live.SOURCE})
    event_seeding.lend_ratings(crew_seeding.team_chances)  # seeding "rating"
    event_made.listen(league_nights.file_game)  # a night's games reach the crew as made
    topology.init_app(app, CSP)
    ratelimit.init_app(app, tuple(blp for blp, _doc, limited in BLUEPRINTS if limited))
    errors.register(app, {"/api/import": place_in_file})

    @app.cli.command("prune-keys")
    def prune_keys():
        """Delete idempotency keys older than IDEMPOTENCY_TTL_DAYS."""
        with flask_db.database.connection_context():
            count = prune_idempotency_keys(app.config["IDEMPOTENCY_TTL_DAYS"])
        click.echo(f"deleted {count} idempotency keys")

    return app


def register_blueprints(app):
    """The API blueprints (in the OpenAPI document), the share page, the board and the PWA."""
    api = errors.Api(app, spec_kwargs={"info": {"description": openapi.API_DESCRIPTION}})
    openapi.describe(api)
    for blp, documented, _limited in BLUEPRINTS:
        if documented:
            api.register_blueprint(blp)
    app.add_url_rule("/api/docs", "api_docs", docs.api_docs)
    app.add_url_rule("/api/docs/<filename>", "api_docs_asset", docs.api_docs_asset)
    for blp, documented, _limited in BLUEPRINTS:
        if not documented:
            app.register_blueprint(blp)
