"""The statistics pictures in the browser, before a screen shows them ("a player's
made % by bid level; head-to-head ... readable in dark mode and at 320 px, and accessible:
give each chart a text table beside it"): a demo draws pwa/js/stat-charts.js on the app's
own page and styles from statistics in the crew API's shapes; axe finds nothing, light or
dark, at 390x844 and 320x640, and nothing scrolls sideways (screenshots: TALLY_SHOTS=dir)."""

import pytest
from helpers.browser import Table, axe_violations, new_phone, screenshot

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
DEMO = """async () => {
  const { h } = await import('/js/ui.js');
  const { madeByLevel, headToHead, statSection } = await import('/js/stat-charts.js');
  const ann = { '30-34': { bids: 4, made: 3 }, '35-41': { bids: 2, made: 1 },
                '1 mark': { bids: 0, made: 0 }, '2+ marks': { bids: 1, made: 1 } };
  const record = { a_names: ['Ann', 'Bo'], b_names: ['Cy', 'Di'], games: 8, a_wins: 5,
                   b_wins: 2, ties: 1 };
  document.getElementById('view').replaceChildren(
    h('h1', {}, 'Statistics (demo)'),
    statSection(h, madeByLevel(ann, 'Ann'), { id: 'levels', heading: 'Bids made by level' }),
    statSection(h, headToHead(record), { id: 'h2h', heading: 'Head to head' }),
  );
  for (const d of document.querySelectorAll('details')) d.open = true;
  return true;
}"""
ROWS = """(id) => [...document.querySelectorAll(`[aria-labelledby="${id}-heading"] tbody tr`)]
  .map((tr) => [...tr.children].map((cell) => cell.textContent))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["390", "320"])
def test_statistics_charts_demo_reads_and_passes_axe(browser, base_url, axe_source, scheme, size):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    try:
        Table(page, base_url).open()
        page.wait_for_selector("#new-game")
        assert page.evaluate(DEMO)
        assert page.evaluate(ROWS, "levels") == [
            ["30 to 34", "4", "3", "75%"],
            ["35 to 41", "2", "1", "50%"],
            ["1 mark", "0", "0", "–"],
            ["2 marks or more", "1", "1", "100%"],
        ]
        assert page.evaluate(ROWS, "h2h") == [
            ["Ann & Bo won", "5"],
            ["Cy & Di won", "2"],
            ["Tied", "1"],
            ["Played", "8"],
        ]
        assert page.inner_text("[aria-labelledby='h2h-heading'] .legend").split("\n") == [
            "Ann & Bo: 5 won",
            "tied: 1",
            "Cy & Di: 2 won",
        ]
        # the bars take their colours from the app's styles (not the SVG default black)
        fills = page.eval_on_selector_all(
            ".bar-chart .bar, .bar-chart .part", "els => els.map(e => getComputedStyle(e).fill)"
        )
        assert fills and "rgb(0, 0, 0)" not in fills
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
        screenshot(page, f"stats-demo-{size}-{scheme}")
        assert axe_violations(page, axe_source) == []
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        context.close()
