"""The largest party the API takes (brackets.progressive PARTY_PLAYERS and PARTY_ROUNDS:
docs/tournaments.md "How a party runs"): its start and a read on a worker that has not
seated it yet each cost under 1.5 s of the worker's CPU, and a bigger one is refused in the
director's words with nothing stored. Seating is what a start and a cold read pay: 256
players over 60 rounds took 4 to 5 s of CPU each, which one anonymous request could make a
worker spend."""

import time

from helpers.parties import auth, count, make_party

from api.store.parties import Party
from brackets import progressive
from brackets.progressive import PARTY_PLAYERS, PARTY_ROUNDS

CPU_SECONDS = 1.5


def cpu(call):
    """(what `call` returned, the CPU seconds this process spent on it)."""
    began = time.process_time()
    out = call()
    return out, time.process_time() - began


def test_the_largest_party_starts_and_is_read_cold_in_under_a_second_and_a_half(client):
    players = [f"Player {n}" for n in range(1, PARTY_PLAYERS + 1)]
    created = make_party(client, rounds=PARTY_ROUNDS, hands_per_round=1, players=players)
    boss, url = auth(created["director_token"]), f"/api/parties/{created['id']}"
    progressive._schedule.cache_clear()  # a worker that never seated it
    started, spent = cpu(lambda: client.post(f"{url}/start", headers=boss))
    assert len(started.json["table_links"]) == PARTY_PLAYERS // 4
    assert spent < CPU_SECONDS, f"the start took {spent:.2f} s of CPU"
    progressive._schedule.cache_clear()  # another worker, or this one after 64 other parties
    read, spent = cpu(lambda: client.get(url, headers=boss))
    assert read.json["rounds"] == PARTY_ROUNDS
    assert progressive._schedule.cache_info().misses == 1  # the read seated all 20 rounds
    assert spent < CPU_SECONDS, f"a cold read took {spent:.2f} s of CPU"


def test_a_party_bigger_than_a_hall_runs_is_refused_in_words(client):
    before = count(Party)
    more = [f"Player {n}" for n in range(1, PARTY_PLAYERS + 2)]
    refused = client.post_json(
        "/api/parties",
        {"name": "Reunion", "ruleset": "straight-42", "rounds": 4, "players": more},
        status=422,
    ).json
    assert refused["rule_code"] == "BAD_TEAMS"
    assert refused["message"] == (
        f"a party seats at most {PARTY_PLAYERS} players ({PARTY_PLAYERS // 4} tables), not "
        f"{PARTY_PLAYERS + 1}: split a bigger crowd into two parties"
    )
    long = client.post_json(
        "/api/parties",
        {"name": "Reunion", "ruleset": "straight-42", "rounds": PARTY_ROUNDS + 1},
        status=422,
    ).json
    assert long["message"] == (
        f"{PARTY_ROUNDS + 1} is not a number of rounds: a party plays 1 to {PARTY_ROUNDS} rounds"
    )
    assert count(Party) == before
