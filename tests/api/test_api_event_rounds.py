"""Swiss and drawn-rounds events through the API
(docs/tournaments.md "Swiss and drawn rounds"): each round paired from the results before it,
started by the director once the round before is over, its matches played with real hands
through the tables' own links; the standings (wins, then Buchholz) and the championship of
the cut derived from the hand logs."""

import random

from helpers.event_rounds import favourite, number, play_round, start
from helpers.eventtest import Director

from api.pages.print_bracket import bracket_sheet


def called(view):
    return sorted(m["id"] for m in view["matches"] if m["status"] == "playing")


def test_a_16_team_swiss_of_4_rounds_into_a_top_4_championship(client):
    """Required: "pair teams with equal records, never a rematch"; the director starts each
    round once the one before is in; the top 4 (wins, then Buchholz) play it off."""
    director, links, view = start(client, 16, 8, format="swiss", rounds=4, advance=4)
    names = {t["id"]: t["name"] for t in view["teams"]}
    pairs = {m["id"]: [names[t] for t in m["teams"]] for m in view["matches"]}
    assert pairs["S1.1"] == ["Team 1", "Team 9"] and pairs["S1.8"] == ["Team 8", "Team 16"]
    assert view["round"]["title"] == "Round 1 of 4" and view["round"]["to_start"] is None
    assert sorted(view["new_table_tokens"]) == [f"S1.{n}" for n in range(1, 9)]
    refused = director.post("/rounds/2/start", status=409).json
    assert refused["rule_code"] == "NOT_FINISHED"
    assert refused["message"] == "Round 2 cannot start yet: round 1 is still being played"
    assert director.post("/rounds/1/start", status=409).json["rule_code"] == "ROUND_STARTED"
    gone = director.post("/rounds/6/start", status=404).json["message"]
    assert gone == "there is no round 6 in Timpson 42: it plays 4 rounds and a championship"
    for stage in range(2, 6):
        view = play_round(director, links, favourite)
        assert called(view) == [] and view["round"]["to_start"] == stage
        paired = [m for m in view["matches"] if m["status"] == "paired"]
        assert paired and {m["id"] for m in paired} <= set(view["round"]["pairings"])
        words = "Start the championship" if stage == 5 else f"Start round {stage}"
        assert view["round"]["start_words"] == words
        if stage == 3:
            refused = director.post("/rounds/4/start", status=409).json
            assert refused["message"] == "Round 3 starts first"
        started = director.keep(director.post(f"/rounds/{stage}/start").json)
        assert sorted(started["new_table_tokens"]) == called(started)
        assert called(started) == sorted(started["round"]["pairings"])[: len(called(started))]
    rounds = {m["id"]: [names.get(t) for t in m["teams"]] for m in started["matches"]}
    assert rounds["S4.1"] == ["Team 1", "Team 16"] and rounds["S3.2"] == ["Team 2", "Team 16"]
    table = [(names[s["team"]], s["wins"], s["buchholz"]) for s in started["round"]["standings"]]
    assert table[:5] == [
        ("Team 16", 4, 11),
        ("Team 1", 3, 11),
        ("Team 2", 3, 10),
        ("Team 4", 3, 9),
        ("Team 3", 3, 8),
    ]
    assert started["round"]["title"] == "Championship" and started["standings"] is None
    semis = [(m["name"], rounds[m["id"]]) for m in started["matches"] if m["bracket"] == "W"][:2]
    assert semis == [("Semifinal 1", ["Team 16", "Team 4"]), ("Semifinal 2", ["Team 1", "Team 2"])]
    while not view["finished"]:
        view = play_round(director, links, favourite)
    final = [(s["place"], names[s["team"]], s["how"]) for s in view["standings"]]
    assert final[:6] == [
        (1, "Team 16", "champion"),
        (2, "Team 1", "lost the final"),
        (3, "Team 2", "out in round 1"),
        (3, "Team 4", "out in round 1"),
        (5, "Team 3", "3 wins, Buchholz 8"),
        (6, "Team 5", "2 wins, Buchholz 9"),
    ]
    assert final[-1] == (16, "Team 15", "0 wins, Buchholz 5")
    assert names[view["champion"]] == "Team 16"
    public = client.get(f"/api/e/{director.public}").json
    assert public["champion"] == view["champion"] and public["round"] == view["round"]


def test_a_10_team_drawn_event_of_3_rounds(client, monkeypatch):
    """Hearne's drawn rounds: the draw's seed is drawn by the server at the start
    and kept with the settings, so every read pairs the same; winners meet winners."""
    from api.events import director as director_module

    monkeypatch.setattr(director_module, "_DRAW", random.Random(42))
    director, links, view = start(client, 10, 5, format="drawn", rounds=3)
    names = {t["id"]: t["name"] for t in view["teams"]}
    lower = lambda pair: 0 if number(pair[0]) < number(pair[1]) else 1  # noqa: E731
    for stage in (2, 3):
        view = play_round(director, links, lower)
        won = {m["winner"] for m in view["matches"] if m["round"] == stage - 1}
        drawn = [m for m in view["matches"] if m["round"] == stage]
        assert {m["status"] for m in drawn} == {"paired"}
        across = [m["id"] for m in drawn if (m["teams"][0] in won) != (m["teams"][1] in won)]
        assert len(across) == 1  # 5 winners: the odd boxes meet once, the rest within a box
        assert view["round"]["to_start"] == stage
        # a read draws nothing new: two reads agree on everything but the server's clock
        twice = [{**director.view(), "now": None} for _ in range(2)]
        assert twice[0] == twice[1]
        director.keep(director.post(f"/rounds/{stage}/start").json)
    view = play_round(director, links, lower)
    assert view["finished"] and view["round"]["to_start"] is None
    rounds = [[names[t] for t in m["teams"]] for m in view["matches"]]
    assert rounds == [  # round 1 from one box; 2 and 3: winners', then across, losers'
        *(["Team 7", "Team 5"], ["Team 8", "Team 9"], ["Team 1", "Team 6"]),
        *(["Team 4", "Team 2"], ["Team 10", "Team 3"]),
        *(["Team 1", "Team 2"], ["Team 3", "Team 5"], ["Team 8", "Team 6"]),
        *(["Team 4", "Team 9"], ["Team 7", "Team 10"]),
        *(["Team 3", "Team 1"], ["Team 6", "Team 7"], ["Team 4", "Team 8"]),
        *(["Team 5", "Team 2"], ["Team 9", "Team 10"]),
    ]
    final = [(s["place"], names[s["team"]], s["how"]) for s in view["standings"]]
    assert final == [  # wins, then Buchholz (Team 1 beat 6, 2 and 3: 2 + 2 + 2), then seed
        (1, "Team 1", "3 wins, Buchholz 6"),
        (2, "Team 2", "2 wins, Buchholz 6"),
        (3, "Team 6", "2 wins, Buchholz 5"),
        (4, "Team 3", "2 wins, Buchholz 4"),
        (5, "Team 4", "2 wins, Buchholz 4"),
        (6, "Team 5", "1 win, Buchholz 5"),
        (7, "Team 8", "1 win, Buchholz 5"),
        (8, "Team 7", "1 win, Buchholz 3"),
        (9, "Team 9", "1 win, Buchholz 3"),
        (10, "Team 10", "0 wins, Buchholz 4"),
    ]
    assert names[view["champion"]] == "Team 1"
    for page in ("/b/{}", "/p/{}/bracket", "/p/{}/results", "/api/e/{}/results.csv"):
        assert client.get(page.format(director.public)).status_int == 200


def test_the_engines_round_limit_refuses_the_start_and_rounds_start_only_in_rounds(client):
    """The engine's own limit (a Swiss plays at most half as many rounds as it has teams,
    docs/tournaments.md) refuses the start in its words, and nothing is stored; an event
    not played in rounds has no round to start (the settings' checks: test_api_event_rules)."""
    director = Director(client, teams=6, format="swiss", rounds=4, advance=2)
    director.check_in_all()
    refused = director.post("/start", status=422).json
    assert refused["message"] == "the number of rounds must be a whole number from 1 to 3, not 4"
    assert director.view()["started_at"] is None
    other = Director(client, teams=4, first_to=[1], tables=2)
    other.check_in_all()
    other.start()
    assert other.post("/rounds/2/start", status=409).json["rule_code"] == "NO_ROUNDS"


def test_the_board_says_the_round_and_shows_its_pairings(client):
    """The board says "Round 2 of 2" and lists the rounds' pairings
    (round 2 drawn up, before the director starts it); the phone page says when a team
    plays next."""
    director, links, view = start(client, 4, 2, format="swiss", rounds=2)
    names = {t["id"]: t["name"] for t in view["teams"]}
    view = play_round(director, links, lambda pair: 0)
    board = client.get(f"/b/{director.public}").text
    assert "Swiss · 4 teams · one game a match · Round 1 of 2" in board
    assert "Swiss rounds" in board and board.count("drawn up") == 2
    pair = next(m for m in view["matches"] if m["id"] == "S2.1")
    first, second = (names[t] for t in pair["teams"])
    phone = client.get(f"/b/{director.public}/phone").text
    assert f"Next: Round 2, match 1 v {second}, once the round starts" in phone
    assert f"Next: Round 2, match 1 v {first}, once the round starts" in phone
    director.post("/rounds/2/start")
    board = client.get(f"/b/{director.public}").text
    assert "Round 2 of 2" in board and "drawn up" not in board


def test_a_correction_pairs_the_next_round_again_until_it_is_under_way(client):
    """docs/tournaments.md "Swiss and drawn rounds": a result may be corrected until a match
    of a later round, paired from it, is played; round 2 started with no hand played is
    paired and called again; once a hand is in, the correction is refused (RESULT_LOCKED).
    A no-show (Timpson: a team more than 5 minutes late is out) gives its later matches away
    as their round starts."""
    director, links, view = start(client, 8, 4, format="swiss", rounds=3, no_show_minutes=0)
    names = {t["id"]: t["name"] for t in view["teams"]}
    ids = {name: tid for tid, name in names.items()}
    view = play_round(director, links, lambda pair: 0)  # Teams 1-4 win round 1
    started = director.keep(director.post("/rounds/2/start").json)
    before = {m["id"]: [names[t] for t in m["teams"]] for m in started["matches"]}
    assert before["S2.1"] == ["Team 1", "Team 3"]
    fixed = director.post("/matches/S1.1/correction", {"winner": ids["Team 5"]}).json
    after = {m["id"]: [names[t] for t in m["teams"]] for m in fixed["matches"]}
    assert after["S2.1"] == ["Team 2", "Team 4"] and after["S2.2"] == ["Team 3", "Team 5"]
    playing = {m["id"]: m["teams"] for m in fixed["matches"] if m["status"] == "playing"}
    assert sorted(playing) == ["S2.1", "S2.2", "S2.3", "S2.4"] and not fixed["stale"]
    first = links[1].read()["match"]
    links[1].hand(first["current_game"], 1, 0)
    refused = director.post("/matches/S1.1/correction", {"winner": ids["Team 1"]}, 409).json
    assert refused["rule_code"] == "RESULT_LOCKED" and refused["locked"]
    absent = after["S2.4"][1]
    director.post("/matches/S2.4/forfeit", {"team": ids[absent], "reason": "no-show"})
    view = play_round(director, links, lambda pair: 0)
    assert view["round"]["to_start"] == 3
    started = director.keep(director.post("/rounds/3/start").json)
    given = [m for m in started["matches"] if m["round"] == 3 and ids[absent] in m["teams"]]
    assert [(m["status"], m["how"]) for m in given] == [("played", "no-show")]
    assert given[0]["winner"] != ids[absent] and given[0]["id"] not in started["new_table_tokens"]


def test_a_swiss_championship_final_is_first_to_the_number_after_the_semifinals(client):
    """docs/tournaments.md "Swiss and drawn rounds": the championship's round k is first to
    `first_to[rounds + k - 1]`. first_to [1, 1, 2, 3] and two rounds: the semifinals are
    first to 2 and the final first to 3, played to its third win through the table's link
    (it took the semifinals' 2, and ended at 2-0)."""
    director, links, view = start(
        client, 8, 4, format="swiss", rounds=2, advance=4, first_to=[1, 1, 2, 3]
    )
    for stage in (2, 3):
        play_round(director, links, lambda names: 0)
        view = director.keep(director.post(f"/rounds/{stage}/start").json)
    semis = [m for m in view["matches"] if m["bracket"] == "W" and m["round"] == 1]
    assert [m["first_to"] for m in semis] == [2, 2]
    for _ in range(2):
        view = play_round(director, links, lambda names: 0)
    final = director.match(view, "W2.1")
    link = links[final["table"]]
    assert final["first_to"] == 3 and final["status"] == "playing"
    for wins in (1, 2):
        link.win_game(0)
        view = director.view()
        final = director.match(view, "W2.1")
        assert (final["score"], final["winner"], view["finished"]) == ([wins, 0], None, False)
    link.win_game(0)
    view = director.view()
    final = director.match(view, "W2.1")
    assert final["score"] == [3, 0] and final["winner"] == final["teams"][0] and view["finished"]
    sheet = bracket_sheet(client.get(f"/api/e/{director.public}").json)  # the paper kit's
    cards = [m for s in sheet["sections"] for r in s["rounds"] for m in r["matches"]]
    series = {m["id"]: m["series"] for m in cards}
    assert [series[m] for m in ("S2.1", "W1.2", "W2.1")] == ["one game", "best of 3", "best of 5"]
