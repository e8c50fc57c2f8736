"""An event's settings by name: what the director sets (api/schemas/events.py EventSettings
gives each its shape), the column each is kept in, and the settings part of the event's view.
The director's writes, the view, the flights' copy and the export file all read these."""

from ..core.times import iso

SETTINGS = (
    "name",
    "date",
    "ruleset",
    "rules",
    "format",
    "first_to",
    "advance",
    "rounds",
    "shake_rule",
    "seeding",
    "tables",
    "checkin_deadline",
    "minutes_per_game",
    "time_limit_minutes",
    "no_show_minutes",
)

# The settings whose columns are named otherwise in the store.
SETTING_COLUMNS = {"rules": "overrides", "tables": "table_count"}


def settings_view(event):
    """The event's settings as its view shows them, by the names the director sets them by
    (the check-in time in ISO 8601)."""
    view = {key: getattr(event, SETTING_COLUMNS.get(key, key)) for key in SETTINGS}
    view["checkin_deadline"] = iso(event.checkin_deadline)
    return view
