"""The board read from across the hall (docs/tournaments.md "The board"): with real
two-person names, an 8-team single elimination, a 32-team double elimination mid-way and a
128-team double elimination at the start and mid-way (40 tables), on a 1920x1080 TV and a
1280x720 projector, every screen shows every name whole (wrapped, never cut with an ellipsis
or clipped by its box), nothing overlaps, no text is under 1.2 % of the screen's height, the
type grows into free room (an 8-team board 1.4 times the least size) and every table in
play is on some screen with both its teams and the match's one name (its code on a dense card).
At 128 teams the teams named in full have a short name ("or the team's own short
name, which the director may set"): a bracket box shows it where the full name would wrap, its
full name as its title, and never wraps a full name that has one.
"Now calling" and "Up next" read from the back of the hall (docs/tournament-screens.md): their
names at least 2.5 % of the height and as big as the bracket's; a round with no team known yet
narrower than the named rounds beside it.

The page model's estimates (api/pages/board_measure.py) are what this checks: a screen whose
names need more lines than estimated spills out of its column. Screenshots go to
$BOARD_SHOTS when set (not committed)."""

import pathlib
import sys

import pytest
from helpers.board import CLIPPED, HALL, OVERLAPS, SMALL_TV, shoot
from helpers.board_screens import forfeit_all, hands_at_tables
from helpers.browser import serve

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "bench"))
from event_seed import EventSeed  # noqa: E402
from helpers.waits import ms

FIRST = """Bubba Earl Nancy Bea Leroy Mary Wm. Jo Dwayne Ann Clarence Bob Darlene Ray Gus Opal
Harold Wanda Junior Dot Cecil Faye Elmer Lou Travis Irma Otis Pearl Buford Velma Royce Inez
""".split()

LAST = """Jones Whitfield Kubala Dietz Pruitt Johnson Schindler Hrncir Vrazel Kahlich Machacek
Zappe Brosch Pustejovsky Wagner Migl""".split()


def team_names(count):
    """`count` real two-person names in the three ways halls write them: first names
    ("Bubba & Earl"), surnames ("Kubala & Dietz"), and in full ("Bubba Jones & Earl Whitfield"),
    every one different."""
    out = []
    for n in range(count):
        a, b = FIRST[n % len(FIRST)], FIRST[(n * 5 + 1 + n // len(FIRST)) % len(FIRST)]
        x, y = LAST[n % len(LAST)], LAST[(n * 7 + 3 + n // len(LAST)) % len(LAST)]
        out.append([f"{a} & {b}", f"{x} & {y}", f"{a} {x} & {b} {y}"][n % 3])
    assert len(set(out)) == count, "every team's name differs"
    return out


def short_names(names):
    """The short name a director gives a team named in full: its initials ("BJ & EW" for
    "Bubba Jones & Earl Whitfield"; docs/tournaments.md "Short names")."""
    return {
        name: " & ".join("".join(word[0] for word in half.split()) for half in name.split(" & "))
        for name in names
        if len(name.split()) == 5
    }


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url, stop = serve(tmp_path_factory.mktemp("fit"), BOARD_REFRESH_SECONDS=60)
    yield url
    stop()


def seeded(url, teams, tables, fmt, rounds=()):
    names = team_names(teams)
    # the 128-team events' teams named in full have a short name too
    shorts = short_names(names) if teams == 128 else {}
    event = EventSeed(url, teams=teams, fmt=fmt, tables=tables, names=names, shorts=shorts)
    event.shorts = shorts
    event.check_in_all()
    event.start()
    for prefix, share in rounds:
        forfeit_all(event, prefix, share)
    hands_at_tables(event)
    return event


@pytest.fixture(scope="module")
def events(server):
    midway = [("W1.", 1), ("W2.", 0.5), ("L1.", 0.5)]
    return {
        "8-se": seeded(server, 8, 4, "single-elimination"),
        "32-de-midway": seeded(server, 32, 8, "double-elimination", midway),
        "128-de-start": seeded(server, 128, 40, "double-elimination"),
        "128-de-midway": seeded(server, 128, 40, "double-elimination", midway),
    }


@pytest.fixture(scope="module")
def hall_browser(playwright):
    from helpers.browser import ARGS, CHROMIUM

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


# every name on the board: its text must fit its box (scrollWidth) and never end in "…"
NAMES = """() => [...document.querySelectorAll(
    '.side .name, .now .pair, .next .pair, .next-here, .entered li, .rr th[scope=row],'
    + ' .podium .who')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
    || /…$/.test(el.textContent) || getComputedStyle(el).textOverflow === 'ellipsis')
  .map((el) => el.textContent)"""

# the smallest type of the main column and the side column, and the card and bracket names'
TYPE = """() => {
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  const texts = [...document.querySelectorAll('main *')].filter((el) =>
    [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  const of = (sel) => [...document.querySelectorAll(sel)].map(size);
  return {least: Math.min(...texts.map(size)),
          leastText: texts.reduce((a, b) => (size(b) < size(a) ? b : a)).textContent,
          card: of('.card .side .name'), bracket: of('.match .side .name'),
          now: of('.now .pair'), next: of('.next .pair'),
          rounds: [...document.querySelectorAll('.round')].map((r) => ({
            empty: r.classList.contains('empty'), width: r.getBoundingClientRect().width,
            section: r.closest('.bracket').dataset.part}))};
}"""

# each table card's number and its two names, as shown
CARDS = """() => [...document.querySelectorAll('.card')].map((c) => ({
  table: c.querySelector('.table-no').textContent.match(/Table\\s*(\\d+)/)[1],
  names: [...c.querySelectorAll('.side .name')].map((n) => n.textContent),
  match: c.querySelector('.match-name .id, .table-no .id')?.textContent}))"""


# the bracket boxes showing a short name ([full, shown]), and those showing in full, on more
# than one line, the name of a team that has a short name
SHORTS = """(shorted) => {
  const boxes = [...document.querySelectorAll('.match .side .name')];
  const line = (el) => parseFloat(getComputedStyle(el).lineHeight);
  return {
    short: boxes.filter((el) => el.classList.contains('short'))
      .map((el) => [el.title, el.textContent]),
    wrapped: boxes.filter((el) => !el.classList.contains('short')
      && shorted.includes(el.textContent) && el.getBoundingClientRect().height > 1.5 * line(el))
      .map((el) => el.textContent),
  };
}"""


def check_screen(page, viewport):
    """Every name whole, nothing clipped or overlapping, no text under 1.2 % of the height."""
    assert page.evaluate(NAMES) == []
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], clipped
    overlaps = page.evaluate(OVERLAPS)
    assert overlaps == [], overlaps
    sizes = page.evaluate(TYPE)
    assert sizes["least"] >= 0.012 * viewport["height"] - 0.05, sizes["leastText"]
    height = viewport["height"]
    assert all(s >= 0.025 * height for s in sizes["card"]), sizes["card"][:3]
    assert all(s >= 0.016 * height for s in sizes["bracket"]), sizes["bracket"][:3]
    # "Now calling" and "Up next" from the back of the hall (docs/tournament-screens.md "The
    # board"): 2.5 % of the height at least, and never smaller than the bracket's names
    biggest = max(sizes["bracket"], default=0)
    assert all(s >= 0.025 * height and s >= biggest for s in sizes["now"]), sizes["now"]
    assert all(s >= biggest for s in sizes["next"]), (sizes["next"], biggest)
    # a round with no team known yet is narrower than a round of the same section with names
    for empty in (r for r in sizes["rounds"] if r["empty"]):
        named = [
            r["width"]
            for r in sizes["rounds"]
            if r["section"] == empty["section"] and not r["empty"]
        ]
        assert all(empty["width"] < w - 1 for w in named), sizes["rounds"]
    return sizes


def playing_tables(event):
    """{table: (name, name, the match's name or code)} of every match in play, from the public
    view."""
    view = event.public_view()
    names = {t["id"]: t["name"] for t in view["teams"]}
    few = len(view["teams"]) < 128  # 128 teams: dense cards, the code for space
    return {
        str(m["table"]): (*(names[t] for t in m["teams"]), m["name"] if few else m["id"])
        for m in view["matches"]
        if m["status"] == "playing"
    }


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("viewport", [HALL, SMALL_TV], ids=["1920x1080", "1280x720"])
@pytest.mark.parametrize("name", ["8-se", "32-de-midway", "128-de-start", "128-de-midway"])
def test_every_screen_shows_every_name_whole(hall_browser, server, events, name, viewport, theme):
    event = events[name]
    context = hall_browser.new_context(viewport=viewport, base_url=server)
    page = context.new_page()
    page.set_default_timeout(ms(60))  # a 128-team board: under load its page took past 10 s
    try:
        page.goto(f"/b/{event.public}?hold=1&theme={theme}")
        count = int(page.evaluate("() => document.body.dataset.screens"))
        shown = {}
        boxes = {"short": [], "wrapped": []}
        biggest = []
        rounds = []
        for n in range(1, count + 1):
            page.goto(f"/b/{event.public}?screen={n}&hold=1&theme={theme}")
            shoot(page, f"fit-{name}-{viewport['width']}-{theme}-s{n}.png")
            sizes = check_screen(page, viewport)
            biggest += sizes["card"] + sizes["bracket"]
            rounds += sizes["rounds"]
            for key, found in page.evaluate(SHORTS, list(event.shorts)).items():
                boxes[key] += found
            for card in page.evaluate(CARDS):
                if len(card["names"]) == 2:
                    shown[card["table"]] = (*card["names"], card["match"])
        assert shown == playing_tables(event)  # every table in play, both teams, in full
        if event.shorts:  # a short name stands in exactly where the full name would wrap
            assert boxes["short"] and all(
                event.shorts.get(full) == text for full, text in boxes["short"]
            ), boxes["short"][:3]
            assert boxes["wrapped"] == [], boxes["wrapped"][:3]
        if name == "32-de-midway":  # its later winners' rounds wait for names: narrower
            assert {r["empty"] for r in rounds if r["section"] == "bracket-W"} == {True, False}
        if name == "8-se":
            # room to spare: table names 1.4 and bracket names 1.25 times the least sizes checked
            assert count == 1
            assert min(sizes["card"]) >= 0.035 * viewport["height"], sizes["card"]
            assert min(sizes["bracket"]) >= 0.02 * viewport["height"], sizes["bracket"]
    finally:
        context.close()
