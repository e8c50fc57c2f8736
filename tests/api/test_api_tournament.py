"""Tournaments through the API (docs/tournaments.md): a whole 8-team single
elimination played hand by hand through table tokens (round 1 first to 3, later rounds first
to 2, Timpson's flyer), with a forfeit and a director's correction; a double elimination and a
round robin into a championship through to their standings; and what is refused."""

from helpers.eventtest import Director


def seeds(view):
    """{seed: team id} of a started event."""
    return {t["seed"]: t["id"] for t in view["teams"] if t["seed"] is not None}


def test_eight_team_single_elimination_played_through_the_hands_api(client):
    director = Director(client)
    director.check_in_all()
    view = director.start()
    seed = seeds(view)
    assert seed == {n: director.team_ids()[f"Team {n}"] for n in range(1, 9)}  # as listed
    # Standard seeding 1v8, 4v5, 2v7, 3v6, each at its own table, first to 3 in round 1.
    first = {m["id"]: m for m in view["matches"] if m["round"] == 1}
    assert [first[f"W1.{i}"]["teams"] for i in range(1, 5)] == [
        [seed[1], seed[8]],
        [seed[4], seed[5]],
        [seed[2], seed[7]],
        [seed[3], seed[6]],
    ]
    assert [first[f"W1.{i}"]["table"] for i in range(1, 5)] == [1, 2, 3, 4]
    assert {m["first_to"] for m in first.values()} == {3}
    assert sorted(view["new_table_tokens"]) == ["W1.1", "W1.2", "W1.3", "W1.4"]

    director.table("W1.1").play(0, 1, 0, 0)  # seed 1 wins 3-1
    # Forfeit: seed 5 gives its match away (the director records it, with the time).
    view = director.keep(director.post("/matches/W1.2/forfeit", {"team": seed[5]}).json)
    assert director.match(view, "W1.2")["winner"] == seed[4]
    assert director.match(view, "W1.2")["how"] == "forfeit"
    assert view["records"][0]["kind"] == "forfeit" and view["records"][0]["at"].endswith("Z")
    director.table("W1.3").play(1, 1, 1)  # seed 7 beats seed 2, 3-0
    director.table("W1.4").play(0, 1, 1, 0, 0)  # seed 3 beats seed 6, 3-2

    view = director.view()  # round 2 was called to the freed tables, first to 2
    w21, w22 = director.match(view, "W2.1"), director.match(view, "W2.2")
    assert (w21["teams"], w22["teams"]) == ([seed[1], seed[4]], [seed[7], seed[3]])
    assert w21["first_to"] == w22["first_to"] == 2
    assert w21["status"] == w22["status"] == "playing"
    assert director.match(view, "W1.4")["score"] == [3, 2]

    # Correction: the sheet of W1.4 was wrong, seed 6 won it. W2.2 has no hand yet, so it is
    # called again with seed 6 in place of seed 3.
    view = director.keep(director.post("/matches/W1.4/correction", {"winner": seed[6]}).json)
    assert director.match(view, "W1.4")["winner"] == seed[6]
    assert director.match(view, "W1.4")["how"] == "correction"
    assert director.match(view, "W2.2")["teams"] == [seed[7], seed[6]]
    director.tables.pop("W2.2", None)  # the old call's token went with it

    director.table("W2.1").play(1, 1)  # seed 4 beats seed 1, 2-0: no third game
    phone = director.table("W2.1")
    assert phone.view()["next_game_no"] is None and phone.view()["match"]["decided"]
    # W1.1 can no longer change: W2.1 was played with its winner.
    refused = director.post("/matches/W1.1/correction", {"winner": seed[8]}, status=409).json
    assert refused["rule_code"] == "RESULT_LOCKED" and refused["locked"] == ["W2.1"]
    assert "W2.1" in refused["message"]
    director.table("W2.2").play(0, 1, 0)  # seed 7 beats seed 6, 2-1

    director.view()
    director.table("W3.1").play(1, 0, 1)  # the final: seed 7 beats seed 4, 2-1
    view = director.view()
    assert view["finished"] and view["champion"] == seed[7]
    assert [(s["place"], s["team"]) for s in view["standings"]] == [
        (1, seed[7]),
        (2, seed[4]),
        (3, seed[1]),
        (3, seed[6]),
        (5, seed[2]),
        (5, seed[3]),
        (5, seed[5]),
        (5, seed[8]),
    ]
    assert view["paths"][str(seed[7])] == [
        {"match": "W1.3", "opponent": seed[2], "won": True, "forfeit": False},
        {"match": "W2.2", "opponent": seed[6], "won": True, "forfeit": False},
        {"match": "W3.1", "opponent": seed[4], "won": True, "forfeit": False},
    ]
    assert view["paths"][str(seed[5])] == [
        {"match": "W1.2", "opponent": seed[4], "won": False, "forfeit": True}
    ]
    assert director.match(view, "W3.1")["score"] == [1, 2]
    public = client.get(f"/api/e/{director.public}").json
    assert public["standings"] == view["standings"] and "records" not in public


def play_out(director, decide):
    """Until the event is over: read the director view (calling what is callable), and let
    `decide(director, match)` settle every match being played at a table."""
    for _ in range(100):
        view = director.view()
        if view["finished"]:
            return view
        for match in view["matches"]:
            if match["status"] == "playing":
                decide(director, match)
    raise AssertionError("the event never finished")


def better_seed_wins(seed_of, upsets=()):
    """A decide(): the better seed wins each match by a forfeit of the other,
    except matches in `upsets`, which the worse seed wins at the table, hand by hand."""

    def decide(director, match):
        a, b = match["teams"]
        best, worst = sorted((a, b), key=seed_of.get)
        if match["id"] in upsets:
            director.table(match["id"]).play(match["teams"].index(worst))
        else:
            director.post(f"/matches/{match['id']}/forfeit", {"team": worst})

    return decide


def test_double_elimination_with_a_true_final_through_to_standings(client):
    """Double elimination with a true final: the losers'-bracket team wins the
    first grand final at the table, so the second is played; forfeits settle the rest."""
    director = Director(
        client, teams=4, format="double-elimination", first_to=[1], tables=2, no_show_minutes=0
    )
    director.check_in_all()
    seed = seeds(director.start())
    seed_of = {team: n for n, team in seed.items()}
    view = play_out(director, better_seed_wins(seed_of, upsets={"G1"}))
    assert [m["id"] for m in view["matches"]] == [
        "W1.1",
        "W1.2",
        "L1.1",
        "W2.1",
        "L2.1",
        "G1",
        "G2",
    ]
    g1, g2 = view["matches"][5], view["matches"][6]
    assert (g1["teams"], g1["winner"], g1["how"]) == ([seed[1], seed[2]], seed[2], "games")
    assert g1["score"] == [0, 1] and g2["status"] == "played" and g2["winner"] == seed[1]
    assert [(s["place"], s["team"]) for s in view["standings"]] == [
        (1, seed[1]),
        (2, seed[2]),
        (3, seed[3]),
        (4, seed[4]),
    ]
    assert [r["match"] for r in view["records"]] == ["W1.1", "W1.2", "L1.1", "W2.1", "L2.1", "G2"]
    assert [step["match"] for step in view["paths"][str(seed[2])]] == [
        "W1.2",
        "W2.1",
        "L2.1",
        "G1",
        "G2",
    ]


def test_round_robin_into_a_championship_through_to_standings(client):
    """Round robin, then the top two play the championship; two tables for six
    round-robin matches: the rest wait, each with an estimated start."""
    director = Director(
        client,
        teams=4,
        format="round-robin-playoff",
        advance=2,
        first_to=[1],
        tables=2,
        no_show_minutes=0,
        minutes_per_game=20,
    )
    director.check_in_all()
    view = director.start()
    seed = seeds(view)
    waiting = [m for m in view["matches"] if m["status"] == "waiting-for-table"]
    playing = [m for m in view["matches"] if m["status"] == "playing"]
    assert len(playing) == 2 and len(waiting) == 4 and all(m["est_start"] for m in waiting)
    assert {t["next"] for t in view["table_plan"]} == {waiting[0]["id"], waiting[1]["id"]}
    seed_of = {team: n for n, team in seed.items()}
    view = play_out(director, better_seed_wins(seed_of, upsets={"P1.1"}))
    final = view["matches"][-1]
    assert (final["id"], final["teams"], final["winner"]) == ("P1.1", [seed[1], seed[2]], seed[2])
    assert [(s["place"], s["team"]) for s in view["standings"]] == [
        (1, seed[2]),
        (2, seed[1]),
        (3, seed[3]),
        (4, seed[4]),
    ]
    assert view["standings"][2]["how"] == "1 of 3 round-robin matches won"


def test_a_no_show_is_eliminated_in_double_elimination_too(client):
    """Timpson's flyer: "a team more than 5 minutes late is eliminated". In double
    elimination the no-show team does not drop into the losers' bracket to play on: it gives
    away its losers'-bracket match too, and finishes last."""
    director = Director(
        client, teams=4, format="double-elimination", first_to=[1], tables=2, no_show_minutes=0
    )
    director.check_in_all()
    seed = seeds(director.start())
    view = director.keep(
        director.post("/matches/W1.1/forfeit", {"team": seed[4], "reason": "no-show"}).json
    )
    l11 = director.match(view, "L1.1")
    assert l11["teams"][0] == seed[4]
    director.table("W1.2").play(1)  # seed 3 beats seed 2: seed 2 meets the no-show team
    view = director.view()
    l11 = director.match(view, "L1.1")
    assert (l11["teams"], l11["winner"], l11["how"]) == ([seed[4], seed[2]], seed[2], "no-show")
    assert l11["table"] is None  # never called to a table
    seed_of = {team: n for n, team in seed.items()}
    view = play_out(director, better_seed_wins(seed_of))
    assert view["standings"][-1] == {"place": 4, "team": seed[4], "how": "out in losers' round 1"}
    assert [s["match"] for s in view["paths"][str(seed[4])]] == ["W1.1", "L1.1"]
    assert all(not s["won"] and s["forfeit"] for s in view["paths"][str(seed[4])])
