"""Things of api/ declared or done in one place (docs/architecture.md "core/"): a token is
compared with a kept one only in core/access, a name's rules live only in core/names, and
only core/blueprint reaches flask-smorest's private ETag hashing (its `etag_of`)."""

import re
from pathlib import Path

import pytest

API = Path(__file__).resolve().parents[2] / "api"


def modules_matching(pattern):
    """The modules of api/ (paths from api/) whose source matches `pattern`."""
    found = re.compile(pattern, re.MULTILINE)
    return sorted(
        str(path.relative_to(API)) for path in API.rglob("*.py") if found.search(path.read_text())
    )


@pytest.mark.parametrize(
    ("what", "pattern", "home"),
    [
        ("a constant-time token comparison", r"\bhmac\b|compare_digest", "core/access.py"),
        ("flask-smorest's private ETag hashing", r"_generate_etag", "core/blueprint.py"),
        ("the name rules", r"^def (clean_name|name_key)\b", "core/names.py"),
        ("a party player's name length", r"^PLAYER_NAME = ", "core/names.py"),
        ("the event's settings by name", r"^SETTINGS = \($", "events/settings.py"),
    ],
)
def test_done_in_one_place(what, pattern, home):
    """A second copy drifts from the first (a token compared without constant time, a name
    rule one import forgets, a route on a private method that a new flask-smorest renames):
    each is in its one module, and every other calls it."""
    assert modules_matching(pattern) == [home], what
