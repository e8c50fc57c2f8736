"""An event seeded by rating: the listed teams and the event's body."""

LISTED = [
    {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
    {"name": "Eve & Flo", "players": ["eve ", "Flo"]},  # the roster's folding: "Eve"
    {"name": "Gus & Hal", "players": ["Gus", "Hal"]},
    {"name": "Bob & Di", "players": ["BOB", "Di"]},
]


def event_body(**body):
    return {
        "name": "Thursday ladder",
        "ruleset": "straight-42",
        "format": "single-elimination",
        "first_to": [1],
        "tables": 2,
        **body,
    }
