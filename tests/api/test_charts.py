"""The score race ("each game's score race, hand by hand ... on the share page",
drawn as server-rendered SVG with a text table beside it): api/pages/charts.py against the golden
games of tests/charts/score-race.json, the same file pwa/js/charts.js is tested against
(tests/pwa/charts.test.mjs), and the /s/ page that draws it without JavaScript."""

import html as htmllib
import json
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from helpers.apitest import Table, made
from helpers.charts import SVG, plotted

import rules
from api.pages import charts as pages_charts

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "charts" / "score-race.json"
CASES = json.loads(GOLDEN.read_text())["cases"]


def race_of(case):
    """Replay a golden game with the engine, then build its race as the share page does."""
    ruleset = rules.get_ruleset(case["ruleset"], case.get("overrides"))
    start = case.get("start_totals") or [0] * ruleset.side_count
    state = rules.replay(ruleset, case["hands"], 0, case.get("start_totals")).to_dict()
    return pages_charts.score_race(
        ruleset.target, ruleset.scoring, start, state["hands"], state["winner"]
    )


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_race_series_sets_winner_and_scale(case):
    """The race is every side's total before and after each hand (docs/rules.md per case)."""
    race = race_of(case)
    expect = case["expect"]
    assert {
        k: race[k] for k in ("series", "sets", "reshuffles", "winner", "target", "unit", "ticks")
    } == {k: v for k, v in expect.items() if k not in ("summary", "head", "rows")}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_race_table_and_accessible_name(case):
    """Required: "give each chart a text table beside it" (and a name a screen reader says)."""
    race = race_of(case)
    table = pages_charts.race_rows(race, case["names"])
    assert table == {"head": case["expect"]["head"], "rows": case["expect"]["rows"]}
    assert pages_charts.race_summary(race, case["names"]) == case["expect"]["summary"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_race_svg_plots_the_series(case):
    """The SVG draws exactly the golden points, marks the sets, the target and the winner."""
    expect = case["expect"]
    seen = plotted(pages_charts.race_svg(race_of(case), case["names"]))
    assert seen["lines"] == expect["series"]
    assert seen["ticks"] == expect["ticks"]
    assert seen["goal"] == expect["target"]
    assert seen["marks"] == [s["hand"] for s in expect["sets"]]
    assert seen["title"] == expect["summary"]
    assert seen["won"] == ([] if expect["winner"] is None else [str(expect["winner"])])
    for xs in seen["xs"]:  # hands evenly spaced, left to right
        steps = {round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)}
        assert len(steps) <= 1 and all(step > 0 for step in steps)


@pytest.mark.parametrize(
    ("span", "step"),
    [
        (1, 1),
        (6, 1),
        (7, 2),
        (12, 2),
        (13, 5),
        (30, 5),
        (44, 10),
        (261, 50),
        (595, 100),
        (1200, 200),
        (3001, 1000),
    ],
)
def test_scale_steps_are_round_and_at_most_six(span, step):
    """At 320 px the y labels stay apart: at most six steps of 1, 2 or 5 times ten to a power."""
    assert pages_charts.tick_step(span) == step


def test_names_are_escaped_in_the_svg():
    race = pages_charts.score_race(7, "marks", [0, 0], [], None)
    svg = pages_charts.race_svg(race, ['<script>alert("x")</script>', "Them & co"])
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "Them &amp; co" in svg
    ET.fromstring(svg)  # well-formed


def chart_rows(page):
    """The race table's rows on the share page, as cell texts."""
    body = page.split('<table class="chart-table">', 1)[1].split("</table>", 1)[0]
    return [
        [
            htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)
        ]
        for tr in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[1], re.S)
    ]


def test_share_page_draws_the_race_without_javascript(client):
    """The score race on the share page, as SVG in the HTML itself (no script
    draws it), with its table, the set hand marked and no inline style (the CSP)."""
    teams = [{"name": "Rangers", "players": []}, {"name": "Aggies", "players": []}]
    table = Table(client, teams=teams, start_totals=[1, 0])
    table.hand(1, **made(bidder=1, bid=30, captured=35))
    table.hand(2, **made(bidder=2, bid=31, captured=20), dealer=1)  # Rangers set: Aggies +1
    table.hand(3, **made(bidder=3, bid=84, captured=42), dealer=2)
    page = client.get(f"/s/{table.share_token}").text
    svg = re.search(r'<svg [^>]*class="race-chart".*?</svg>', page, re.S).group(0)
    seen = plotted(svg)
    assert seen["lines"] == [[1, 1, 1, 1], [0, 1, 2, 4]]
    assert seen["marks"] == [2]
    assert seen["title"] == (
        "Score race: Rangers 1, Aggies 4 after 3 hands. 7 marks to win. Set in hand 2."
    )
    assert chart_rows(page) == [
        ["Carried over", "1", "0", ""],
        ["1", "1", "1", ""],
        ["2", "1", "2", "Rangers set"],
        ["3", "1", "4", ""],
    ]
    assert "<caption>Score after each hand (marks)</caption>" in page
    assert "style=" not in page and "<style" not in page


def test_share_page_names_the_winner_in_the_legend(client):
    table = Table(client)
    for n in range(1, 5):
        table.hand(n, **made(bidder=1, bid=84, captured=42))
    page = client.get(f"/s/{table.share_token}").text
    assert re.search(r"Them: 8 \(won\)</li>", page)
    assert 'class="race-line s1 won"' in page


def test_share_page_without_hands_has_no_chart(client):
    page = client.get(f"/s/{Table(client).share_token}").text
    assert "race-chart" not in page and "No hands yet." in page


@pytest.mark.parametrize(
    ("hands", "labels"),
    [
        (1, [1]),
        (7, [1, 2, 3, 4, 5, 6, 7]),
        (13, [2, 4, 6, 8, 10, 12]),
        (30, [5, 10, 15, 20, 25, 30]),
        (500, [100, 200, 300, 400, 500]),
    ],
)
def test_hand_numbers_below_the_chart_are_round_and_at_most_eight(hands, labels):
    """A long game (a game keeps up to 500 hands) still labels its hands legibly at 320 px."""
    results = [
        {"totals": [n, 0], "outcome": "made", "bidding_side": 0} for n in range(1, hands + 1)
    ]
    svg = pages_charts.race_svg(
        pages_charts.score_race(7, "marks", [0, 0], results, None), ["Us", "Them"]
    )
    root = ET.fromstring(svg)
    below = [int(t.text) for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
    assert below == labels
    assert plotted(svg)["lines"][0] == list(range(hands + 1))
