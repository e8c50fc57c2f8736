"""brackets/ imports only the standard library and nothing else of Tally 42's."""

import ast
import sys
from pathlib import Path

BRACKETS = Path(__file__).resolve().parents[2] / "brackets"


def imported_roots(path):
    """The top-level module names a file imports (relative imports excluded)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_brackets_imports_only_the_standard_library():
    """No third-party package and none of rules/, api/: the bracket logic stands alone."""
    files = sorted(BRACKETS.glob("*.py"))
    assert len(files) >= 5
    foreign = {(path.name, name) for path in files for name in imported_roots(path)
               if name not in sys.stdlib_module_names}
    assert foreign == set()


def test_the_check_sees_a_foreign_import(tmp_path):
    """The check itself can fail: a file importing flask is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom rules import score_hand\nfrom . import layout\n")
    assert list(imported_roots(bad)) == ["flask", "rules"]


def test_the_package_example_runs():
    """The example in brackets/__init__.py's docstring is true."""
    import doctest

    import brackets

    failed, attempted = doctest.testmod(brackets)
    assert attempted >= 6 and failed == 0
