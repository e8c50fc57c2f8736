"""A table's link in an event (its token and game), and an event started with its links."""

import uuid

from helpers.eventtest import TWO_MARKS, Director


class TableLink:
    """A phone holding table `table`'s own link: it reads the table and plays whatever match
    the table has, with that one token."""

    def __init__(self, director, table, token):
        self.client = director.client
        self.table = table
        self.url = f"/api/events/{director.id}/tables/{table}"
        self.auth = {"Authorization": f"Bearer {token}"}

    def read(self, status=200):
        return self.client.get(self.url, headers=self.auth, status=status).json

    def reaches(self, game_id):
        """True if this link opens game `game_id` (a full read needs an editing token)."""
        got = self.client.get(f"/api/games/{game_id}", headers=self.auth, expect_errors=True)
        assert got.status_int in (200, 403), got
        return got.status_int == 200

    def hand(self, game_id, hand_no, side, status=201):
        headers = {**self.auth, "Idempotency-Key": uuid.uuid4().hex}
        return self.client.post_json(
            f"/api/games/{game_id}/hands",
            {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
            headers=headers,
            status=status,
        )

    def win_game(self, side):
        """Start the table's next game if one is due, then `side` wins it 2 marks a hand
        (docs/rules.md: a game is 7 marks); returns the game's id."""
        match = self.read()["match"]
        game_id = match["current_game"]
        if game_id is None:
            game_id = self.client.post_json(
                f"/api/matches/{match['match']['id']}/games",
                {"game_no": match["next_game_no"]},
                headers=self.auth,
                status=201,
            ).json["game"]["id"]
        for hand_no in range(1, 10):
            if self.hand(game_id, hand_no, side).json["result"]["game_over"]:
                return game_id
        raise AssertionError("the game never ended")


def start(client, **body):
    director = Director(client, **body)
    director.check_in_all()
    director.start()
    links = {
        n: TableLink(director, n, director.links[str(n)]) for n in range(1, body["tables"] + 1)
    }
    return director, links
