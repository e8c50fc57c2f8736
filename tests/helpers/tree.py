"""The tests as a tree (docs/testing.md): test modules import helper modules, never another
test module or a conftest, and tests/helpers/ holds no tests. Read from the source with
`ast`, nothing imported."""

import ast
from pathlib import Path


def _imported(tree):
    """Each (line, module) a module imports at any depth, `from x import y` as x and x.y."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def _is_test_module(name):
    """A dotted name whose last part is a test module or a conftest."""
    last = name.rsplit(".", 1)[-1]
    return last == "conftest" or last.startswith("test_")


def imports_of_test_modules(tests_root):
    """Every (file, line, module) under `tests_root` that imports a test module or a conftest."""
    found = set()
    for path in sorted(Path(tests_root).rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for line, name in _imported(tree):
            if _is_test_module(name):
                found.add((str(path.relative_to(tests_root)), line, name))
    return found


def collected_among_helpers(helpers_root):
    """Every (file, name) in the helper package that pytest would collect as a test."""
    found = set()
    for path in sorted(Path(helpers_root).rglob("*.py")):
        if path.name.startswith("test_") or path.name == "conftest.py":
            found.add((path.name, path.name))
        for node in ast.parse(path.read_text(), str(path)).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                found.add((path.name, node.name))
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                found.add((path.name, node.name))
    return found
