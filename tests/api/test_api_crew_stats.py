"""Golden crew statistics written by hand, checked through the API.

The crew: Ann (seat 1), Bob (seat 2), Cy (seat 3), Di (seat 4); Ann and Cy are one side,
Bob and Di the other. Every number below was worked out by hand from the hands listed
(docs/crews.md defines each statistic):

Game 1, straight-42, after hand 2 is edited (Bob's 35 first entered as set on 20, then
corrected to made on 40):
  1 d1 Ann 30 on 35 made (1-0)   2 d2 Bob 35 on 40 made (1-1)   3 d3 Cy 84 (2 marks) made (3-1)
  4 d4 Di 31 on 31 made, Ann+Cy expose a domino (3-2)   5 d1 Ann 42 (1 mark) made (4-2)
  6 d2 Bob forced (pass, pass, pass, 30) on 20: set (5-2)   7 d3 Cy 30 on 35 made (6-2)
  8 d4 Ann 36 on 36 made (7-2): Ann and Cy win.
Game 2, straight-42 carried over from paper at 5 to 6: 1 d1 Bob 30 on 35 made: Bob and Di win
  7-5, one mark for them this game (the carried-over 11 marks are not "for" anybody).
Game 3, a casual game outside the crew: never counted.
Game 4, straight-42, seat 4 empty, still being played: 1 d1 Cy 30 on 25: set.
Game 5, wikipedia-42: 1 d1 Ann (the dealer) nel-o, no trick taken: made (1-0), in play.
"""

import pytest
from helpers.apitest import made
from helpers.crews import ANN, BOB, CY, DI, NAMES, by_name, golden_crew

from api.schemas.crews import CrewStatsOut


@pytest.fixture
def crew(client):
    """The golden crew with its five games played (game 1's hand 2 edited midway)."""
    return golden_crew(client)


def pair(stats, *names):
    """The partnership of these players."""
    return next(p for p in stats["partnerships"] if sorted(p["names"]) == sorted(names))


def level(bids, made_):
    """A bids/made line."""
    return {"bids": bids, "made": made_, "made_pct": round(100 * made_ / bids, 1) if bids else None}


def test_an_edited_past_hand_counts_as_edited(crew):
    """Required: "Correct when a past hand is edited"."""
    before = by_name(crew.before_edit)[BOB]
    assert (before["bids"], before["made"], before["sets_suffered"]) == (1, 0, 1)
    assert by_name(crew.before_edit)[ANN]["sets_dealt"] == 1
    after = by_name(crew.stats(ruleset="straight-42").json)
    assert (after[BOB]["bids"], after[BOB]["sets_suffered"]) == (3, 1)  # only the forced 30
    assert after[BOB]["by_level"]["35-41"] == level(1, 1)


def test_players_golden(crew):
    """Games and win %, marks for and against, bids and made % by level and by
    contract, sets suffered and dealt, forced bids, penalties, streaks (straight-42 only)."""
    stats = crew.stats(ruleset="straight-42").json
    assert stats["games"] == 3  # games 1, 2 and 4 (the casual game and game 5 are not)
    players = by_name(stats)
    ann, bob, cy, di = (players[n] for n in NAMES)
    assert (ann["games"], ann["wins"], ann["losses"], ann["win_pct"]) == (2, 1, 1, 50.0)
    assert (bob["games"], bob["wins"], bob["win_pct"]) == (2, 1, 50.0)
    assert (ann["marks_for"], ann["marks_against"]) == (7 + 0 + 0, 2 + 1 + 1)
    assert (bob["marks_for"], bob["marks_against"]) == (2 + 1 + 1, 7 + 0 + 0)
    assert (di["marks_for"], di["marks_against"]) == (3, 7)  # game 4: Di did not sit
    assert (ann["bids"], ann["made"], ann["made_pct"]) == (3, 3, 100.0)
    assert ann["by_level"] == {
        "30-34": level(1, 1),
        "35-41": level(1, 1),
        "1 mark": level(1, 1),
        "2+ marks": level(0, 0),
    }
    assert bob["by_level"]["30-34"] == level(2, 1)  # the forced 30 set, game 2's 30 made
    assert (bob["bids"], bob["made"], bob["made_pct"]) == (3, 2, 66.7)
    assert bob["forced"] == level(1, 0)
    assert ann["forced"] == level(0, 0)
    assert cy["by_level"]["2+ marks"] == level(1, 1)
    assert (cy["bids"], cy["made"], cy["sets_suffered"]) == (3, 2, 1)  # game 4's set
    # a player's sets are their side's while they sat: Cy's set in game 4 is Ann's too
    assert (ann["sets_suffered"], ann["sets_dealt"]) == (1, 1)
    assert (bob["sets_suffered"], bob["sets_dealt"]) == (1, 1)  # dealt: Cy's set in game 4
    assert (di["sets_suffered"], di["sets_dealt"]) == (1, 0)  # Bob's forced 30
    assert (di["bids"], di["made"]) == (1, 1)
    assert ann["penalties"] == {"renege": 0, "table_talk": 0, "exposed_domino": 1}
    assert bob["penalties"]["exposed_domino"] == 0
    assert ann["by_contract"]["plain"] == level(3, 3)
    assert (ann["hands"], bob["hands"], di["hands"]) == (8 + 1 + 1, 10, 9)
    assert ann["streaks"] == {"longest_win": 1, "current": {"result": "lost", "length": 1}}
    assert bob["streaks"] == {"longest_win": 1, "current": {"result": "won", "length": 1}}


def test_partnerships_head_to_head_and_crew_golden(crew):
    """Partnerships, head-to-head between partnerships, crew totals."""
    stats = crew.stats(ruleset="straight-42").json
    ann_cy, bob_di = pair(stats, ANN, CY), pair(stats, BOB, DI)
    assert (ann_cy["games"], ann_cy["wins"], ann_cy["bids"], ann_cy["made"]) == (2, 1, 6, 5)
    assert (ann_cy["sets_suffered"], ann_cy["sets_dealt"]) == (1, 1)
    assert (ann_cy["marks_for"], ann_cy["marks_against"]) == (7, 4)
    assert (bob_di["games"], bob_di["bids"], bob_di["made"], bob_di["forced"]) == (
        2,
        4,
        3,
        level(1, 0),
    )
    assert (bob_di["marks_for"], bob_di["marks_against"]) == (3, 7)
    assert len(stats["partnerships"]) == 2  # game 4's Bob has no whole side
    [h2h] = stats["head_to_head"]
    wins = {
        tuple(sorted(h2h["a_names"])): h2h["a_wins"],
        tuple(sorted(h2h["b_names"])): h2h["b_wins"],
    }
    assert (h2h["games"], h2h["ties"]) == (2, 0)
    assert wins == {(ANN, CY): 1, (BOB, DI): 1}
    team = stats["crew"]
    assert (team["games"], team["hands"], team["bids"], team["made"]) == (2, 10, 10, 8)
    assert (team["sets_suffered"], team["forced"]) == (2, level(1, 0))
    assert team["penalties"]["exposed_domino"] == 1


def test_contracts_and_ruleset_filter(crew):
    """By contract (nel-o) and "filter by ruleset". The route writes the service's
    answer without the schema's dump (it took ~65 % of a 2,000-game read after a change), so
    the answer must already be the schema's shape: dumping it changes nothing."""
    stats = crew.stats(ruleset="wikipedia-42").json
    assert stats["games"] == 1
    ann = by_name(stats)[ANN]
    assert ann["by_contract"]["nello"] == level(1, 1)
    assert ann["by_level"]["1 mark"] == level(1, 1)
    assert (ann["marks_for"], ann["games"]) == (1, 0)  # in play: no game counted yet
    everything = crew.stats().json
    assert everything["games"] == 4
    assert by_name(everything)[ANN]["bids"] == 4
    assert everything["head_to_head"]
    for body in (stats, everything):
        assert body["players"]
        assert CrewStatsOut().dump(body) == body
        assert CrewStatsOut().validate(body) == {}


def test_date_filter(crew):
    """Required: "filter by ... date range" (days in UTC, both ends included)."""
    import datetime

    today = datetime.datetime.now(datetime.UTC).date()
    day = datetime.timedelta(days=1)
    assert crew.stats(**{"from": str(today), "to": str(today)}).json["games"] == 4
    assert crew.stats(**{"from": str(today + day)}).json["games"] == 0
    assert crew.stats(to=str(today - day)).json["players"] == []
    refused = crew.stats(status=422, **{"from": str(today), "to": str(today - day)}).json
    assert refused["rule_code"] == "BAD_DATES" and str(today) in refused["message"]


def test_stats_etag_moves_with_a_rename_a_reseat_and_a_hand(client, crew):
    """With ETags: 304 while nothing changed; renaming a player, changing who
    sat where (the game's edit token) and a new hand each give new statistics."""
    etag = crew.stats().headers["ETag"]
    again = client.get(
        f"{crew.url}/stats", headers={**crew.auth, "If-None-Match": etag}, status=304
    )
    assert again.body == b""
    client.patch_json(f"{crew.url}/players/{crew.ids[ANN]}", {"name": "Annie"}, headers=crew.auth)
    renamed = client.get(f"{crew.url}/stats", headers={**crew.auth, "If-None-Match": etag})
    assert "Annie" in {p["name"] for p in renamed.json["players"]}
    one, four = crew.tables[0], crew.tables[2]
    seats = [crew.ids[n] for n in (BOB, ANN, CY, DI)]  # Ann and Bob swapped in game 1
    client.put_json(f"/api/games/{one.id}/seats", {"seats": seats}, headers=one.auth)
    swapped = client.get(
        f"{crew.url}/stats",
        {"ruleset": "straight-42"},
        headers={**crew.auth, "If-None-Match": renamed.headers["ETag"]},
    )
    annie = by_name(swapped.json)["Annie"]
    assert (annie["bids"], annie["forced"]) == (2, level(1, 0))  # seat 2's bids of game 1
    four.hand(2, **made(bidder=3, bid=30, captured=35))
    later = client.get(
        f"{crew.url}/stats", headers={**crew.auth, "If-None-Match": swapped.headers["ETag"]}
    )
    assert later.json["crew"]["hands"] == swapped.json["crew"]["hands"] + 1 + 1  # + game 5
