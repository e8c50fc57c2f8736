"""A table's phone at a match's end: an event, the table opened, a hand scored, parked."""

from helpers.browser import wait_js
from helpers.director_screens import OUTBOX_EMPTY, start_event
from helpers.waits import ms


def event(base_url, **settings):
    """A started 4-team event (Ann & Bo, Cy & Di, Ed & Flo, Gus & Hal); returns (event id,
    director token, the start's view, its table tokens)."""
    teams = [["Ann", "Bo"], ["Cy", "Di"], ["Ed", "Flo"], ["Gus", "Hal"]]
    settings = {"tables": 4, **settings}
    made, started = start_event(base_url, [(" & ".join(p), p) for p in teams], **settings)
    event_id, token = made["id"], made["director_token"]
    return event_id, token, started, started["new_table_tokens"]


def score_a_hand(phone):
    """Ann bids 84 and makes it, from the score sheet."""
    phone.click(".bidder-bar [data-seat='0']")
    phone.click("[data-bid='84']")
    phone.click("[data-count='made']")
    phone.click("#save")
    wait_js(phone, "() => !location.hash.includes('/hand')")


def open_table(phone, event_id, bracket_id, token):
    phone.goto(f"/#/t/{event_id}/{bracket_id}/{token}")
    phone.locator("#play-game").click()
    phone.wait_for_url("**/#/g/*")
    return phone.url.split("#/g/")[1]


def parked(phone, game_id):
    """(outbox ops of the game, its hands' sync marks) once the hand is parked."""
    wait_js(phone, OUTBOX_EMPTY, timeout=ms(20))
    return phone.evaluate(
        """async (id) => {
             const store = await import('/js/store.js');
             const game = await store.getGame(id);
             const ops = (await store.outboxAll()).filter((op) => op.game_id === id);
             return [ops.length, game.hands.map((x) => x.sync)];
           }""",
        game_id,
    )
