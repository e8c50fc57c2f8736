"""A party two rounds in, for its export and import."""

from api.parties import director as party_director
from helpers.parties import HANDS, PLAYERS, FixedDraw, auth, hand, make_party


def two_rounds_in(client, monkeypatch):
    """The 12-player party of 4 rounds of 2 hands, rounds 1 and 2 played through the tables'
    links and round 3 started: (its url, the director's auth, the director's view)."""
    monkeypatch.setattr(party_director, "_DRAW", FixedDraw())
    created = make_party(client, hands_per_round=2, players=PLAYERS)
    url, boss = f"/api/parties/{created['id']}", auth(created["director_token"])
    links = client.post(f"{url}/start", headers=boss).json["table_links"]
    for number in (1, 2):
        for table in (1, 2, 3):
            token = links[str(table)]
            game = client.get(f"{url}/tables/{table}", headers=auth(token)).json["game"]
            for hand_no, side in enumerate(HANDS[(number, table)], 1):
                hand(client, game["id"], token, hand_no, side)
        client.post_json(f"{url}/rounds", {"round": number + 1}, headers=boss)
    return url, boss, client.get(url, headers=boss).json
