"""STYLE.md / ARCHITECTURE.md: rules/ imports nothing outside the standard library."""

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def imported_roots(path):
    """The top-level module names a file imports (relative imports excluded)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_rules_imports_only_the_standard_library():
    """docs/rules.md (the engine), STYLE.md: rules/ imports only the stdlib."""
    files = sorted(RULES.glob("*.py"))
    assert files
    foreign = {(path.name, name) for path in files for name in imported_roots(path)
               if name not in sys.stdlib_module_names}
    assert foreign == set()
