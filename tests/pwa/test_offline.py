"""The network cut after the first load, then restored: nothing lost, nothing doubled."""

from helpers.browser import wait_js
from helpers.game_flow import MARKS_GAME, POINTS_GAME, play


def go_offline(table):
    """Cut the network once the shell and the rulesets are cached."""
    table.open()
    wait_js(
        table.page,
        """async () => {
        const store = await import('/js/store.js');
        return ((await store.getMeta('rulesets')) || []).length > 0; }""",
    )
    table.page.context.set_offline(True)


def test_marks_game_offline_then_synced(table):
    go_offline(table)
    page = table.page
    page.reload()  # the shell comes from the service worker
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:4])
    assert page.inner_text("#net") == "Offline"
    wait_js(page, "() => document.querySelectorAll('.sync.local').length === 4")
    page.click("#undo")
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 3")
    page.click("a[aria-label='Edit hand 1']")
    page.click("[data-count='20']")
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    play(table, MARKS_GAME[3:])
    page.wait_for_url("**/over")
    page.wait_for_selector("text=appears once this phone has been online")
    page.reload()
    phone = table.phone_game(game_id)
    assert phone["outbox"] == 1 + 4 + 1 + 1 + 4  # create, 4 adds, undo, edit, 4 more adds
    page.context.set_offline(False)
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert len(server["hands"]) == 7 and server["game_over"]
    page.wait_for_selector("#share-link")
    share = page.context.new_page()
    share.goto(page.get_attribute("#share-link", "href"))
    assert "Us" in share.inner_text("body")
    share.close()


def test_points_game_offline_then_synced(table):
    go_offline(table)
    game_id = table.new_game("points")
    play(table, POINTS_GAME[:3])
    table.page.context.set_offline(False)
    play(table, POINTS_GAME[3:5])  # back online mid-game: the queue drains in order
    table.page.context.set_offline(True)
    play(table, POINTS_GAME[5:])
    table.page.context.set_offline(False)
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["game_over"] and len(server["hands"]) == len(POINTS_GAME)
