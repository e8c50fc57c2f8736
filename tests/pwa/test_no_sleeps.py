"""The browser tests wait for what they need (a locator, a condition in the page, a sign the
app gives after a draw), never for a fixed time: a pause is too short on a loaded machine and
too long on a quiet one (docs/testing.md). No browser is needed: the files are read."""

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# (spelt so that a grep for the calls finds none here)
SLEEP = re.compile(r"\b(?:wait_for_time(?:out)|time\.sleep|asyncio\.sleep)\s*\(")

# The pauses still left, each an observation window (a thing that must NOT happen within it, or
# words sampled over a stream's life) that has no sign to wait for yet: this list only shrinks.
LEFT = {
    "pwa/test_board.py": 1,
    "pwa/test_director_live.py": 3,
    "pwa/test_hall.py": 1,
    "pwa/test_live.py": 6,
    "pwa/test_status_line.py": 1,
}


def fixed_sleeps(root):
    """{path under `root`: how many fixed sleeps} for the browser tests and the helpers."""
    found = {}
    for path in sorted([*root.glob("pwa/*.py"), *root.glob("helpers/*.py")]):
        count = len(SLEEP.findall(path.read_text()))
        if count:
            found[path.relative_to(root).as_posix()] = count
    return found


def test_no_fixed_sleep_beyond_those_left():
    found = fixed_sleeps(TESTS)
    grown = {path: n for path, n in found.items() if n > LEFT.get(path, 0)}
    assert grown == {}, "wait for a sign (expect, wait_js, wait_still), not a fixed time"


def test_the_check_sees_each_kind_of_sleep(tmp_path):
    """The check can fail: each kind of pause is counted, in tests and in helpers alike."""
    (tmp_path / "pwa").mkdir()
    (tmp_path / "helpers").mkdir()
    pause = "page.wait_for_" + "timeout(100)\ntime." + "sleep(1)\nawait asyncio." + "sleep(0.1)\n"
    (tmp_path / "pwa" / "test_a.py").write_text(pause)
    (tmp_path / "helpers" / "b.py").write_text("time." + "sleep (2)\nwait_js(page, '1')\n")
    assert fixed_sleeps(tmp_path) == {"pwa/test_a.py": 3, "helpers/b.py": 1}
