"""Corrections and forfeits said in words ("A corrected result looks wrong on the board:
the winner ticked with 0 games against 3, nothing saying 'corrected by the director'; a
forfeit shows 0-0 with a small tag"; docs/tournaments.md "The views"): the public JSON says
each decided match's result in words, the board shows the director's word in place of the
games, and a game's share page says the match was settled."""

import re

from helpers.eventtest import Director

from api.store.db import flask_db
from api.store.games import Game


def box(board_html, bracket_id):
    """The board's match box of `bracket_id`, its tags stripped."""
    found = re.search(rf'data-match="{re.escape(bracket_id)}">(.*?)</li>', board_html, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def started(client):
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    view = director.start()
    return director, {t["name"]: t["id"] for t in view["teams"]}


def test_a_forfeit_is_said_in_words_not_nil_all(client):
    """Team 4 forfeits W1.1 (Team 1 v Team 4): the public view says "Team 4 forfeited" and
    "Team 1 won: Team 4 forfeited"; the board's box says "won by forfeit" under the names, with
    no 0–0 beside them."""
    director, ids = started(client)
    director.post("/matches/W1.1/forfeit", {"team": ids["Team 4"], "reason": "forfeit"})
    public = client.get(f"/api/e/{director.public}").json
    match = director.match(public, "W1.1")
    assert (match["said"], match["result"]) == ("Team 4 forfeited", "Team 1 won: Team 4 forfeited")
    words = box(client.get(f"/b/{director.public}").text, "W1.1")
    assert words.startswith("W1.1") and "Team 1 Team 4 won by forfeit" in words, words
    assert not re.search(r"\b0\b", words), words  # no games count for a forfeit


def test_a_correction_is_said_and_the_games_are_not_shown_against_the_winner(client, app):
    """Team 1 wins W1.1's games 2–0, then the director corrects it to Team 4: the public
    view says "Team 4 won: corrected by the director", the board says "corrected by the
    director" without 0 games to 2 beside the ticked winner, and the game's share page and
    share JSON carry the director's word."""
    director, ids = started(client)
    director.table("W1.1").play(0, 0)
    decided = director.match(client.get(f"/api/e/{director.public}").json, "W1.1")
    assert (decided["said"], decided["result"]) == (None, "Team 1 won 2–0")
    director.post("/matches/W1.1/correction", {"winner": ids["Team 4"]})
    match = director.match(client.get(f"/api/e/{director.public}").json, "W1.1")
    assert match["said"] == "corrected by the director"
    assert match["result"] == "Team 4 won: corrected by the director"
    words = box(client.get(f"/b/{director.public}").text, "W1.1")
    assert "corrected by the director" in words and not re.search(r"\b[02]\b", words), words
    with app.app_context(), flask_db.database.connection_context():
        share = Game.select().where(Game.match_id == match["match_id"]).first().share_token
    line = "Corrected by the director: Team 4 won the match."
    assert client.get(f"/api/share/{share}").json["match"]["settled"] == line
    assert line in client.get(f"/s/{share}").text


def test_a_match_its_games_decided_says_no_director_word(client, app):
    """A result the games made is no director's word: `said` null, the share JSON's
    `settled` null, and the match line the games' score."""
    director, _ids = started(client)
    director.table("W1.2").play(1, 1)
    match = director.match(client.get(f"/api/e/{director.public}").json, "W1.2")
    assert match["said"] is None and match["result"] == "Team 3 won 2–0"
    with app.app_context(), flask_db.database.connection_context():
        share = Game.select().where(Game.match_id == match["match_id"]).first().share_token
    assert client.get(f"/api/share/{share}").json["match"]["settled"] is None
    assert "took the match 2–0" in client.get(f"/s/{share}").text
