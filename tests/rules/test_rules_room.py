"""STYLE.md / ARCHITECTURE.md: rules/ imports nothing outside the standard library."""

from helpers.rooms import foreign_imports


def test_rules_imports_only_the_standard_library():
    """docs/rules.md (the engine), STYLE.md: rules/ imports only the stdlib."""
    assert foreign_imports("rules") == set()
