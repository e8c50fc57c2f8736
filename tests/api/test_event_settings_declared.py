"""An event's settings are declared once (api/events/settings.py names them, the schema
EventSettings gives each its shape): the creation, the change, the view, the export's event
and the document all follow from that one declaration."""

from marshmallow import missing

from api.events.settings import SETTINGS
from api.schemas.events import EventCreate, EventSettings
from api.schemas.transfer_events import ExportEvent

MADE = {
    "name": "Timpson 42",
    "ruleset": "straight-42",
    "format": "single-elimination",
    "tables": 3,
    "minutes_per_game": 20,
    "shake_rule": "loser",
    "no_show_minutes": 7,
    "time_limit_minutes": 45,
    "first_to": [3, 2],
}


def test_the_schema_and_the_store_name_the_same_settings():
    """One list of settings: a setting the schema takes is one the store keeps and the view
    shows, and the other way round (a new setting added to one only fails here)."""
    assert tuple(EventSettings._declared_fields) == SETTINGS
    assert set(EventCreate._declared_fields) == {*SETTINGS, "crew_token", "teams"}


def test_a_file_must_carry_every_setting_an_event_always_has():
    """The export's event takes the same settings with no default: one an event always has
    (a default that is not null) is required, so a file that leaves it out is refused."""
    fields = ExportEvent._declared_fields
    assert set(SETTINGS) <= set(fields)
    required = {name for name in SETTINGS if fields[name].required}
    assert required == {
        "name",
        "ruleset",
        "format",
        "first_to",
        "shake_rule",
        "seeding",
        "tables",
        "minutes_per_game",
        "no_show_minutes",
    }
    assert all(fields[name].load_default is missing for name in SETTINGS)


def test_a_change_naming_one_setting_leaves_the_others_as_the_director_set_them(app, client):
    """A PATCH loads the settings partially: what it leaves out keeps its value, never the
    creation's default (tables 1, 15 minutes, `rotate`...), and it needs no name or format."""
    made = client.post_json("/api/events", MADE, status=201).json
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    view = client.patch_json(f"/api/events/{made['id']}", {"name": "Timpson"}, headers=auth).json
    assert view["name"] == "Timpson"
    assert {k: view[k] for k in MADE if k != "name"} == {
        k: v for k, v in MADE.items() if k != "name"
    }
    assert set(SETTINGS) <= set(view)


def test_the_document_gives_defaults_to_the_creation_and_none_to_the_change(client):
    """The document of a change neither requires a setting nor gives one a default (a client
    made from it would send the default and undo the director's choice); the creation's
    keeps its required settings and defaults."""
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    change, create = schemas["EventSettings"], schemas["EventCreate"]
    assert "required" not in change
    assert not [name for name, prop in change["properties"].items() if "default" in prop]
    assert sorted(create["required"]) == ["format", "name", "ruleset"]
    assert create["properties"]["tables"]["default"] == 1
    assert create["properties"]["shake_rule"]["default"] == "rotate"
