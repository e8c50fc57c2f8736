"""The phone's backup (issue 14, docs/export.md): play a game and keep one unsent, back the
phone up (the download captured), clear it (a new context: no site data), restore from the
file: the same games and hands, the unsent changes queued again; restoring twice changes
nothing; a game here with other hands is kept and named. Screenshots of the Backup screen
at 390x844 and 320x640, light and dark (under $TALLY_SHOTS, never committed)."""

import json
from pathlib import Path

import jsonschema
from conftest import Table, axe_violations, new_phone, screenshot, wait_js
from test_game_flow import MARKS_GAME, play

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


def back_up(page, path):
    """Open Backup, tap "Back up this phone", save the download to `path`; returns the doc."""
    page.goto("/#/backup")
    page.wait_for_selector("#backup-now")
    with page.expect_download() as info:
        page.click("#backup-now")
    download = info.value
    assert download.suggested_filename.startswith("tally42-backup-")
    download.save_as(path)
    return json.loads(Path(path).read_text())


def restore(page, path):
    """Restore from the file on the Backup screen; returns the report's lines."""
    page.goto("/#/backup")
    page.set_input_files("#restore-file", str(path))
    wait_js(page, "() => document.querySelector('#restore-report .restored')")
    return page.locator("#restore-report li").all_inner_texts()


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
    before = phone_games(page)
    lines = restore(page, tmp_path / "backup.json")
    assert [line.split(": ")[1] for line in lines] == [
        "this phone has other hands for it; kept as it is."
    ]
    assert phone_games(page) == before
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"backup-{width}-dark")
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
