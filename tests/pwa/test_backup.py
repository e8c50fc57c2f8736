"""The phone's backup (docs/export.md): play a game and keep one unsent, back the
phone up (the download captured), clear it (a new context: no site data), restore from the
file: the same games and hands, the unsent changes queued again; restoring twice changes
nothing; a game here with other hands is kept and named. Screenshots of the Backup screen
at 390x844 and 320x640, light and dark (under $TALLY_SHOTS, never committed)."""

import json
from pathlib import Path

import jsonschema
from helpers.backup import back_up, restore
from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js
from helpers.game_flow import MARKS_GAME, play
from helpers.layout import SMALL_TARGETS, WIDEST
from helpers.words import unclean

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())


def phone_games(page):
    """{id: [hand inputs]} of every game on the phone, and its outbox length."""
    return page.evaluate("""async () => {
        const store = await import('/js/store.js');
        const { handInput } = await import('/js/game.js');
        const games = {};
        for (const g of await store.allGames()) games[g.id] = g.hands.map(handInput);
        return { games, outbox: (await store.outboxAll()).length };
    }""")


def test_back_up_clear_restore_gives_the_same_games(browser, base_url, tmp_path, axe_source):
    context, page = new_phone(browser, base_url)
    table = Table(page, base_url)
    table.open()
    synced = table.new_game("marks")
    play(table, MARKS_GAME[:5])
    table.wait_synced(synced)
    page.goto("/#/")
    page.context.set_offline(True)  # the second game stays on this phone only
    page.wait_for_selector("#new-game")
    offline = table.new_game("marks")
    play(table, MARKS_GAME[:2])
    before = phone_games(page)
    assert before["outbox"] == 3  # its create and two hands, not yet sent
    doc = back_up(page, tmp_path / "backup.json")  # works offline
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    assert {g["id"] for g in doc["games"]} == {synced, offline}
    assert len(doc["device"]["outbox"]) == 3
    context.close()

    context, page = new_phone(browser, base_url)  # a new phone: no site data
    Table(page, base_url).open()
    wait_js(
        page,
        """async () => ((await (await import('/js/store.js')).getMeta('rulesets'))
                                 || []).length > 0""",
    )
    page.context.set_offline(True)  # restore works offline (and nothing is sent meanwhile)
    assert phone_games(page)["games"] == {}
    lines = restore(page, tmp_path / "backup.json")
    assert sorted(line.split(", started ")[0] for line in lines) == [
        "Us v Them, 2 hands",
        "Us v Them, 5 hands",
    ]
    assert [line.split(": ")[1] for line in lines] == ["restored."] * 2
    after = phone_games(page)
    assert after == before  # the same games, hand for hand, and the unsent changes
    again = restore(page, tmp_path / "backup.json")
    assert [line.split(": ")[1] for line in again] == [
        "already on this phone, nothing changed."
    ] * 2
    assert phone_games(page) == before
    assert axe_violations(page, axe_source) == []
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"backup-{width}-light")
    # the queued changes go out once the new phone is online: the server has both games
    page.context.set_offline(False)
    page.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
    Table(page, base_url).wait_synced(offline)
    Table(page, base_url).assert_same(offline)
    page.goto("/#/")
    page.wait_for_selector(f"a[href='#/g/{offline}']")
    context.close()


def test_a_game_with_other_hands_is_kept_and_named(browser, base_url, tmp_path):
    context, page = new_phone(browser, base_url, color_scheme="dark")
    table = Table(page, base_url)
    table.open()
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:2])
    back_up(page, tmp_path / "backup.json")
    page.goto(f"/#/g/{game_id}")
    play(table, MARKS_GAME[2:3])
    table.wait_synced(game_id)
    before = phone_games(page)
    lines = restore(page, tmp_path / "backup.json")
    assert [line.split(": ")[1] for line in lines] == [
        "this phone has other hands for it; kept as it is."
    ]
    assert phone_games(page) == before
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"backup-{width}-dark")
    # at 320 px nothing is wider than the screen and every target is 48 px (test_layout's rule)
    assert page.evaluate(WIDEST) <= 320.5 and page.evaluate(SMALL_TARGETS) == []
    assert unclean(page.inner_text("#view")) == []  # the screen and its report read clean
    broken = json.loads((tmp_path / "backup.json").read_text())
    broken["device"]["games"][0]["hands"][0]["bid"] = 29  # a hand the rules refuse
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    assert restore(page, tmp_path / "broken.json") == [
        "1 game in the file could not be read; left out."
    ]
    assert phone_games(page) == before
    (tmp_path / "junk.json").write_text("not json")
    assert restore_error(page, tmp_path / "junk.json") == (
        "This file is not a Tally 42 backup: it could not be read."
    )
    context.close()


def restore_error(page, path):
    """Restore a file that is not a backup; returns the message shown."""
    page.goto("/#/backup")
    page.set_input_files("#restore-file", str(path))
    return page.locator("#restore-report [role=alert]").inner_text()


def test_one_game_as_a_file_and_a_server_export_restored_on_a_new_phone(
    browser, base_url, tmp_path
):
    context, page = new_phone(browser, base_url)
    table = Table(page, base_url)
    table.open()
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:3])
    table.wait_synced(game_id)
    page.goto("/#/backup")
    with page.expect_download() as info:  # the CSV comes from the server: one row per hand
        page.click(f"[data-export='{game_id}:csv']")
    info.value.save_as(tmp_path / "game.csv")
    rows = (tmp_path / "game.csv").read_text().splitlines()
    assert rows[0].startswith("game_id,game,hand,dealer,bidder") and len(rows) == 1 + 3
    with page.expect_download() as info:
        page.click(f"[data-export='{game_id}:json']")
    info.value.save_as(tmp_path / "game.json")
    doc = json.loads((tmp_path / "game.json").read_text())
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    assert "device" not in doc and len(doc["games"][0]["hands"]) == 3
    context.close()

    # a file without the phone's part goes through the server's import: already there, the
    # server answers "unchanged", and the new phone is told so in words (no token to take)
    context, page = new_phone(browser, base_url)
    Table(page, base_url).open()
    lines = restore(page, tmp_path / "game.json")
    assert len(lines) == 1 and lines[0].endswith(
        ": the server already has it; open its link on this phone to see it here."
    )
    # a game the server has never seen is created there and kept on this phone
    doc["games"][0]["id"] = "3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"
    (tmp_path / "new.json").write_text(json.dumps(doc))
    lines = restore(page, tmp_path / "new.json")
    assert lines[0].startswith("Us v Them, 3 hands, started ") and lines[0].endswith(": restored.")
    mine = phone_games(page)["games"]
    assert (
        list(mine) == ["3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"]
        and len(mine["3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"]) == 3
    )
    Table(page, base_url).assert_same("3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d")
    context.close()
