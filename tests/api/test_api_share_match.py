"""The /s/ page of a game of a match ("the match score shows on the sheet, the share
page and the game-over screen"; docs/matches.md): the match score in a player's words, game by
game, who took the match once it is decided, and the score derived from the games' hand logs
when the page is read (an undone hand takes a game's win back)."""

import html as htmllib
import re
import uuid

TEAMS = [{"name": "Rangers", "players": ["Ann", "Bo"]}, {"name": "Aggies", "players": ["Cy", "Di"]}]
TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}


class Match:
    """A best-of-3 straight-42 match made through the API, played with its edit token."""

    def __init__(self, client, **body):
        body = {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2, "teams": TEAMS, **body}
        self.client = client
        created = client.post_json("/api/matches", body, status=201).json
        self.id = created["id"]
        self.auth = {"Authorization": f"Bearer {created['edit_token']}"}
        self.games = [created["game"]["id"]]

    def start(self, game_no):
        game = self.client.post_json(
            f"/api/matches/{self.id}/games", {"game_no": game_no}, headers=self.auth, status=201
        ).json["game"]
        self.games.append(game["id"])

    def win(self, game_no, side):
        """Side `side` bids and makes 2 marks each hand until it wins game `game_no`."""
        game_id = self.games[game_no - 1]
        for hand_no in range(1, 10):
            headers = {**self.auth, "Idempotency-Key": uuid.uuid4().hex}
            result = self.client.post_json(
                f"/api/games/{game_id}/hands",
                {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
                headers=headers,
                status=201,
            ).json["result"]
            if result["game_over"]:
                return hand_no
        raise AssertionError("the game never ended")

    def undo(self, game_no, hand_no):
        game_id = self.games[game_no - 1]
        etag = self.client.get(f"/api/games/{game_id}", headers=self.auth).headers["ETag"]
        self.client.delete(
            f"/api/games/{game_id}/hands/{hand_no}",
            headers={**self.auth, "If-Match": etag},
            status=200,
        )

    def page(self, game_no):
        """(the visible text of the game's /s/ page, its html)."""
        game_id = self.games[game_no - 1]
        token = self.client.get(f"/api/games/{game_id}", headers=self.auth).json["share_token"]
        html = self.client.get(f"/s/{token}").text
        body = html.split("<main>", 1)[1]
        return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", body)).split()), html


def test_a_game_in_progress_shows_the_match_score_and_its_number(client):
    match = Match(client)
    text, html = match.page(1)
    assert "Match, first to 2 games: Rangers 0, Aggies 0. This is game 1." in text
    assert '<p class="match">Match, first to 2 games: Rangers 0, Aggies 0.' in html


def test_a_finished_game_says_the_score_after_it_and_the_decider_who_took_the_match(client):
    """Best of 3 won 2-0 by Aggies: game 1 says 0-1 then, game 2 says the match is theirs;
    every game's page follows the match as it goes on."""
    match = Match(client)
    match.win(1, 1)
    text, _ = match.page(1)
    assert "Aggies won. Aggies reached 7 marks first." in text
    assert "Match, first to 2 games: Rangers 0, Aggies 1. This was game 1." in text
    match.start(2)
    text, _ = match.page(2)
    assert "This is game 2." in text and "won" not in text.split("Hand by hand")[0]
    match.win(2, 1)
    text, html = match.page(2)
    assert "Aggies won the game and the match. Aggies reached 7 marks first." in text
    assert "Aggies took the match 2–0." in text
    assert "took the match 2–0." in html.split('og:description" content="', 1)[1].split('"')[0]
    text, _ = match.page(1)  # game 1 did not decide it, but its page says how it ended
    assert "Aggies won. Aggies" in text and "Aggies took the match 2–0." in text


def test_a_third_game_and_a_match_won_by_the_other_side(client):
    """1-1 after two games; the third decides it for Rangers, 2-1."""
    match = Match(client, first_dealer=1)
    match.win(1, 1)
    match.start(2)
    match.win(2, 0)
    text, _ = match.page(2)
    assert "Match, first to 2 games: Rangers 1, Aggies 1. This was game 2." in text
    match.start(3)
    match.win(3, 0)
    text, _ = match.page(3)
    assert "Rangers won the game and the match." in text
    assert "Rangers took the match 2–1." in text


def test_the_match_score_is_read_from_the_hands_when_the_page_is_read(client):
    """Undo game 2's last hand: the game is no longer won, and the match is 1-0 again."""
    match = Match(client)
    match.win(1, 1)
    match.start(2)
    last = match.win(2, 1)
    match.undo(2, last)
    text, _ = match.page(2)
    assert "Match, first to 2 games: Rangers 0, Aggies 1. This is game 2." in text
    assert "took the match" not in text and "won" not in text.split("Hand by hand")[0]


def test_a_casual_game_has_no_match_line(client):
    created = client.post_json(
        "/api/games", {"ruleset": "straight-42", "teams": TEAMS, "first_dealer": 0}, status=201
    ).json
    html = client.get(f"/s/{created['share_token']}").text
    assert 'class="match"' not in html and "Match," not in html
