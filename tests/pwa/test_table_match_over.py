"""A table phone whose match the director settled says so plainly, keeps the hand, and does
not send it again and again (docs/tournaments.md "Forfeits and no-shows": the
table's link stops working after a forfeit, and a match given away takes no hand: 409
`MATCH_SETTLED`)."""

from helpers.browser import wait_js
from helpers.director_screens import OUTBOX_EMPTY, api
from helpers.table_match_over import event, open_table, parked, score_a_hand
from helpers.waits import ms

from api.events import progress


def test_after_a_forfeit_the_table_phone_keeps_the_hand_and_says_the_match_is_over(phone, base_url):
    """The forfeit made a new table link: the old one gets 401, which no resend can cure."""
    event_id, token, started, tables = event(base_url, format="single-elimination", first_to=[2])
    game_id = open_table(phone, event_id, "W1.1", tables["W1.1"])
    score_a_hand(phone)
    wait_js(phone, OUTBOX_EMPTY, timeout=ms(20))
    absent = next(m for m in started["matches"] if m["id"] == "W1.1")["teams"][1]
    api(base_url, "POST", f"/api/events/{event_id}/matches/W1.1/forfeit", token, {"team": absent})
    score_a_hand(phone)
    phone.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
    banner = phone.locator("#match-over")
    banner.wait_for()
    assert "no longer opens the match" in banner.inner_text()
    assert parked(phone, game_id) == [0, ["synced", "rejected"]]  # kept here, not queued
    banner.get_by_role("link", name="What now").click()
    phone.get_by_role("heading", name="The match is over").wait_for()
    assert phone.get_by_role("button", name="Send again").count() == 0
    phone.locator("#leave-match").click()  # back to the table, which says the link is gone
    phone.get_by_text("This table link does not open a match any more").wait_for()


def test_a_match_given_away_by_a_no_show_refuses_the_hand_in_a_players_words(
    phone, base_url, monkeypatch
):
    """A round robin called by a release before one table per team (docs/tournaments.md "One
    table per team") may hold a team's matches at several tables at once; a no-show at one
    gives the others away (brackets/lateness.py): their tables' links still open them. The
    start here calls as that release did (the server runs in this process)."""
    with monkeypatch.context() as patch:
        patch.setattr(
            progress,
            "seat",
            lambda waiting, busy, tables: list(zip([m for m, _t in waiting], tables, strict=False)),
        )
        event_id, token, started, tables = event(
            base_url, format="round-robin", first_to=[2], no_show_minutes=0
        )
    absent = next(m for m in started["matches"] if m["id"] == "R1.1")["teams"][1]
    later = next(
        m
        for m in started["matches"]
        if m["id"] != "R1.1" and absent in m["teams"] and m["status"] == "playing"
    )
    game_id = open_table(phone, event_id, later["id"], tables[later["id"]])
    score_a_hand(phone)
    wait_js(phone, OUTBOX_EMPTY, timeout=ms(20))
    api(
        base_url,
        "POST",
        f"/api/events/{event_id}/matches/R1.1/forfeit",
        token,
        {"team": absent, "reason": "no-show"},
    )
    score_a_hand(phone)
    phone.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
    banner = phone.locator("#match-over")
    banner.wait_for()
    assert banner.inner_text().startswith(
        f"Not sent: match {later['id']} is over: the director recorded a no-show."
    )
    assert parked(phone, game_id) == [0, ["synced", "rejected"]]
    phone.goto(f"/#/t/{event_id}/{later['id']}")  # the table's screen: nothing more to play
    series = phone.locator("#series")
    series.wait_for()
    assert series.inner_text().startswith("The director recorded a no-show: ")
    assert phone.locator("#play-game").count() == 0


def test_a_new_table_link_scanned_by_the_same_phone_sends_with_it(phone, base_url):
    """The director makes table 1 a new link (docs/tournament-screens.md: the thumb bar's
    "Make the table link"; the old one stops working). A hand scored before the phone scans
    it is parked (401: the old link opens nothing); once the phone scans the new link, the
    game it keeps writes with the new token, and the parked hand is sent (same Idempotency-Key)
    instead of staying parked for good with a link that works."""
    event_id, token, _started, tables = event(base_url, format="single-elimination", first_to=[2])
    game_id = open_table(phone, event_id, "W1.1", tables["W1.1"])
    score_a_hand(phone)
    wait_js(phone, OUTBOX_EMPTY, timeout=ms(20))
    fresh = api(base_url, "POST", f"/api/events/{event_id}/matches/W1.1/table-token", token)
    score_a_hand(phone)
    phone.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
    phone.locator("#match-over").wait_for()
    assert parked(phone, game_id) == [0, ["synced", "rejected"]]
    open_table(phone, event_id, "W1.1", fresh["table_token"])  # the phone scans the new QR
    wait_js(
        phone,
        """async (id) => {
             const store = await import('/js/store.js');
             const game = await store.getGame(id);
             return !game.conflict && game.hands.every((x) => x.sync === 'synced');
           }""",
        game_id,
        timeout=ms(20),
    )
    stored = api(base_url, "GET", f"/api/games/{game_id}", fresh["table_token"])
    assert [h["hand_no"] for h in stored["hands"]] == [1, 2]
    assert phone.locator("#match-over").count() == 0
