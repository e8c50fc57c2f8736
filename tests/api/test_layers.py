"""api/ in layers (tests/helpers/layers.py, docs/architecture.md): no import inside a function, none
from a higher layer or a peer, no cycle. The allow-lists are empty and stay so."""

from pathlib import Path

import pytest
from helpers import layers

ROOT = Path(__file__).resolve().parents[2]

# Violations still allowed: none. Each list only shrinks (an entry that no longer happens
# fails too), so a new upward import, import inside a function or cycle fails the test.
ALLOWED_INNER = set()
ALLOWED_UPWARD = set()
ALLOWED_CYCLES = []


def test_no_api_import_inside_a_function():
    """The app factory and every service import at the top: an import made when first used
    hides a cycle."""
    found = {(a, b) for a, b, _line in layers.inner_imports(ROOT)}
    assert found - ALLOWED_INNER == set()
    assert ALLOWED_INNER - found == set(), "fixed: take these off the allow-list"


def test_each_layer_imports_only_itself_or_lower():
    """routes > schemas > transfer > play > leagues, parties > crews > events > games, pages >
    live > core > store."""
    found = layers.upward_imports(ROOT)
    assert found - ALLOWED_UPWARD == set()
    assert ALLOWED_UPWARD - found == set(), "fixed: take these off the allow-list"


def test_no_import_cycle_in_api():
    """No two modules of api/ import each other, however far round."""
    assert layers.cycles(ROOT) == ALLOWED_CYCLES


@pytest.mark.parametrize(
    ("files", "rule"),
    [
        ({"api/core/a.py": "def f():\n    from ..store import b\n", "api/store/b.py": ""}, "inner"),
        ({"api/core/a.py": "from ..routes import b\n", "api/routes/b.py": ""}, "upward"),
        ({"api/games/a.py": "from ..pages import b\n", "api/pages/b.py": ""}, "upward"),
        ({"api/store/a.py": "from . import b\n", "api/store/b.py": "from .a import x\n"}, "cycle"),
    ],
)
def test_the_check_sees_each_violation(tmp_path, files, rule):
    """Each rule can fail: a tree with one violation of it is reported."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = {
        "inner": layers.inner_imports(tmp_path),
        "upward": layers.upward_imports(tmp_path),
        "cycle": layers.cycles(tmp_path),
    }
    assert found[rule]
    assert [kind for kind, seen in found.items() if seen] == [rule]
