"""A started event for the board and print pages: one hand posted, a page's text."""

import html as htmllib
import re
import uuid

from helpers.eventtest import TWO_MARKS, Director


def text_of(html):
    """The page's visible text, tags dropped, one space between words."""
    body = html.split("<body", 1)[1].split(">", 1)[1] if "<body" in html else html
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def one_hand(phone, side):
    """Start the match's next game if due and record one hand: `side` bids and makes 2 marks."""
    view = phone.view()
    game_id = view["current_game"]
    if game_id is None:
        game_id = phone.client.post_json(
            f"/api/matches/{view['match']['id']}/games",
            {"game_no": view["next_game_no"]},
            headers=phone.auth,
            status=201,
        ).json["game"]["id"]
    hand_no = 1 + len(phone.client.get(f"/api/games/{game_id}", headers=phone.auth).json["hands"])
    phone.client.post_json(
        f"/api/games/{game_id}/hands",
        {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
        headers={**phone.auth, "Idempotency-Key": uuid.uuid4().hex},
        status=201,
    )


def started(client, teams, **body):
    director = Director(client, teams=teams, **body)
    director.check_in_all()
    director.start()
    return director
