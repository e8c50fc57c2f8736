"""Export and import cost against the length of a game and the number of games.

In process (Flask's test client, no server), on SQLite and, when TEST_DATABASE_URL is set,
on PostgreSQL: the median time to export a game of 10 and of 400 hands, and to import a file
of 1 and of 50 such games; each beside GET of a bare Flask "hello" in the same run. Read the
ratios: per hand and per game they should stay flat (cost grows with what is moved, never
faster).

    PYTHONPATH=$PWD python3 bench/export [--rounds N]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from flask import Flask  # noqa: E402
from helpers.apitest import TestApp, close_pool, make_app  # noqa: E402

LONG = {
    "target": 100_000,
    "max_hands": None,
}  # a marks game that never ends, to reach the 500-hand cap's range


def game_doc(hands, games=1):
    """An export of `games` games of `hands` hands each (the sides take turns making 30)."""
    log = [
        {"hand_no": n, "hand": {"bidder": (n - 1) % 2, "bid": 30, "result": {"captured": 35}}}
        for n in range(1, hands + 1)
    ]
    entries = [
        {
            "id": str(uuid.uuid4()),
            "ruleset": "straight-42",
            "rules": LONG,
            "teams": [{"name": "Us"}, {"name": "Them"}],
            "first_dealer": 0,
            "hands": log,
        }
        for _ in range(games)
    ]
    return {"format": "tally42-export", "version": 1, "games": entries}


def median_ms(run, rounds):
    """Median wall time of `run()` in milliseconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def hello_ms(rounds):
    """A bare Flask hello through its test client: the same-run baseline."""
    app = Flask("hello")
    app.add_url_rule("/", "hello", lambda: "hello")
    client = app.test_client()
    return median_ms(lambda: client.get("/"), rounds)


def measure(rounds):
    """{figure: ms} for one store."""
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp), IMPORT_MAX_CONTENT_LENGTH=64 * 1024 * 1024)
        client = TestApp(app)
        out = {}
        try:
            for hands in (10, 400):
                doc = game_doc(hands)
                item = client.post_json("/api/import", doc).json["games"][0]
                url = f"/api/games/{item['id']}/export"
                auth = {"Authorization": f"Bearer {item['edit_token']}"}
                game_url = url.removesuffix("/export")
                out[f"GET the game (baseline), {hands} hands"] = median_ms(
                    lambda url=game_url, auth=auth: client.get(url, headers=auth), rounds
                )
                out[f"export json, {hands} hands"] = median_ms(
                    lambda url=url, auth=auth: client.get(url, headers=auth), rounds
                )
                out[f"export csv, {hands} hands"] = median_ms(
                    lambda url=url, auth=auth: client.get(url + "?format=csv", headers=auth), rounds
                )
            for games in (1, 50):
                body = json.dumps(game_doc(10, games)).encode()

                def fresh_import(body=body, games=games):
                    doc = json.loads(body)
                    for entry in doc["games"]:
                        entry["id"] = str(uuid.uuid4())
                    client.post_json("/api/import", doc, status=201)

                out[f"import, {games} games of 10 hands"] = median_ms(fresh_import, rounds)
            doc = game_doc(10, 50)
            client.post_json("/api/import", doc, status=201)
            out["import again (unchanged), 50 games"] = median_ms(
                lambda: client.post_json("/api/import", doc, status=200), rounds
            )
        finally:
            close_pool(app)
    return out


def main():
    """Print each store's figures beside the hello baseline, and the ratios that matter."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=9)
    rounds = parser.parse_args().rounds
    store = "postgresql" if os.environ.get("TEST_DATABASE_URL") else "sqlite"
    hello = hello_ms(rounds * 20)
    figures = measure(rounds)
    print(f"store: {store}; bare Flask hello {hello:.3f} ms (test client)")
    for name, ms in figures.items():
        print(f"  {name:42s} {ms:8.2f} ms  {ms / hello:8.0f} x hello")
    for kind in ("json", "csv"):
        per = figures[f"export {kind}, 400 hands"] / figures[f"export {kind}, 10 hands"]
        print(f"  export {kind}: 400 hands / 10 hands = {per:.1f} (40x the hands)")
    for hands in (10, 400):
        ratio = (
            figures[f"export json, {hands} hands"]
            / figures[f"GET the game (baseline), {hands} hands"]
        )
        print(f"  export json / GET the game, {hands} hands = {ratio:.2f}")
    per = figures["import, 50 games of 10 hands"] / figures["import, 1 games of 10 hands"]
    print(f"  import: 50 games / 1 game = {per:.1f} (50x the games)")


if __name__ == "__main__":
    main()
