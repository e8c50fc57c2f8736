"""A tournament run from phones ("A browser test: a director creates an event on a
phone; two table phones play their match to the end; the board (a third context, 1920x1080)
shows the advancement without reload"; docs/tournaments.md).

The director, on a 390x844 phone, makes a 4-team single-elimination event (one game a match,
the smallest series the API takes), adds five teams with the add-team form, checks four in,
sees the fifth marked late after the check-in time and drops it, and starts. Two table phones
open their table links (the token in the fragment, taken out of the address bar) and play
their semifinals to the end through the ordinary score sheet. A third context at 1920x1080
shows the board (`/b/<public token>`, the director's board link) and sees the final filled in
without a reload.
The final comes to table 1 on the same table link (a table's link belongs to the
table for the event), table 1 plays it, and the director's screen shows
the champion, the standings, each team's path, and the words when a result can no longer
change (the final already played). Found by role and visible text."""

import datetime
import json
import os
import urllib.request

import pytest
from helpers.browser import axe_violations, new_phone, screenshot, serve, wait_js
from helpers.director import play_to_the_end
from helpers.waits import ms

TEAMS = [
    ("Rangers", "Ann", "Bo"),
    ("Aggies", "Cy", "Di"),
    ("Bears", "Ed", "Flo"),
    ("Owls", "Gus", "Hal"),
    ("Latecomers", "Ike", "Jo"),
]


@pytest.fixture(scope="module")
def event_url(tmp_path_factory):
    """The whole app, with the board polling every second (no live process serves its
    stream here; the board falls back to polling the public view); on PostgreSQL when
    TEST_DATABASE_URL names one, else on a SQLite file."""
    store = (
        {"DATABASE_URL": os.environ["TEST_DATABASE_URL"]}
        if "TEST_DATABASE_URL" in os.environ
        else {}
    )
    url, stop = serve(tmp_path_factory.mktemp("director"), BOARD_REFRESH_SECONDS=1, **store)
    yield url
    stop()


def get_json(url):
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def open_app(page, route="#/"):
    page.goto(f"/{route}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_js(page, "() => navigator.serviceWorker.controller !== null")


def table_link(page, table):
    """The link in table `table`'s card, making it first if the director has none for it."""
    card = page.locator(f"[data-table='{table}']")
    make = card.get_by_role("button", name=f"Make table {table}'s link")
    if make.count():
        make.click()
        page.locator(f"#table-link-{table}").wait_for()
    # a redraw keeps the table's link box open (same id) when the director's own read
    # called the table's next match: open it only if it is closed
    if not page.locator(f"#table-link-{table}").evaluate("d => d.open"):
        card.get_by_text(f"Table {table}'s link and QR").click()
    assert card.get_by_role("img", name=f"QR code: Table {table}'s link and QR").is_visible()
    return card.locator(".link-text").inner_text()


def test_a_director_runs_a_4_team_event_that_two_table_phones_play_to_the_end(
    browser, event_url, axe_source
):
    base_url = event_url
    director_context, director = new_phone(browser, base_url)
    open_app(director)
    director.get_by_role("link", name="Run a tournament").click()
    director.wait_for_url("**/#/events")
    director.get_by_role("link", name="Run a tournament").click()
    director.get_by_role("textbox", name="Name").fill("Timpson 42")
    director.get_by_role("group", name="First round").get_by_role("button", name="One game").click()
    director.get_by_role("group", name="Later rounds").get_by_role(
        "button", name="One game"
    ).click()
    assert director.locator("#series-words").inner_text() == "Every match: one game."
    director.get_by_role("spinbutton", name="Tables").fill("2")
    director.set_checked("#rule-nello", True)  # a house rule, as the new-game form takes it
    # check-in closed a few minutes ago (the phone's own clock and time zone)
    past = (datetime.datetime.now() - datetime.timedelta(minutes=3)).strftime("%H:%M")
    if past > datetime.datetime.now().strftime("%H:%M"):  # just after midnight: no "earlier"
        past = "00:00"
    director.fill("#event-checkin", past)
    assert axe_violations(director, axe_source) == []
    screenshot(director, "director-new")
    director.get_by_role("button", name="Make the tournament").click()
    director.wait_for_url("**/#/e/*")
    event_id = director.url.split("#/e/")[1]
    assert "token" not in director.url

    for name, a, b in TEAMS:
        director.get_by_role("textbox", name="Player 1").fill(a)
        director.get_by_role("textbox", name="Player 2").fill(b)
        director.get_by_role("textbox", name="Team name").fill(name)
        director.get_by_role("textbox", name="Team name").press("Enter")
        director.locator(f"[data-team='{name}']").wait_for()
        # one thumb: the form is empty again and the cursor is back at its top
        assert director.get_by_role("textbox", name="Player 1").input_value() == ""
    assert director.locator("#checkin-head").inner_text() == "Check-in: 0 of 5 here"
    for name, _a, _b in TEAMS[:4]:
        director.get_by_role("button", name=f"Check in {name}").click()
        director.locator(f"[data-team='{name}'] .tag.ok").wait_for()
    late = director.locator("[data-team='Latecomers']")
    assert late.locator(".tag.late").inner_text() == "Late"
    assert axe_violations(director, axe_source) == []
    screenshot(director, "director-checkin")
    # starting with a team neither here nor dropped is refused in the table's words
    director.get_by_role("button", name="Start the tournament").click()
    director.locator("#event-note", has_text="Not checked in yet: Latecomers.").wait_for()
    asked = []
    director.once("dialog", lambda d: asked.append(d.message) or d.accept())  # it asks first
    director.get_by_role("button", name="Drop Latecomers").click()
    late.locator(".tag", has_text="Dropped").wait_for()
    assert asked and asked[0].startswith("Drop Latecomers? They stay on the list"), asked
    assert director.evaluate("() => window.scrollY") > 0  # down at the check-in list
    director.get_by_role("button", name="Start the tournament").click()
    director.locator("#tables").wait_for()
    # after the start the screen goes to the top, the tables first
    wait_js(director, "() => window.scrollY === 0")
    assert axe_violations(director, axe_source) == []
    screenshot(director, "director-tables")

    # the board's context: a TV, following the public view without a reload
    public_token = director.evaluate("""async () => {
        const db = await new Promise((ok) => { const r = indexedDB.open('tally42');
                                               r.onsuccess = () => ok(r.result); });
        const row = await new Promise((ok) => { const r = db.transaction('meta')
            .objectStore('meta').get('events'); r.onsuccess = () => ok(r.result); });
        return row.value[0].public_token;
    }""")
    board_link = director.locator("#board-link .link-text").get_attribute("href")
    assert board_link.endswith(f"/b/{public_token}")
    board_context = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=base_url)
    board = board_context.new_page()
    board.goto(board_link)
    board.locator('[data-match="W2.1"]').wait_for()
    board.evaluate("() => { window.notReloaded = true; }")
    assert "Rangers" not in board.locator('[data-match="W2.1"]').inner_text()

    links = {table: table_link(director, table) for table in (1, 2)}
    for table, link in links.items():  # each table's own link, for the whole event
        assert f"#/table/{event_id}/{table}/" in link
    phones = []
    for table in (1, 2):
        context, page = new_phone(browser, base_url)
        open_app(page)
        page.goto(links[table])
        page.get_by_role("heading", name=f"Table {table}").wait_for()
        assert links[table].split("/")[-1] not in page.url  # the token left the address bar
        assert "first to" not in page.locator("#series").inner_text()
        assert page.locator("#series").inner_text().startswith("The match is one game: ")
        phones.append((context, page))
    screenshot(phones[0][1], "table-phone")
    for _context, page in phones:
        play_to_the_end(page)
    # seeds 1 v 4 and 2 v 3; the side that bid won every game: the board shows the final
    wait_js(
        board,
        """() => { const t = document.querySelector('[data-match="W2.1"]')?.innerText;
        return t && t.includes('Rangers') && t.includes('Aggies'); }""",
        timeout=ms(20),
    )
    assert board.evaluate("() => window.notReloaded === true")
    teams = {t["id"]: t["name"] for t in get_json(f"{base_url}/api/e/{public_token}")["teams"]}

    director.get_by_role("button", name="Refresh").click()
    director.locator("[data-match='W2.1']", has_text="Rangers v Aggies").wait_for()
    final_link = table_link(director, 1)
    assert final_link == links[1]  # no new link: the final is called to table 1's phone
    table_page = phones[0][1]
    table_page.goto(final_link)
    table_page.get_by_role("heading", name="Table 1").wait_for()
    play_to_the_end(table_page)

    director.get_by_role("button", name="Refresh").click()
    director.locator("#champion").wait_for()
    assert director.locator("#champion").inner_text() == "Rangers won Timpson 42!"
    assert director.locator("#standings li").all_inner_texts()[:2] == ["1st Rangers", "2nd Aggies"]
    director.get_by_text("Every team’s path").click()
    rangers = director.locator("#paths li", has_text="Rangers:").first.inner_text()
    assert rangers == "Rangers: beat Owls (Semifinal 1), then beat Aggies (Final)"
    # a semifinal can no longer change: the final has been played with its winner
    semi = director.locator("[data-match='W1.1']")
    semi.get_by_text("Correct the result").click()
    director.once("dialog", lambda d: d.accept())  # "Correct Semifinal 1: Owls won it, ...?"
    semi.get_by_role("button", name="Owls won it").click()
    director.locator("#event-note", has_text="can no longer change").wait_for()
    assert director.locator("#event-note").inner_text() == (
        "That result can no longer change: Final has already been played with those teams."
    )
    assert axe_violations(director, axe_source) == []
    screenshot(director, "director-finished")
    final = get_json(f"{base_url}/api/e/{public_token}")
    assert (final["rules"], final["first_to"], final["format"]) == (
        {"nello": True},
        [1],
        "single-elimination",
    )
    assert [(s["place"], teams[s["team"]]) for s in final["standings"]][:2] == [
        (1, "Rangers"),
        (2, "Aggies"),
    ]
    errors = [
        e
        for _c, p in [(director_context, director), *phones]
        for e in p.js_errors
        if "Failed to load resource" not in e
    ]
    for context in (director_context, board_context, *(c for c, _p in phones)):
        context.close()
    assert not errors, errors
