"""/api/games/{id}/export and /api/import: a game as a file (JSON or CSV), and files back in.

The export needs the game's edit token (or its match's): it is the keeper's copy, made to be
imported elsewhere. A share link already shows everything a viewer may read, at
/api/share/{token}, and a share token opens no /api/games route (api/core/access.py), so the access
rules stay one sentence. A crew's export needs the crew token (docs/crews.md). The import
needs no token, like starting a game: it only ever adds
games, each with a new edit token, and never changes one already here.
"""

from flask import Response, g
from flask.views import MethodView

from rules.words import said

from ..core.access import director_required, edit_token_required
from ..core.blueprint import Blueprint
from ..core.errors import ErrorOut, abort
from ..core.ratelimit import charge_created, check_write
from ..parties.access import require_party_director
from ..schemas.base import EDIT_TOKEN
from ..schemas.events import DIRECTOR_TOKEN
from ..schemas.parties import PARTY_DIRECTOR
from ..schemas.transfer import ExportDocument, ExportQuery, ImportOut
from ..transfer.crew_file import crew_csv, crew_document
from ..transfer.event_file import event_csv, event_document
from ..transfer.export import csv_text, etag, game_document, json_text
from ..transfer.importer import plan_import, store_import
from ..transfer.party_file import party_csv, party_document
from .crews import CREW_TOKEN, crew_token_required

blp = Blueprint("transfer", __name__, url_prefix="/api", description="Export and import")

MEDIA = {"json": "application/json", "csv": "text/csv; charset=utf-8"}

EXPORT_DOC = {
    "responses": {
        200: {
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "description": "the export (docs/export.md, docs/export.schema.json)",
                    }
                },
                "text/csv": {
                    "schema": {"type": "string", "description": "one row per hand (docs/export.md)"}
                },
            }
        }
    }
}


def _format(query):
    """The export's format; 422 UNKNOWN_FORMAT for one the scorepad does not write."""
    fmt = query["format"]
    if fmt not in MEDIA:
        abort(
            422,
            f"{said(fmt)} is not a kind of file the scorepad writes: choose json "
            "(the whole game, to import again) or csv (one row per hand)",
            rule_code="UNKNOWN_FORMAT",
        )
    return fmt


def _export(query, object_id, prefix, as_csv, as_json):
    """The export the query asks for (`as_csv()` text, or `as_json()` a document) as a
    download; 422 UNKNOWN_FORMAT for a format the scorepad does not write."""
    fmt = _format(query)
    body = as_csv() if fmt == "csv" else json_text(as_json())
    return _download(body, fmt, object_id, prefix)


def _download(body, fmt, game_id, prefix="tally42"):
    """The export as a file download (named for the game or crew), its ETag set for 304s."""
    blp.set_etag(etag(body))  # 304 when If-None-Match matches
    name = f"{prefix}-{str(game_id)[:8]}.{fmt}"
    return Response(
        body,
        mimetype=MEDIA[fmt].split(";")[0],
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@blp.route("/games/<uuid:game_id>/export")
class GameExport(MethodView):
    """A game as a file (edit token)."""

    @edit_token_required
    @blp.etag
    @blp.arguments(ExportQuery, location="query")
    @blp.response(200, description="the game as a file to download")
    @blp.doc(security=EDIT_TOKEN, operationId="exportGame", **EXPORT_DOC)
    def get(self, query, game_id):
        """Export a game: JSON (complete, re-importable) or CSV (one row per hand)"""
        return _export(
            query,
            game_id,
            "tally42",
            lambda: csv_text([(g.game, g.game.ordered_hands())]),
            lambda: game_document(g.game),
        )


@blp.route("/crews/<uuid:crew_id>/export")
class CrewExport(MethodView):
    """A crew as a file (crew token)."""

    @crew_token_required
    @blp.etag
    @blp.arguments(ExportQuery, location="query")
    @blp.response(200, description="the crew, its roster and all its games as a file")
    @blp.doc(security=CREW_TOKEN, operationId="exportCrew", **EXPORT_DOC)
    def get(self, query, crew_id):
        """Export a crew: JSON (the crew, roster and games, re-importable) or CSV (per hand)"""
        return _export(
            query, crew_id, "tally42-crew", lambda: crew_csv(g.crew), lambda: crew_document(g.crew)
        )


@blp.route("/events/<uuid:event_id>/export")
class EventExport(MethodView):
    """An event as a file (director token)."""

    @director_required
    @blp.etag
    @blp.arguments(ExportQuery, location="query")
    @blp.response(200, description="the event, its teams, bracket, records and games as a file")
    @blp.doc(security=DIRECTOR_TOKEN, operationId="exportEvent", **EXPORT_DOC)
    def get(self, query, event_id):
        """Export an event: JSON (settings, teams, bracket, records, games; re-importable) or
        CSV (one row per hand)"""
        return _export(
            query,
            event_id,
            "tally42-event",
            lambda: event_csv(g.event),
            lambda: event_document(g.event),
        )


@blp.route("/parties/<uuid:party_id>/export")
class PartyExport(MethodView):
    """A progressive party as a file (its director's token)."""

    @blp.etag
    @blp.arguments(ExportQuery, location="query")
    @blp.response(200, description="the party, its players, rounds and games as a file")
    @blp.doc(security=PARTY_DIRECTOR, operationId="exportParty", **EXPORT_DOC)
    def get(self, query, party_id):
        """Export a party: JSON (players, seating, rounds, games; re-importable) or CSV (one
        row per hand)"""
        party = require_party_director(party_id)
        return _export(
            query,
            party_id,
            "tally42-party",
            lambda: party_csv(party),
            lambda: party_document(party),
        )


@blp.route("/import")
class Import(MethodView):
    """Games back from an export."""

    @blp.arguments(ExportDocument())
    @blp.response(
        200,
        ImportOut,
        description="nothing was created: every game and match is "
        "already here (the same) or in conflict",
    )
    @blp.alt_response(201, schema=ImportOut, description="at least one game or match was created")
    @blp.alt_response(413, schema=ErrorOut, description="over IMPORT_MAX_CONTENT_LENGTH")
    @blp.doc(operationId="importGames")
    def post(self, data):
        """Import an export: per game created (new edit token), unchanged or conflict"""
        check_write()
        plan = plan_import(data)
        if plan.created:
            charge_created(plan.created, plan.created_words())
        status, answer = store_import(plan)
        return answer, status
