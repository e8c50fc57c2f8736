"""The paper kit printed ("The results sheet",
docs/tournaments.md "The paper kit"): each page printed to PDF by Chromium with its @media
print stylesheet, on Letter and A4, then read back with poppler (pdftotext, pdfinfo) and
turned into PNG pages with pdftoppm (under $TALLY_SHOTS, to look at).

Real properties: a bigger field prints on more pages; every team's name is in the printed
text; no word is cut at a page's edge (each word's box lies inside the page, off its margin);
the text is black on white (no light grey: a black-and-white printer or a photocopy keeps
every word); a score sheet carries its ruleset's whole bid ladder; a table card carries its
table's link as a QR code, drawn in the page from the director's phone.
"""

import os
import pathlib
import re
import subprocess
from urllib.parse import parse_qsl, quote

import pytest
from helpers.browser import own_server, wait_js
from helpers.director_links import post_hand  # side 0 bids 2 marks and makes it
from helpers.director_screens import SIZES, api, keep_on_phone, start_event
from helpers.layout import screen_problems

import rules
from rules.bids import parse_bid
from rules.words import bid_words

FIRST = "Ann Bea Cal Dot Earl Fay Gus Hal Ike Jo Kay Lou Mo Ned Opal Pat".split()
LAST = "Ware Jones Hollister Nguyen Alvarez Okafor Petrov Lindqvist".split()
PAPERS = {"Letter": (612, 792), "A4": (595.3, 841.9)}  # PDF points
EDGE = 18  # points: no word nearer a page's edge than this (the stylesheet's margin is 34)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The app for these tests: on TEST_DATABASE_URL when set (PostgreSQL), else SQLite."""
    yield from own_server(tmp_path_factory, "links")


def teams(count):
    """`count` teams named as halls write them: "Ann Ware & Fay Hollister"."""
    out = []
    for n in range(count):
        one = f"{FIRST[n % 16]} {LAST[n // 16 % 8]}"
        two = f"{FIRST[(n + 5) % 16]} {LAST[(n // 16 + 3) % 8]}"
        out.append((f"{one} & {two}", [one, two]))
    return out


def play_out(base_url, made, tokens):
    """Play every match of a one-game-a-match event to its end through the table links (the
    first-listed team wins each game, four 2-mark hands); returns the director's last view."""
    event, director = made["id"], made["director_token"]
    while True:
        view = api(base_url, "GET", f"/api/events/{event}", director)
        tokens.update(view["new_table_tokens"] or {})
        playing = [m for m in view["matches"] if m["status"] == "playing"]
        if view["finished"] or not playing:
            return view
        for match in playing:
            game = match["games"][-1]
            if game["game_over"]:
                continue
            if match["id"] not in tokens:  # called by a table's request: the director links it
                path = f"/api/events/{event}/matches/{match['id']}/table-token"
                tokens[match["id"]] = api(base_url, "POST", path, director)["table_token"]
            for hand_no in range(1, 5):
                post_hand(base_url, game["id"], tokens[match["id"]], hand_no)


def event(base_url, count, finish=False, **settings):
    """(made, director view) of a started event of `count` teams (played out if `finish`)."""
    body = {"format": "single-elimination", "first_to": [1], "tables": 4, **settings}
    made, started = start_event(base_url, teams(count), **body)
    if finish:
        return made, play_out(base_url, made, dict(started["new_table_tokens"]))
    return made, started


def printed(browser, url, paper, name):
    """Print `url` to PDF on `paper` ("Letter" or "A4"): (the PDF's path, its text, its pages'
    word boxes [(page width, height, [(xMin, yMin, xMax, yMax, word)])], the page's text colours
    as printed). PNG pages go to $TALLY_SHOTS/paper/ when it is set."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url)
        page.emulate_media(media="print")
        if "/cards" in url and "#" in url:
            wait_js(page, "() => document.querySelector('.qr-slot svg')")
        colours = page.evaluate(TEXT_COLOURS)
        folder = pathlib.Path(os.environ.get("TALLY_SHOTS") or "/tmp/tally42-paper") / "paper"
        folder.mkdir(parents=True, exist_ok=True)
        pdf = folder / f"{name}-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper)
    finally:
        context.close()
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    boxes = word_boxes(pdf)
    if os.environ.get("TALLY_SHOTS"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", str(pdf), str(folder / f"{name}-{paper}")], check=True
        )
    return pdf, text, boxes, colours


WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)


def word_boxes(pdf):
    """Each page's size and word boxes, from pdftotext -bbox."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [
        (float(w), float(h), [(*map(float, box[:4]), box[4]) for box in WORD.findall(body)])
        for w, h, body in PAGE.findall(html)
    ]


# Every element's own text: its colour, its opacity (through its ancestors) as printed.
TEXT_COLOURS = """() => {
    const out = new Set();
    for (const el of document.body.querySelectorAll('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const style = getComputedStyle(el);
        if (!own || !el.getClientRects().length || style.visibility === 'hidden') continue;
        let opacity = 1;
        for (let a = el; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
        out.add(`${style.color}|${opacity}`);
    }
    return [...out];
}"""


def luminance(rgb):
    """The relative luminance of an "rgb(r, g, b)" colour (WCAG 2)."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def assert_black_on_white(colours):
    """Every printed word at least 7:1 against white paper (WCAG AAA): no light grey."""
    for colour in colours:
        rgb, opacity = colour.split("|")
        assert float(opacity) == 1, colour
        contrast = 1.05 / (luminance(rgb) + 0.05)
        assert contrast >= 7, f"text in {rgb} is too light for paper ({contrast:.1f}:1)"


def assert_inside_pages(boxes, paper):
    """Every page is the paper asked for and no word reaches within EDGE points of its edge."""
    for number, (width, height, words) in enumerate(boxes, 1):
        want = PAPERS[paper]  # Chromium rounds a page to whole CSS pixels: within 1.5 pt
        assert abs(width - want[0]) <= 1.5 and abs(height - want[1]) <= 1.5, (width, height)
        for x0, y0, x1, y1, word in words:
            inside = x0 >= EDGE and y0 >= EDGE and x1 <= width - EDGE and y1 <= height - EDGE
            assert inside, f"page {number}: {word!r} at ({x0}, {y0}, {x1}, {y1}) is cut"


def flat(text):
    """The printed text with every run of white space as one space (names wrap)."""
    return " ".join(text.split())


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_bracket_sheet_prints_every_team_and_grows_with_the_field(browser, base_url, paper):
    """Required: "the bracket sheet (the whole event, readable in black and white on Letter and
    A4, over several pages for a big field)": an 8-team single elimination and a 64-team
    double elimination, every team and every match on paper, nothing cut, black on white."""
    pages = {}
    for count, fmt in ((8, "single-elimination"), (64, "double-elimination")):
        made, view = event(base_url, count, format=fmt, tables=8)
        url = f"{base_url}/p/{made['public_token']}/bracket"
        pdf, text, boxes, colours = printed(browser, url, paper, f"bracket-{count}")
        pages[count] = len(boxes)
        words = flat(text)
        for name, _players in teams(count):
            assert name in words, f"{name} is not on the {count}-team sheet"
        for match in view["matches"]:
            if match["status"] != "void":
                assert match["id"] in words.split(), f"match {match['id']} is not on the sheet"
        assert_inside_pages(boxes, paper)
        assert_black_on_white(colours)
    assert 1 <= pages[8] < pages[64], pages


def test_the_results_sheet_lists_the_standings_and_every_teams_path(browser, base_url):
    """Required: "a readable results page (printable, and CSV)"; "the results
    (standings and every team's path)": a finished 8-team event printed on Letter."""
    made, view = event(base_url, 8, finish=True)
    assert view["finished"]
    url = f"{base_url}/p/{made['public_token']}/results"
    _pdf, text, boxes, colours = printed(browser, url, "Letter", "results-8")
    words = flat(text)
    names = {t["id"]: t["name"] for t in view["teams"]}
    champion = names[view["champion"]]
    assert re.search(rf"1st {re.escape(champion)} ", words), "the champion is not first"
    for team in view["teams"]:
        assert team["name"] in words
    decided = [m for m in view["matches"] if m["winner"] is not None]
    for match in decided:  # each decided match is on both its teams' paths
        said = rf"{re.escape(match['name'])} {re.escape(match['id'])} ?: (won|lost) "
        assert len(re.findall(said, words)) == 2, match["id"]
    assert "Not over yet" not in words
    assert_inside_pages(boxes, "Letter")
    assert_black_on_white(colours)


@pytest.mark.parametrize("preset", ["timpson-tournament", "points-250"])
def test_a_score_sheet_carries_its_rulesets_bid_ladder_on_one_page(browser, base_url, preset):
    """Required: "a score sheet for one game (the ruleset's bid ladder and its marks or points
    columns)": the ladder is every bid the ruleset lets a player win with (docs/rules.md)."""
    made, _view = event(base_url, 2, ruleset=preset)
    url = f"{base_url}/p/{made['public_token']}/score-sheet"
    _pdf, text, boxes, colours = printed(browser, url, "A4", f"score-{preset}")
    words = flat(text)
    ruleset = rules.get_ruleset(preset)
    bids = [parse_bid(ruleset, b) for b in rules.winnable_bids(ruleset, 0, 0)]
    points = [b.value for b in bids if b.kind == "points"]
    assert f"points {points[0]} to {points[-1]}" in words
    for bid in bids:
        if bid.kind != "points":
            assert bid_words(ruleset, bid) in words, bid
    unit = "points total points total" if ruleset.scoring == "points" else "marks marks"
    assert unit in words
    assert len(boxes) == 1, "one game's sheet is one page"
    assert_inside_pages(boxes, "A4")
    assert_black_on_white(colours)


def test_table_cards_carry_each_linked_tables_qr_one_card_a_page(browser, base_url):
    """Required: "table cards (table number, big, and the table's QR)": the links ride in the
    page's #fragment from the director's phone; each card's code is the one the phone draws
    for that link (lean-qr, equal to segno's: test_qr.py); a table with no link says so; a
    link to another site is never drawn."""
    made, started = event(base_url, 8, tables=5)  # four matches: table 5 is free
    links = {
        m["table"]: f"{base_url}/#/t/{made['id']}/{m['id']}/{started['new_table_tokens'][m['id']]}"
        for m in started["matches"]
        if m["status"] == "playing"
    }
    assert sorted(links) == [1, 2, 3, 4]
    fragment = "&".join(f"{t}={quote(link, safe='')}" for t, link in links.items())
    fragment += "&5=" + quote("https://evil.example/#/t/x", safe="")
    url = f"{base_url}/p/{made['public_token']}/cards#{fragment}"
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url)
        wait_js(page, "() => document.querySelectorAll('.qr-slot svg').length === 4")
        drawn = page.evaluate(
            """async (links) => {
                const { qrSvg } = await import('/js/parts/qr-code.js');
                const path = (svg) => svg.querySelector('path').getAttribute('d');
                return Object.entries(links).map(([table, link]) => {
                    const card = document.querySelector(`.qr-slot[data-table="${table}"] svg`);
                    return card && path(card) === path(qrSvg(link, ''));
                });
            }""",
            {str(t): link for t, link in links.items()},
        )
        assert drawn == [True] * 4
        assert page.locator('.qr-slot[data-table="5"] svg').count() == 0
    finally:
        context.close()
    _pdf, text, boxes, colours = printed(browser, url, "Letter", "cards")
    assert len(boxes) == 5, "one card a page"
    for number, (_w, _h, words) in enumerate(boxes, 1):
        said = " ".join(w[4] for w in words)
        assert f"Table {number}" in said and made["name"] in said
    assert "No table link yet: ask the director." in flat(text)
    assert_inside_pages(boxes, "Letter")
    assert_black_on_white(colours)


def test_the_directors_screen_offers_the_paper_kit_the_results_and_the_light_board(
    browser, base_url, axe_source
):
    """Required: "a readable results page (printable, and CSV) in place of the raw JSON link;
    the light board offered beside the dark one"; the paper kit "printable, from the
    director's screen", the cards with each table's own link this phone holds ("a
    table link should belong to the table for the session"). At 390x844 and
    320x640, light and dark: nothing wider than the screen, 48 px targets, no axe violation."""
    made, started = event(base_url, 8, tables=4)
    made["matches"], tokens = started["matches"], started["new_table_tokens"]
    context = browser.new_context(
        viewport=SIZES["390"], base_url=base_url, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto("/#/")
        wait_js(page, "() => document.querySelector('#tournaments')")
        keep_on_phone(page, made, tokens)
        own = started["new_table_links"]  # each table's link for the whole event
        page.evaluate(
            """async ([id, own]) => (await import('/js/director.js'))
                .keepTableTokens(id, { new_table_links: own })""",
            [made["id"], own],
        )
        page.goto(f"/#/e/{made['id']}")
        page.locator("#paper-links").wait_for()
        public = made["public_token"]
        href = lambda sel: page.locator(sel).get_attribute("href")  # noqa: E731
        assert href("#light-board-link") == f"{base_url}/b/{public}?theme=light"
        assert href("#public-link") == f"{base_url}/p/{public}/results"
        assert href("#results-csv") == f"{base_url}/api/e/{public}/results.csv"
        assert page.locator("#public-link").inner_text() == "The results sheet"
        for sheet in ("bracket", "score-sheet", "results"):
            assert href(f"#print-{sheet}") == f"{base_url}/p/{public}/{sheet}"
        cards, fragment = href("#print-cards").split("#", 1)
        assert cards == f"{base_url}/p/{public}/cards"
        links = dict(parse_qsl(fragment))  # a table's own link, not its first match's
        assert sorted(own) == ["1", "2", "3", "4"]
        assert links == {t: f"{base_url}/#/table/{made['id']}/{t}/{own[t]}" for t in own}
        show = lambda p: p.locator("#paper-links").scroll_into_view_if_needed()  # noqa: E731
        assert screen_problems(page, "director-paper", axe_source, show) == {}
        light = page.request.get(href("#light-board-link"), headers={"Accept": "text/html"})
        assert 'class="board theme-light"' in light.text()
        sheets = {s: href(f"#print-{s}") for s in ("cards", "results", "bracket", "score-sheet")}
        for sheet, url in sheets.items():
            page.goto(url)
            if sheet == "cards":
                wait_js(page, "() => document.querySelectorAll('.qr-slot svg').length === 4")
            assert page.locator("#print-now").is_visible()
            assert screen_problems(page, f"paper-{sheet}", axe_source) == {}
    finally:
        context.close()


def test_on_a_phone_with_the_app_installed_the_paper_and_the_board_come_from_the_server(
    phone, base_url
):
    """The service worker answers a navigation with the app shell (its routes live in the
    #fragment); the board's and the paper kit's addresses are the server's pages, so it
    leaves them to the network, or the director's links would open the scorepad instead."""
    made, _started = event(base_url, 2)
    phone.goto("/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_js(phone, "() => navigator.serviceWorker.controller !== null")
    public = made["public_token"]
    for path, heading in (
        (f"/p/{public}/results", "Results"),
        (f"/p/{public}/bracket", "Bracket sheet"),
        (f"/b/{public}?theme=light", None),
    ):
        phone.goto(path)
        assert phone.evaluate("() => navigator.serviceWorker.controller !== null")
        assert phone.title().startswith(made["name"] if heading is None else heading), path
