"""brackets/ imports only the standard library and nothing else of Tally 42's."""

from helpers import rooms
from helpers.rooms import foreign_imports, imported_roots


def test_brackets_imports_only_the_standard_library():
    """No third-party package and none of rules/, api/: the bracket logic stands alone."""
    assert foreign_imports("brackets") == set()


def test_the_check_sees_a_foreign_import(tmp_path):
    """The check itself can fail: a file importing flask is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom rules import score_hand\nfrom . import layout\n")
    assert list(imported_roots(bad)) == ["flask", "rules"]
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "bad.py").write_text(bad.read_text())
    root, rooms.ROOT = rooms.ROOT, tmp_path
    try:
        assert foreign_imports("room") == {("bad.py", "flask"), ("bad.py", "rules")}
        assert foreign_imports("room", allowed={"rules"}) == {("bad.py", "flask")}
    finally:
        rooms.ROOT = root


def test_the_package_example_runs():
    """The example in brackets/__init__.py's docstring is true."""
    import doctest

    import brackets

    failed, attempted = doctest.testmod(brackets)
    assert attempted >= 6 and failed == 0
