"""A crew on two phones ("create a crew on one phone and join it on a
second by link; play two games with roster picks; open a player's statistics and the game-over
chart, and take screenshots; look at them at 390x844 and 320x640, light and dark").

Phone A starts the crew and plays game 1, typing four new names at the table (they join the
roster through the outbox). Phone B joins by the link, plays game 2 picking every seat from
the roster in one tap, and both games count for the crew on the server. The statistics
screen shows the numbers the API gives (docs/crews.md, "Every statistic"), with the made %
chart and head to head beside their tables; axe finds nothing on the crew screens, light or
dark, at 390 and 320 px; offline, the screen says so and shows the last copy it read.
Screenshots with TALLY_SHOTS=dir, outside the repository.
"""

import json
from datetime import UTC, datetime, timedelta
from urllib.request import Request, urlopen
from uuid import uuid4

from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js
from helpers.crew_screens import api_get, start_crew
from helpers.words import unclean

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
NAMES = ["Ann", "Bob", "Cy", "Di"]  # seats 0-3: Ann & Cy against Bob & Di
# (bidder seat, bid, count): game 1 Ann & Cy reach 7 marks; game 2 Bob & Di do
GAME_1 = [(1, 30, 35), (0, 84, "made"), (2, 84, "made"), (0, 84, "made"), (2, 42, "made")]
GAME_2 = [(0, 84, "set"), (1, 84, "made"), (3, 84, "made"), (1, 42, "made")]


def crew_game(page, crew_name, seats):
    """New game for the crew: each seat a roster tap ("pick") or a typed name; returns the id."""
    page.click("#new-game")
    page.click("button:has-text('Marks')")
    page.click(f"#crew-box button:text-is('{crew_name}')")
    for seat, (how, name) in enumerate(seats):
        if how == "pick":
            page.click(f"#seat-{seat} + .chips button:text-is('{name}')")
        else:
            page.fill(f"#seat-{seat}", name)
    page.click("fieldset:has(legend:text('Who shakes first')) button >> nth=0")
    page.click("#start")
    page.wait_for_url("**/#/g/*")
    return page.url.split("#/g/")[1]


def play(table, hands):
    """Tap in every hand; the last one ends the game."""
    for hand in hands:
        table.hand(*hand)
    table.page.wait_for_url("**/over")


def test_two_phones_share_a_crew_play_two_games_and_read_the_statistics(
    browser, base_url, axe_source
):
    ctx_a, a = new_phone(browser, base_url)
    ctx_b, b = new_phone(browser, base_url)
    try:
        _crew_on_two_phones(a, b, base_url, axe_source)
    finally:
        ctx_a.close()
        ctx_b.close()
    errors = [e for e in a.js_errors + b.js_errors if "Failed to load resource" not in e]
    assert not errors, errors


def _crew_on_two_phones(a, b, base_url, axe_source):
    table_a, table_b = Table(a, base_url), Table(b, base_url)
    table_a.open()
    # Phone A starts the crew (docs/crews.md "Start a crew": the token kept in IndexedDB)
    a.click("#crews")
    a.fill("#crew-name", "Thursday table")
    a.click("#start-crew")
    a.wait_for_url("**/#/crew/*")
    crew_id = a.url.split("#/crew/")[1]
    link = a.input_value("#crew-link")
    token = link.split("#/crew-join/")[1].split("/")[1]
    assert link.startswith(base_url) and link.endswith(f"#/crew-join/{crew_id}/{token}")
    a.wait_for_selector(".qr-box svg.qr")

    # Game 1 on phone A: four names typed at the table, new to the crew ("added on the fly")
    a.goto("/#/")
    game_1 = crew_game(a, "Thursday table", [("type", name) for name in NAMES])
    play(table_a, GAME_1)
    table_a.wait_synced(game_1)
    crew = api_get(base_url, f"/api/crews/{crew_id}", token)
    assert sorted(p["name"] for p in crew["players"]) == NAMES
    ids = {p["name"]: p["id"] for p in crew["players"]}
    assert crew["games"][0]["game_id"] == game_1
    assert crew["games"][0]["seats"] == [ids[n] for n in NAMES]

    # Phone B joins by the link; the token leaves the address bar at once
    table_b.open()
    b.goto(link)
    b.wait_for_url(f"**/#/crew/{crew_id}")
    assert token not in b.url
    b.wait_for_selector("h1:text-is('Thursday table')")
    wait_js(b, "() => document.querySelectorAll('#roster li').length === 4")

    # Game 2 on phone B, from the crew's screen: every seat one tap on the roster
    b.click("#crew-new-game")
    b.wait_for_selector("#crew-box button[aria-pressed='true']:text-is('Thursday table')")
    b.goto("/#/")
    game_2 = crew_game(b, "Thursday table", [("pick", name) for name in NAMES])
    stored = table_b.phone_game(game_2)["game"]
    assert stored["crew"]["seats"] == [ids[n] for n in NAMES]
    assert stored["teams"][0] == {"name": "Ann & Cy", "players": ["Ann", "Cy"]}
    play(table_b, GAME_2)
    table_b.wait_synced(game_2)
    b.wait_for_selector(".race svg.race-chart")
    assert b.inner_text("h1") == "Bob & Di win!"  # the teams are called by their players
    assert b.get_attribute("#crew-stats", "href") == f"#/crew/{crew_id}/stats"
    # a rematch is the crew's, every seat already picked
    b.click("a:text-is('Rematch'), button:text-is('Rematch')")
    b.wait_for_selector("#crew-box button[aria-pressed='true']:text-is('Thursday table')")
    for seat, name in enumerate(NAMES):
        chip = f"#seat-{seat} + .chips button:text-is('{name}')"
        assert b.get_attribute(chip, "aria-pressed") == "true"
    crew = api_get(base_url, f"/api/crews/{crew_id}", token)
    assert [g["game_id"] for g in crew["games"]] == [game_1, game_2]
    assert len(crew["players"]) == 4  # the picks added nobody

    # Ann's statistics on phone A equal the API's
    api_stats = api_get(base_url, f"/api/crews/{crew_id}/stats", token)
    ann = next(p for p in api_stats["players"] if p["name"] == "Ann")
    assert (ann["games"], ann["wins"], ann["losses"]) == (2, 1, 1)
    a.goto(f"/#/crew/{crew_id}/stats")
    a.wait_for_selector("#player-facts")
    a.click("button.chip:text-is('Ann')")
    wait_js(a, "() => document.querySelector('#player-heading')?.textContent === 'Ann'")
    facts = dict(
        a.evaluate("""() => [...document.querySelectorAll('#player-facts tr')]
        .map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])""")
    )
    assert facts["Games"] == str(ann["games"])
    assert facts["Won · lost · tied"] == f"{ann['wins']} · {ann['losses']} · {ann['ties']}"
    assert facts["Win %"] == f"{ann['win_pct']:g}%"
    assert facts["Marks for · against"] == f"{ann['marks_for']} · {ann['marks_against']}"
    assert facts["Bids won"] == str(ann["bids"])
    assert facts["Sets suffered"] == str(ann["sets_suffered"])
    assert facts["Sets dealt"] == str(ann["sets_dealt"])
    assert facts["Longest winning run"] == str(ann["streaks"]["longest_win"])
    levels = a.evaluate("""() => [...document.querySelectorAll('.chart.stat table tbody tr')]
        .slice(0, 4).map((tr) => [...tr.cells].map((c) => c.textContent))""")
    by_level = ann["by_level"]
    assert [[row[1], row[2]] for row in levels] == [
        [str(by_level[k]["bids"]), str(by_level[k]["made"])]
        for k in ("30-34", "35-41", "1 mark", "2+ marks")
    ]
    # head to head, Ann & Cy against Bob & Di: one game each (the chart and its table)
    h2h = a.evaluate("""() => [...document.querySelectorAll('.chart.stat')].at(-1)
        .querySelector('svg title').textContent""")
    (record,) = api_stats["head_to_head"]
    assert (record["games"], record["a_wins"], record["b_wins"]) == (2, 1, 1)
    assert {tuple(sorted(record["a_names"])), tuple(sorted(record["b_names"]))} == {
        ("Ann", "Cy"),
        ("Bob", "Di"),
    }
    ann_side = record["a_names"] if "Ann" in record["a_names"] else record["b_names"]
    other = record["b_names"] if "Ann" in record["a_names"] else record["a_names"]
    assert sorted(ann_side) == ["Ann", "Cy"]
    assert h2h.startswith("Head to head, 2 games: Ann & Cy won 1, ")
    assert f"{' & '.join(other)} won 1" in h2h
    partners = a.evaluate("""() => [...document.querySelectorAll('#partnerships tbody tr')]
        .map((tr) => [...tr.cells].map((c) => c.textContent))""")
    assert partners == [["Cy", "2", "1", "50%"]]
    assert a.evaluate(
        "() => performance.getEntriesByType('resource').some("
        "(e) => e.name.endsWith('/js/views/crew-stats.js'))"
    )

    # filters ("Filter by ruleset and date range"): today holds both games, a
    # points preset none; dates that run backwards are refused in the server's words
    today = datetime.now(UTC).date()
    a.fill("#stats-from", str(today))
    a.fill("#stats-to", str(today))
    a.click("#stats-show")
    wait_js(a, "() => document.querySelector('#stats-crew')?.textContent.includes('2 games')")
    a.fill("#stats-from", str(today + timedelta(days=1)))
    a.click("#stats-show")
    a.wait_for_selector("#stats-body p.banner[role='alert']")
    assert "the dates run backwards" in a.inner_text("#stats-body")
    a.fill("#stats-from", "")
    a.fill("#stats-to", "")
    a.select_option("#stats-ruleset", "points-250")
    a.click("#stats-show")
    wait_js(a, "() => document.querySelector('#stats-body').textContent.includes('No games')")

    # screenshots and axe on every crew screen, both phones' sizes, light and dark
    found = {}
    a.goto("/#/")
    assert "· Thursday table" in a.inner_text(f"a[href='#/g/{game_1}']")
    screens = {
        "crews": "/#/crews",
        "crew": f"/#/crew/{crew_id}",
        "stats": f"/#/crew/{crew_id}/stats",
        "new-game": "/#/new",
        "over": f"/#/g/{game_2}/over",
    }
    for scheme in ("light", "dark"):
        a.emulate_media(color_scheme=scheme)
        for size, viewport in SIZES.items():
            a.set_viewport_size(viewport)
            for name, route in screens.items():
                a.goto(route) if name != "over" else None
                if name == "over":
                    b.emulate_media(color_scheme=scheme)
                    b.set_viewport_size(viewport)
                    b.goto(route)
                    b.wait_for_selector(".race svg.race-chart")
                    screenshot(b, f"crew-{name}-{size}-{scheme}")
                    continue
                if name == "stats":
                    a.wait_for_selector("#player-facts")
                    for summary in a.locator("details summary").all():
                        summary.click()
                elif name == "new-game":
                    a.click("#crew-box button:text-is('Thursday table')")
                    a.wait_for_selector(".chips button")
                elif name == "crews":
                    a.wait_for_selector("#crew-name")
                else:
                    a.wait_for_selector("#roster li")
                wait_js(a, "() => document.fonts.status === 'loaded'")
                screenshot(a, f"crew-{name}-{size}-{scheme}")
                width = a.evaluate("() => document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"{name} scrolls sideways at {size}"
                found[f"{name}-{size}-{scheme}"] = axe_violations(a, axe_source)
                text = a.inner_text("main")
                unclean_lines = [line for line in text.split("\n") if unclean(line)]
                assert not unclean_lines, f"{name}: {unclean_lines}"
    assert {k: v for k, v in found.items() if v} == {}

    # offline: the last copy read, said plainly
    a.set_viewport_size(SIZES["390"])
    a.goto(f"/#/crew/{crew_id}/stats")
    a.wait_for_selector("#player-facts")
    a.context.set_offline(True)
    a.click("#stats-show")
    a.wait_for_selector("#stats-offline")
    assert "No signal" in a.inner_text("#stats-offline")
    assert a.is_visible("#player-facts")
    a.context.set_offline(False)


def test_two_phones_name_the_same_new_player_offline_and_get_one_player(browser, base_url):
    """docs/crews.md "Pick the seats": a name typed offline gets an id made on the phone and
    its POST waits in the outbox; "On 409 NAME_TAKEN, swap the new id for player.id". Two
    phones that both seat a new "Eve" offline end with one Eve on the roster, in both games,
    and the games that were started offline are in the crew."""
    crew_id, token, link = start_crew(base_url, "Porch")
    phones = [new_phone(browser, base_url) for _ in range(2)]
    try:
        games = []
        for context, page in phones:
            table = Table(page, base_url)
            table.open()
            page.goto(link)
            page.wait_for_url(f"**/#/crew/{crew_id}")
            page.wait_for_selector("h1:text-is('Porch')")
            page.goto("/#/")
            page.wait_for_selector("#new-game")
            context.set_offline(True)
            # typed with other case and spaces on the second phone: still the same name
            names = ["Eve", "Fay", "", ""] if not games else [" EVE", "", "Gus", ""]
            games.append(crew_game(page, "Porch", [("type", n) for n in names]))
            table.hand(1, 30, 35)
            assert table.phone_game(games[-1])["outbox"] >= 3  # create, players, attach
        for (context, page), game_id in zip(phones, games, strict=True):
            context.set_offline(False)
            Table(page, base_url).wait_synced(game_id)
            wait_js(
                page,
                """async (id) => {
                const ops = (await (await import('/js/store.js')).outboxAll());
                return !ops.some((op) => op.game_id === id); }""",
                game_id,
            )
        crew = api_get(base_url, f"/api/crews/{crew_id}", token)
        assert sorted(p["name"] for p in crew["players"]) == ["Eve", "Fay", "Gus"]
        eve = next(p["id"] for p in crew["players"] if p["name"] == "Eve")
        seats = {g["game_id"]: g["seats"] for g in crew["games"]}
        assert seats[games[0]][0] == eve and seats[games[1]][0] == eve
        # the second phone seats the server's Eve now, and keeps no second Eve on its roster
        second = phones[1][1]
        stored = Table(second, base_url).phone_game(games[1])["game"]
        assert stored["crew"]["seats"][0] == eve and stored["crew"].get("attached")
        roster = second.evaluate(
            "async () => (await (await import('/js/crews.js')).allCrews())[0].players"
        )
        assert [p["name"] for p in roster].count("Eve") == 1
    finally:
        for context, _ in phones:
            context.close()


def api_post(base_url, path, body, token):
    """POST JSON to an API route with a bearer token; returns the status."""
    request = Request(
        base_url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urlopen(request) as response:
        return response.status


def test_a_player_sits_in_one_seat_only(phone, base_url):
    """docs/crews.md: "The same player in two seats is 422 PLAYER_TWICE". The form never
    sends it: a tap on a player already seated moves them, and a name typed in two seats is
    refused at the table, in its words, with nothing stored."""
    crew_id, token, link = start_crew(base_url, "Kitchen")
    api_post(base_url, f"/api/crews/{crew_id}/players", {"id": str(uuid4()), "name": "Bob"}, token)
    table = Table(phone, base_url)
    table.open()
    phone.goto(link)
    phone.wait_for_selector("h1:text-is('Kitchen')")
    phone.goto("/#/")
    phone.click("#new-game")
    phone.click("#crew-box button:text-is('Kitchen')")
    phone.click("#seat-0 + .chips button:text-is('Bob')")
    phone.click("#seat-1 + .chips button:text-is('Bob')")
    assert phone.input_value("#seat-0") == "" and phone.input_value("#seat-1") == "Bob"
    assert phone.get_attribute("#seat-1 + .chips button:text-is('Bob')", "aria-pressed") == "true"
    assert phone.get_attribute("#seat-0 + .chips button:text-is('Bob')", "aria-pressed") == "false"
    phone.fill("#seat-0", "Eve")
    phone.fill("#seat-2", "eve ")
    phone.click("#start")
    alert = phone.locator("p.banner[role='alert']:visible")
    assert alert.inner_text() == "Eve is in two seats: pick someone else for one of them."
    assert "#/new" in phone.url
    assert phone.evaluate("async () => (await import('/js/store.js')).allGames()") == []


def test_a_backup_carries_the_crew_and_its_unsent_game_to_a_new_phone(browser, base_url, tmp_path):
    """Required: "The phone can back up its IndexedDB to a file and restore it, so a phone
    change loses nothing": the crew (its token and roster) goes in the backup's settings, so a
    crew game started offline and restored on a new phone still joins the crew when sent."""
    from helpers.backup import back_up, restore

    crew_id, token, link = start_crew(base_url, "Den")
    old_context, old = new_phone(browser, base_url)
    new_context, new = new_phone(browser, base_url)
    try:
        Table(old, base_url).open()
        old.goto(link)
        old.wait_for_selector("h1:text-is('Den')")
        old.goto("/#/")
        old.wait_for_selector("#new-game")
        old_context.set_offline(True)
        game_id = crew_game(old, "Den", [("type", n) for n in ["Hal", "Ivy", "Jo", "Kim"]])
        doc = back_up(old, tmp_path / "backup.json")
        assert doc["device"]["settings"]["crews"][0]["token"] == token
        table = Table(new, base_url)
        table.open()
        restore(new, tmp_path / "backup.json")
        table.wait_synced(game_id)
        wait_js(
            new,
            """async (id) => !(await (await import('/js/store.js')).outboxAll())
                 .some((op) => op.game_id === id)""",
            game_id,
        )
        crew = api_get(base_url, f"/api/crews/{crew_id}", token)
        assert [g["game_id"] for g in crew["games"]] == [game_id]
        assert sorted(p["name"] for p in crew["players"]) == ["Hal", "Ivy", "Jo", "Kim"]
    finally:
        old_context.close()
        new_context.close()
