"""api/ in layers (tests/layers.py): no import inside a function, none from a higher layer, no
cycle. Each allow-list holds a violation the move into layers has yet to remove; a new one
fails, and so does an entry that no longer happens (the list only shrinks)."""

from pathlib import Path

import pytest

from tests import layers

ROOT = Path(__file__).resolve().parents[2]

# Today's violations, to be emptied by the move (issue 19). The flat modules of api/ have no
# layer yet, so every import between them counts as upward.
ALLOWED_INNER = {
    ("api", "api.board"),
    ("api", "api.crews"),
    ("api", "api.events"),
    ("api", "api.games"),
    ("api", "api.hands"),
    ("api", "api.live"),
    ("api", "api.live_topology"),
    ("api", "api.matches"),
    ("api", "api.pwa"),
    ("api", "api.rulesets"),
    ("api", "api.schemas"),
    ("api", "api.share"),
    ("api", "api.transfer"),
    ("api.errors", "api.export_schemas"),
    ("api.event_live", "api.errors"),
    ("api.event_live", "api.live"),
    ("api.event_live", "api.tournament_models"),
    ("api.event_logic", "api.event_live"),
    ("api.live", "api.auth"),
    ("api.live", "api.event_live"),
    ("api.live", "api.games"),
    ("api.live", "api.logic"),
    ("api.live", "api.schemas"),
    ("api.live", "api.share"),
    ("api.logic", "api.live"),
    ("api.match_play", "api.event_logic"),
}
ALLOWED_UPWARD = {
    ("api", "api.board"),
    ("api", "api.db"),
    ("api", "api.errors"),
    ("api", "api.hands"),
    ("api", "api.json_provider"),
    ("api", "api.live_topology"),
    ("api", "api.matches"),
    ("api", "api.models"),
    ("api", "api.pwa"),
    ("api", "api.ratelimit"),
    ("api", "api.rulesets"),
    ("api", "api.share"),
    ("api.auth", "api.errors"),
    ("api.auth", "api.models"),
    ("api.auth", "api.tournament_models"),
    ("api.board", "api.board_screens"),
    ("api.board", "api.board_view"),
    ("api.board", "api.event_logic"),
    ("api.board", "api.logic"),
    ("api.board", "api.lru"),
    ("api.board", "api.models"),
    ("api.board_view", "api.board_screens"),
    ("api.crew_export", "api.auth"),
    ("api.crew_export", "api.crew_logic"),
    ("api.crew_export", "api.db"),
    ("api.crew_export", "api.errors"),
    ("api.crew_export", "api.export"),
    ("api.crew_export", "api.logic"),
    ("api.crew_export", "api.models"),
    ("api.crew_logic", "api.auth"),
    ("api.crew_logic", "api.db"),
    ("api.crew_logic", "api.errors"),
    ("api.crew_logic", "api.logic"),
    ("api.crew_logic", "api.lru"),
    ("api.crew_logic", "api.models"),
    ("api.crew_schemas", "api.schemas"),
    ("api.crews", "api.auth"),
    ("api.crews", "api.crew_logic"),
    ("api.crews", "api.crew_schemas"),
    ("api.crews", "api.errors"),
    ("api.crews", "api.ratelimit"),
    ("api.crews", "api.schemas"),
    ("api.errors", "api.export_schemas"),
    ("api.errors", "api.refusals"),
    ("api.event_live", "api.auth"),
    ("api.event_live", "api.db"),
    ("api.event_live", "api.errors"),
    ("api.event_live", "api.event_logic"),
    ("api.event_live", "api.live"),
    ("api.event_live", "api.tournament_models"),
    ("api.event_logic", "api.auth"),
    ("api.event_logic", "api.db"),
    ("api.event_logic", "api.errors"),
    ("api.event_logic", "api.event_live"),
    ("api.event_logic", "api.live"),
    ("api.event_logic", "api.logic"),
    ("api.event_logic", "api.lru"),
    ("api.event_logic", "api.match_play"),
    ("api.event_logic", "api.models"),
    ("api.event_logic", "api.tournament_models"),
    ("api.event_reopen", "api.errors"),
    ("api.event_reopen", "api.event_logic"),
    ("api.event_reopen", "api.tournament_models"),
    ("api.event_schemas", "api.schemas"),
    ("api.events", "api.auth"),
    ("api.events", "api.errors"),
    ("api.events", "api.event_logic"),
    ("api.events", "api.event_schemas"),
    ("api.events", "api.models"),
    ("api.events", "api.ratelimit"),
    ("api.events", "api.tournament_models"),
    ("api.export", "api.logic"),
    ("api.export", "api.models"),
    ("api.export_schemas", "api.hand_log"),
    ("api.export_schemas", "api.refusals"),
    ("api.export_schemas", "api.schemas"),
    ("api.games", "api.auth"),
    ("api.games", "api.errors"),
    ("api.games", "api.logic"),
    ("api.games", "api.ratelimit"),
    ("api.games", "api.schemas"),
    ("api.hand_log", "api.db"),
    ("api.hand_log", "api.errors"),
    ("api.hand_log", "api.event_logic"),
    ("api.hand_log", "api.event_reopen"),
    ("api.hand_log", "api.live"),
    ("api.hand_log", "api.logic"),
    ("api.hand_log", "api.models"),
    ("api.hands", "api.auth"),
    ("api.hands", "api.errors"),
    ("api.hands", "api.games"),
    ("api.hands", "api.hand_log"),
    ("api.hands", "api.logic"),
    ("api.hands", "api.ratelimit"),
    ("api.hands", "api.schemas"),
    ("api.importer", "api.auth"),
    ("api.importer", "api.crew_export"),
    ("api.importer", "api.db"),
    ("api.importer", "api.errors"),
    ("api.importer", "api.export"),
    ("api.importer", "api.hand_log"),
    ("api.importer", "api.logic"),
    ("api.importer", "api.models"),
    ("api.json_provider", "api.errors"),
    ("api.live", "api.auth"),
    ("api.live", "api.db"),
    ("api.live", "api.errors"),
    ("api.live", "api.event_live"),
    ("api.live", "api.games"),
    ("api.live", "api.live_topology"),
    ("api.live", "api.logic"),
    ("api.live", "api.models"),
    ("api.live", "api.schemas"),
    ("api.live", "api.share"),
    ("api.live_topology", "api.errors"),
    ("api.logic", "api.auth"),
    ("api.logic", "api.db"),
    ("api.logic", "api.errors"),
    ("api.logic", "api.live"),
    ("api.logic", "api.match_play"),
    ("api.logic", "api.models"),
    ("api.match_play", "api.auth"),
    ("api.match_play", "api.db"),
    ("api.match_play", "api.errors"),
    ("api.match_play", "api.event_logic"),
    ("api.match_play", "api.live"),
    ("api.match_play", "api.logic"),
    ("api.match_play", "api.models"),
    ("api.matches", "api.auth"),
    ("api.matches", "api.errors"),
    ("api.matches", "api.match_play"),
    ("api.matches", "api.ratelimit"),
    ("api.matches", "api.schemas"),
    ("api.models", "api.db"),
    ("api.models", "api.tournament_models"),
    ("api.ratelimit", "api.errors"),
    ("api.rulesets", "api.errors"),
    ("api.rulesets", "api.logic"),
    ("api.rulesets", "api.schemas"),
    ("api.schemas", "api.auth"),
    ("api.share", "api.auth"),
    ("api.share", "api.charts"),
    ("api.share", "api.logic"),
    ("api.share", "api.ratelimit"),
    ("api.share", "api.schemas"),
    ("api.share", "api.summary"),
    ("api.tournament_models", "api.db"),
    ("api.tournament_models", "api.models"),
    ("api.transfer", "api.auth"),
    ("api.transfer", "api.crew_export"),
    ("api.transfer", "api.errors"),
    ("api.transfer", "api.export"),
    ("api.transfer", "api.export_schemas"),
    ("api.transfer", "api.importer"),
    ("api.transfer", "api.ratelimit"),
    ("api.transfer", "api.schemas"),
}
ALLOWED_CYCLES = [
    (
        "api.auth",
        "api.errors",
        "api.event_live",
        "api.event_logic",
        "api.event_reopen",
        "api.export_schemas",
        "api.games",
        "api.hand_log",
        "api.live",
        "api.live_topology",
        "api.logic",
        "api.match_play",
        "api.ratelimit",
        "api.schemas",
        "api.share",
    ),
    ("api.models", "api.tournament_models"),
]


def test_no_api_import_inside_a_function():
    """The app factory and every service import at the top: an import made when first used
    hides a cycle."""
    found = {(a, b) for a, b, _line in layers.inner_imports(ROOT)}
    assert found - ALLOWED_INNER == set()
    assert ALLOWED_INNER - found == set(), "fixed: take these off the allow-list"


def test_each_layer_imports_only_itself_or_lower():
    """routes > schemas > transfer > play > crews > events > games, pages > live > core > store."""
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
