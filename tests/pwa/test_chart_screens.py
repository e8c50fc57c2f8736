"""The score race in the browser ("each game's score race, hand by hand, on the
game-over screen and the share page ... readable in dark mode and at 320 px, and accessible:
give each chart a text table beside it"): a game finished by tapping shows its race and
table on the game-over screen, drawn on the phone the same as the server draws it; the share
page shows the SVG with JavaScript off; axe finds nothing on either, light or dark, at
390x844 and 320x640 (screenshots with TALLY_SHOTS=dir, outside the repository)."""

import re

import pytest
from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js
from helpers.game_flow import MARKS_GAME  # the game whose race is worked by hand below

import rules
from api.pages import charts as pages_charts

# worked by hand (docs/rules.md 8, 9): Them +1, Us +1, Them set 34 (Us +1), Us +2 marks,
# Them +1, Us +1, Them set 2 marks (Us +2): 7-2, Us win
RACE_ROWS = [
    ["Start", "0", "0", ""],
    ["1", "0", "1", ""],
    ["2", "1", "1", ""],
    ["3", "2", "1", "Them set"],
    ["4", "4", "1", ""],
    ["5", "4", "2", ""],
    ["6", "5", "2", ""],
    ["7", "7", "2", "Them set; Us won"],
]
SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}

TABLE_ROWS = """() => [...document.querySelectorAll('.race table tbody tr')].map((tr) =>
  [...tr.children].map((cell) => cell.textContent.trim()))"""
NUMBERS = re.compile(r"-?\d+(?:\.\d+)?")


def same_drawing(phone_svg, server_svg):
    """The phone's SVG is the server's: same markup, coordinates within their rounding."""
    phone_svg = phone_svg.replace(' aria-hidden="true"', "")

    def shape(svg):
        return NUMBERS.sub("#", re.sub(r"\s+/>|/>", "/>", svg))

    assert shape(phone_svg) == shape(server_svg)
    pairs = zip(NUMBERS.findall(phone_svg), NUMBERS.findall(server_svg), strict=True)
    assert all(abs(float(a) - float(b)) <= 0.1 + 1e-9 for a, b in pairs)


def server_svg(server):
    """The race api/pages/charts.py draws for a game as the API returns it."""
    ruleset = rules.get_ruleset(server["ruleset"], server.get("overrides"))
    names = [team["name"] for team in server["teams"]]
    start = server["start_totals"] or [0] * ruleset.side_count
    race = pages_charts.score_race(
        ruleset.target,
        ruleset.scoring,
        start,
        [hand["result"] for hand in server["hands"]],
        server["winner"],
    )
    return pages_charts.race_svg(race, names)


def finish(page, base_url):
    """Play MARKS_GAME by tapping; returns (table, game id) on the game-over screen."""
    table = Table(page, base_url)
    table.open()
    game_id = table.new_game("marks")
    for hand in MARKS_GAME:
        table.hand(*hand)
    page.wait_for_url("**/over")
    page.wait_for_selector(".race svg.race-chart")
    return table, game_id


def test_game_over_shows_the_race_with_its_table(table):
    page = table.page
    table, game_id = finish(page, table.base_url)
    assert page.evaluate(TABLE_ROWS) == RACE_ROWS
    assert page.text_content(".race caption") == "Score after each hand (marks)"
    assert page.get_attribute("svg.race-chart", "role") == "img"
    name = page.evaluate("""() => document.getElementById(document.querySelector(
      'svg.race-chart').getAttribute('aria-labelledby')).textContent""")
    assert name == (
        "Score race: Us 7, Them 2 after 7 hands. Us won. 7 marks to win. Set in hands 3, 7."
    )
    assert page.inner_text(".race .legend").split("\n") == ["Us: 7 (won)", "Them: 2", "bidders set"]
    marks = page.eval_on_selector_all(
        ".race-chart .set-mark", "els => els.map(e => e.dataset.hand)"
    )
    assert marks == ["3", "7"]
    # the chart is drawn on the phone from the local game, the same as the share page draws it
    table.wait_synced(game_id)
    same_drawing(
        page.eval_on_selector("svg.race-chart", "el => new XMLSerializer().serializeToString(el)"),
        server_svg(table.server_game(game_id)),
    )


def test_share_page_shows_the_race_without_javascript(table, browser, base_url):
    page = table.page
    table, game_id = finish(page, base_url)
    table.wait_synced(game_id)
    page.wait_for_selector("#share-link")
    href = page.get_attribute("#share-link", "href")
    context = browser.new_context(java_script_enabled=False, viewport=SIZES["390"])
    try:
        share = context.new_page()
        share.goto(href)
        assert share.eval_on_selector_all("svg.race-chart polyline", "els => els.length") == 2
        assert share.evaluate(TABLE_ROWS) == RACE_ROWS
        assert share.is_visible("svg.race-chart")
        box = share.eval_on_selector("svg.race-chart", "el => el.getBoundingClientRect().height")
        assert box > 150  # drawn at the page's width, not collapsed
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["390", "320"])
def test_race_screens_pass_axe_light_and_dark_at_390_and_320(
    browser, base_url, axe_source, scheme, size
):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    found = {}
    try:
        table, game_id = finish(page, base_url)
        table.wait_synced(game_id)
        page.wait_for_selector("#share-link")
        page.click("summary:text('Score race as a table')")
        page.locator(".race").scroll_into_view_if_needed()
        wait_js(page, "() => document.fonts.status === 'loaded'")
        screenshot(page, f"race-over-{size}-{scheme}")
        found["game-over"] = axe_violations(page, axe_source)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], "the chart must not scroll sideways"
        share = context.new_page()
        share.set_viewport_size(SIZES[size])
        share.goto(page.get_attribute("#share-link", "href"))
        share.locator("section.race").scroll_into_view_if_needed()
        screenshot(share, f"race-share-{size}-{scheme}")
        found["share"] = axe_violations(share, axe_source)
        assert share.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    finally:
        context.close()
    assert {name: v for name, v in found.items() if v} == {}


LOADED = """() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('charts.js'))"""


def test_charts_load_only_with_the_game_over_screen(table):
    """Required: "the PWA's first load is still <= 60 KB compressed: charts and statistics
    load only when opened" (tests/pwa/test_installable.py measures the first load)."""
    page = table.page
    table.open()
    table.new_game("marks")
    table.hand(0, 84, "made")
    assert page.evaluate(LOADED) == []
    for hand in [(0, 84, "made"), (2, 84, "made"), (0, 42, "made")]:
        table.hand(*hand)
    page.wait_for_url("**/over")
    page.wait_for_selector(".race svg.race-chart")
    assert page.evaluate(LOADED) == ["/js/charts.js"]


def test_a_live_share_page_redraws_the_race_and_keeps_its_table_unfolded(phone):
    """A hand landing on an open share page redraws the race (share-live.js) without folding
    the table the reader opened."""
    page = phone
    res = page.request.post("/api/games", data={"ruleset": "straight-42", "first_dealer": 0})
    game = res.json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}

    def post(hand_no, bidder, captured):
        r = page.request.post(
            f"/api/games/{game['id']}/hands",
            data={
                "hand_no": hand_no,
                "bidder": bidder,
                "bid": 30,
                "result": {"captured": captured},
            },
            headers={**auth, "Idempotency-Key": f"race-{hand_no}"},
        )
        assert r.status == 201, r.text()

    post(1, 1, 35)
    page.goto(f"/s/{game['share_token']}")
    wait_js(page, "() => document.querySelector('.live')?.textContent === 'live'")
    page.click("summary:text('Score race as a table')")
    post(2, 2, 20)  # Us set: Them +1
    wait_js(page, "() => document.querySelectorAll('.race tbody tr').length === 3")
    assert page.evaluate(TABLE_ROWS) == [
        ["Start", "0", "0", ""],
        ["1", "0", "1", ""],
        ["2", "0", "2", "Us set"],
    ]
    assert page.is_visible(".race table")  # still unfolded
    assert page.eval_on_selector_all("svg.race-chart .set-mark", "els => els.length") == 1
