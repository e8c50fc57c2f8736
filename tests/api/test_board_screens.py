"""The board's screens (docs/tournaments.md "The board"): an event that
fits one screen stays one screen; a bigger one is cut by the page model (api/pages/board_screens.py)
into screens of the tables, the bracket's rounds in play (in parts by position when too tall),
the round-robin standings in columns and the teams entered; `?screen=N` opens one, the
refresh without JavaScript moves on to the next, `?hold=1` stays, and a bad `screen` shows
the first. Whether each screen truly fits is checked in a browser
(tests/pwa/test_board_screens.py)."""

import html as htmllib
import re

import pytest
from helpers.apitest import TestApp, close_pool, make_app
from helpers.eventtest import Director

from api.pages import board_screens as pages_board_screens
from api.pages import board_view as pages_board_view
from api.routes import board as routes_board
from api.store import base

HTML = {"Accept": "text/html"}


def started(client, teams, tables, fmt="double-elimination"):
    director = Director(client, teams=teams, format=fmt, first_to=[1], tables=tables)
    director.check_in_all()
    director.start()
    return director


def forfeit_round(director, prefix):
    """Every match of the round `prefix` with both teams known: the second side forfeits."""
    for match in director.view()["matches"]:
        if match["id"].startswith(prefix) and match["status"] in ("playing", "waiting-for-table"):
            if "bye" not in match["teams"]:
                director.post(
                    f"/matches/{match['id']}/forfeit",
                    {"team": match["teams"][1], "reason": "forfeit"},
                )
    director.view()  # calls what is callable now


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    """Events of the sizes a hall runs on one app: {name: (client, director)}."""
    app = make_app(tmp_path_factory.mktemp("screens"))
    client = TestApp(app)
    out = {
        "8-de": started(client, 8, 4),
        "16-de": started(client, 16, 8),
        "32-de-midway": started(client, 32, 8),
        "128-de": started(client, 128, 40),
        "128-rr": started(client, 128, 40, fmt="round-robin"),
        "128-entered": Director(client, teams=128),
    }
    forfeit_round(out["32-de-midway"], "W1.")
    yield client, out
    close_pool(app)


def page_of(events, name):
    client, directors = events
    view = client.get(f"/api/e/{directors[name].public}").json
    return pages_board_view.build(view, "marks")


def blocks(page, kind):
    return [b for s in page["screens"] for b in s["blocks"] if b["kind"] == kind]


def ids(block):
    return [[m["id"] for m in r["matches"]] for r in block["section"]["rounds"]]


def test_an_event_that_fits_stays_one_untitled_screen_with_bigger_type(events):
    # an 8-team double elimination: tables, both brackets whole, on one screen with room to
    # spare, so drawn bigger than the least scale (the tables biggest)
    page = page_of(events, "8-de")
    assert len(page["screens"]) == 1 and page["screens"][0]["title"] == ""
    shown = page["screens"][0]["blocks"]
    assert [b["name"] for b in shown] == ["tables", "bracket-W", "bracket-L"]
    assert all(b["k"] > 1 for b in shown) and shown[0]["k"] >= max(b["k"] for b in shown)
    used = sum(b["height"] for b in shown) + pages_board_screens.GAP * (len(shown) - 1)
    assert used <= pages_board_screens.MAIN_REM


def test_a_16_team_event_keeps_its_first_round_whole(events):
    # the 16-team double elimination of tests/pwa/test_board.py: each table's next match
    # wraps rather than being cut, so its two brackets take a second screen
    page = page_of(events, "16-de")
    kinds = [b["name"] for s in page["screens"] for b in s["blocks"]]
    assert kinds == ["tables", "bracket-W", "bracket-L"]
    w = blocks(page, "section")[0]
    assert [r["title"] for r in w["section"]["rounds"]][0] == "Round 1"  # nothing dropped


def test_a_32_team_double_elimination_midway_shows_the_rounds_in_play(events):
    page = page_of(events, "32-de-midway")
    titles = [s["title"] for s in page["screens"]]
    assert titles[0].startswith("Tables") and len(titles) >= 2, titles
    w = next(b for b in blocks(page, "section") if b["section"]["key"] == "W")
    # winners' round 1 is wholly decided (forfeits): the bracket starts at round 2
    assert ids(w)[0] == [f"W2.{n}" for n in range(1, 9)]
    assert len(w["section"]["rounds"]) <= pages_board_screens.MAX_COLUMNS
    for screen in page["screens"]:
        used = sum(b["height"] for b in screen["blocks"])
        assert (
            used + pages_board_screens.GAP * (len(screen["blocks"]) - 1)
            <= pages_board_screens.MAIN_REM
        )


def test_a_128_team_bracket_is_cut_into_parts_by_position(events):
    page = page_of(events, "128-de")
    tables = blocks(page, "tables")
    assert sum(len(t["cards"]) for t in tables) == 40 and all(t["height"] <= 50 for t in tables)
    parts = [b for b in blocks(page, "section") if b["section"]["key"] == "W"]
    assert [b["title"] for b in parts] == [
        f"Winners' bracket · part {i} of 4" for i in (1, 2, 3, 4)
    ]
    assert [b["name"] for b in parts] == ["bracket-W", "bracket-W-2", "bracket-W-3", "bracket-W-4"]
    # from round 1 on, as many rounds side by side as keep the names readable (six at most,
    # three at least: fewer, wider rounds before more parts)
    assert all(
        pages_board_screens.FEWEST_COLUMNS <= len(ids(p)) <= pages_board_screens.MAX_COLUMNS
        for p in parts
    )
    for i, part in enumerate(parts):
        rounds = ids(part)
        # part i: the i-th quarter of round 1, and the matches they feed in rounds 2 and 3
        assert rounds[0] == [f"W1.{16 * i + n}" for n in range(1, 17)]
        assert rounds[1] == [f"W2.{8 * i + n}" for n in range(1, 9)]
        assert rounds[2] == [f"W3.{4 * i + n}" for n in range(1, 5)]
    losers = [b["title"] for b in blocks(page, "section") if b["section"]["key"] == "L"]
    assert losers == ["Losers' bracket · part 1 of 2", "Losers' bracket · part 2 of 2"]
    for b in blocks(page, "section"):
        assert b["height"] <= pages_board_screens.MAIN_REM


def test_a_128_team_round_robin_shows_its_standings_in_ranked_columns(events):
    page = page_of(events, "128-rr")
    rr = blocks(page, "rr")
    assert len(rr) >= 2 and all(b["ranked"] for b in rr)
    ranks = [row["rank"] for b in rr for column in b["columns"] for row in column]
    assert ranks == list(range(1, 129))
    assert all(1 < len(b["columns"]) <= pages_board_screens.RR_COLUMNS for b in rr)
    assert all(b["height"] <= pages_board_screens.MAIN_REM for b in rr)


def test_128_teams_entered_fit_one_screen_in_five_columns(events):
    page = page_of(events, "128-entered")
    assert len(page["screens"]) == 1
    entered = blocks(page, "entered")
    assert len(entered) == 1 and entered[0]["cols"] == 5 and len(entered[0]["names"]) == 128


def test_rounds_in_play_drop_the_decided_rounds_before_the_first_open_one():
    words = {"p": "played", "b": "bye", "w": "waiting"}

    def rounds(*statuses):
        return [
            {"title": f"R{i}", "matches": [{"status": words[s]} for s in r]}
            for i, r in enumerate(statuses)
        ]

    shown = pages_board_screens.rounds_in_play(
        rounds("pp", "pb", "pw", "w", "w", "w", "w", "w", "w")
    )
    assert [r["title"] for r in shown] == ["R2", "R3", "R4", "R5", "R6", "R7"]
    done = pages_board_screens.rounds_in_play(rounds(*["p"] * 8))  # all decided: the last six
    assert [r["title"] for r in done] == ["R2", "R3", "R4", "R5", "R6", "R7"]


def board_page(events, name, status=200, **params):
    client, directors = events
    return client.get(f"/b/{directors[name].public}", params=params, headers=HTML, status=status)


def refresh(html):
    return re.search(r'<meta http-equiv="refresh" content="([^"]*)">', html).group(1)


def screen_words(html):
    found = re.search(r'<p class="screen" data-part="screen">([^<]*)</p>', html).group(1)
    return htmllib.unescape(found)


def test_without_javascript_the_refresh_moves_on_to_the_next_screen(events):
    public = events[1]["32-de-midway"].public
    page = page_of(events, "32-de-midway")
    count = len(page["screens"])
    html = board_page(events, "32-de-midway").text
    assert refresh(html) == f"15; url=/b/{public}?screen=2"
    assert screen_words(html) == f"{page['screens'][0]['title']} · screen 1 of {count}"
    assert 'data-screen="1"' in html and f'data-next="/b/{public}?screen=2"' in html
    light = board_page(events, "32-de-midway", screen=count, theme="light").text
    assert refresh(light) == f"15; url=/b/{public}?screen=1&amp;theme=light"  # round again
    held = board_page(events, "32-de-midway", screen=2, hold="1").text
    assert refresh(held) == f"15; url=/b/{public}?screen=2&amp;hold=1"  # stays
    assert "data-next" not in held
    one = board_page(events, "8-de").text  # one screen: as ever, a plain refresh
    assert refresh(one) == "15" and screen_words(one) == ""


@pytest.mark.parametrize("asked", ["abc", "0", "-1", "99", "9" * 40, "", "2.0", "%00"])
def test_a_bad_screen_shows_the_first_and_keeps_no_page_of_its_own(events, asked, monkeypatch):
    minute = base.utcnow()
    monkeypatch.setattr(routes_board, "utcnow", lambda: minute)  # one minute: one kept page
    first = board_page(events, "32-de-midway", screen="1").text
    kept = len(routes_board._PAGES)
    html = board_page(events, "32-de-midway", screen=asked).text
    assert " · screen 1 of " in screen_words(html)
    assert html == first  # the same page, from the same kept copy
    assert len(routes_board._PAGES) == kept


def test_screen_number_reads_only_a_screen_that_exists():
    assert pages_board_screens.screen_number("3", 4) == 3
    assert pages_board_screens.screen_number("4", 4) == 4
    bad = (None, "5", "0", "x", "-3")
    assert [pages_board_screens.screen_number(x, 4) for x in bad] == [1, 1, 1, 1, 1]


def test_the_board_keeps_the_models_it_used_last_and_threads_share_them(monkeypatch):
    """The board's per-process caches are api/core/lru.py's LockedLRU (ARCHITECTURE "Derived
    state": a cache is only ever rebuilt from the logs): the model a screen just used stays
    when an unused one is dropped (a plain dict dropped the oldest written, in use or not),
    and threads building models at once never fail (a dict's `pop(next(iter(...)))` could
    evict one key twice: a KeyError, a 500)."""
    import threading

    built = []
    routes_board._MODELS.clear()
    monkeypatch.setattr(routes_board, "unit_of", lambda view: "marks")
    monkeypatch.setattr(pages_board_view, "build", lambda view, unit: built.append(view) or view)
    body = b"{}"
    for n in range(routes_board._MODELS_KEPT):
        routes_board.page_model(f"etag-{n}", body, 0)
    routes_board.page_model("etag-0", body, 0)  # the hall's TV shows it again
    routes_board.page_model("etag-new", body, 0)  # one too many: the least recently used goes
    count = len(built)
    routes_board.page_model("etag-0", body, 0)
    assert len(built) == count, "the model just used was kept"
    routes_board.page_model("etag-1", body, 0)
    assert len(built) == count + 1, "the least recently used was dropped"
    failures = []

    def build_many(n):
        try:
            for i in range(200):
                routes_board.page_model(f"thread-{n}-{i}", body, 0)
        except Exception as error:  # noqa: BLE001 (any failure of the cache fails the test)
            failures.append(error)

    threads = [threading.Thread(target=build_many, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(routes_board._MODELS) == routes_board._MODELS_KEPT
