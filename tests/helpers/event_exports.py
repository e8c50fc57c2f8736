"""A Swiss event two rounds in, the moment its file is exported at."""

from helpers.event_rounds import favourite, play_round, start

MOMENT = ("now", "live_etag", "new_table_tokens", "new_table_links")


def swiss_two_rounds_in(client):
    """A Swiss of 8 teams, 3 rounds into a top-4 championship, two rounds played and the
    third started, through the tables' own links."""
    director, links, _view = start(client, 8, 4, format="swiss", rounds=3, advance=4)
    play_round(director, links, favourite)
    director.post("/rounds/2/start")
    view = play_round(director, links, favourite)
    at_one = next(m for m in view["matches"] if m["id"].startswith("S2.") and m["table"] == 1)
    signed = {"game_id": at_one["games"][0]["id"]}  # the losing team signs at table 1
    client.post_json(f"{director.url}/tables/1/sign-off", signed, headers=links[1].auth)
    director.post("/rounds/3/start")
    return director, director.view()
