"""Random games played through the API (Hypothesis), for the export properties."""

from hypothesis import strategies as st

from helpers.apitest import Table

PRESETS = ("straight-42", "points-250")


VIEW_KEYS = (
    "ruleset",
    "rules",
    "overrides",
    "teams",
    "first_dealer",
    "start_totals",
    "hands",
    "totals",
    "next_dealer",
    "next_hand_no",
    "game_over",
    "winner",
    "set_aside",
)


bids = st.one_of(st.integers(30, 42), st.just({"marks": 2}))


hands = st.lists(st.tuples(st.integers(0, 3), bids, st.integers(0, 42)), min_size=0, max_size=14)


games = st.lists(
    st.tuples(
        st.sampled_from(PRESETS),
        hands,
        st.one_of(st.none(), st.integers(0, 20)),
        st.one_of(st.none(), st.tuples(st.integers(0, 13), bids, st.integers(0, 42))),
    ),
    min_size=1,
    max_size=3,
)


def play(client, preset, log, carried, edit):
    """A game played through the API: hands until the log runs out or the game ends (points
    games use a bid's value in points), one earlier hand edited if `edit` says so."""
    body = {"ruleset": preset}
    if carried is not None and preset == "straight-42":
        body["start_totals"] = [carried % 7, 0]
    table = Table(client, **body)
    for n, (bidder, bid, captured) in enumerate(log, 1):
        result = table.hand(n, bidder=bidder, bid=bid, result={"captured": captured}).json
        if result["result"]["game_over"]:
            break
    count = table.get().json["next_hand_no"] - 1
    if edit is not None and count:
        hand_no = edit[0] % count + 1
        headers = {**table.auth, "If-Match": table.etag()}
        body = {"bidder": edit[0] % 4, "bid": edit[1], "result": {"captured": edit[2]}}
        client.put_json(f"{table.url}/hands/{hand_no}?later=set_aside", body, headers=headers)
    return table
