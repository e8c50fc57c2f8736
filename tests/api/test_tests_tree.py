"""The tests as a tree (docs/testing.md): a test module imports helpers from tests/helpers/
(`from helpers.<module> import ...`) or takes fixtures by name from a conftest; it never
imports another test module or a conftest, which pytest's importlib mode cannot resolve and
which once stopped `pytest --collect-only tests` with errors. The helpers hold no tests."""

from pathlib import Path

from helpers.tree import collected_among_helpers, imports_of_test_modules

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_imports_a_test_module_or_a_conftest():
    """Every `import test_x`, `from test_x import y`, `from conftest import y` in tests/."""
    assert imports_of_test_modules(TESTS) == set()


def test_the_helper_modules_hold_no_tests():
    """tests/helpers/ is imported by tests, never collected: a test there would run nowhere."""
    assert collected_among_helpers(TESTS / "helpers") == set()


def test_the_check_sees_each_kind_of_import(tmp_path):
    """The check can fail: each way of importing a test module or a conftest is reported, and a
    helper import is not."""
    (tmp_path / "pwa").mkdir()
    (tmp_path / "pwa" / "test_a.py").write_text(
        "import test_b\nfrom conftest import wait_js\nfrom test_c import api\n"
        "from tests.pwa.conftest import ARGS\nfrom tests.stats import test_d\n"
        "from helpers.browser import wait_js\n\n\ndef test_x():\n    import test_e\n"
    )
    found = {(line, name) for _file, line, name in imports_of_test_modules(tmp_path)}
    assert found == {
        (1, "test_b"),
        (2, "conftest"),
        (3, "test_c"),
        (4, "tests.pwa.conftest"),
        (5, "tests.stats.test_d"),
        (10, "test_e"),
    }


def test_the_check_sees_a_test_among_the_helpers(tmp_path):
    """A test function, a Test class or a test file in the helpers is reported."""
    (tmp_path / "steps.py").write_text("def test_it():\n    pass\n\n\nclass TestIt:\n    pass\n")
    (tmp_path / "test_more.py").write_text("")
    assert collected_among_helpers(tmp_path) == {
        ("steps.py", "test_it"),
        ("steps.py", "TestIt"),
        ("test_more.py", "test_more.py"),
    }
