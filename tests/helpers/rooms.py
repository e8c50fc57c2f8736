"""The pure rooms (rules/, brackets/, stats/) import only the standard library, and whichever
other rooms they are allowed: one check for all three (each room's tests call it)."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_roots(path):
    """The top-level module names a file imports (relative imports excluded)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def foreign_imports(room, allowed=()):
    """{(file, module)} for every import in `room`'s files that is neither the standard library
    nor one of `allowed`; fails if the room has no files (so the check can't pass vacuously)."""
    files = sorted((ROOT / room).glob("*.py"))
    assert files, f"no Python files in {room}/"
    return {
        (path.name, name)
        for path in files
        for name in imported_roots(path)
        if name not in sys.stdlib_module_names and name not in allowed
    }
