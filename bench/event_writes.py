"""What a director write costs on a large event (docs/tournaments.md "Derived, never stored"):
a 128-team double elimination at 40 tables, in-process on a SQLite file, timing forfeits
(each frees a table, so it calls the next match), corrections, and director reads, and
counting how often each derived the bracket from its rows and built a Tournament.

    PYTHONPATH=. python3 bench/event_writes.py [--teams 128] [--rounds 30]

Prints the median and p90 milliseconds per request kind, with the derivations per request.
Figures on a shared machine are noisy: compare two runs of the same machine and moment.
"""

import argparse
import datetime
import statistics
import tempfile
import time
from pathlib import Path

from api import create_app
from api.events import derive as events_derive
from api.store.base import utcnow
from api.store.db import flask_db
from api.store.events import EventMatch
from brackets import Tournament

TWO = {"bid": {"marks": 2}, "result": {"captured": 42}}


class Counter:
    """Counts calls of events_derive.derive (reads + bracket) and brackets.Tournament builds
    (each replays every result: the cost a write pays per bracket)."""

    def __init__(self):
        self.derive = self.tournament = 0
        derive, post_init = events_derive.derive, Tournament.__post_init__

        def counted_derive(*args, **kwargs):
            self.derive += 1
            return derive(*args, **kwargs)

        def counted_post_init(tournament):
            self.tournament += 1
            return post_init(tournament)

        events_derive.derive, Tournament.__post_init__ = counted_derive, counted_post_init

    def take(self):
        counts = (self.derive, self.tournament)
        self.derive = self.tournament = 0
        return counts


def timed(samples, kind, counter, call):
    counter.take()
    start = time.perf_counter()
    response = call()
    samples.setdefault(kind, []).append(((time.perf_counter() - start) * 1000, counter.take()))
    assert response.status_code < 300, (kind, response.status_code, response.get_json())
    return response.get_json()


def run(teams, rounds):
    """Seed, start, then time forfeits, corrections and reads; returns {kind: samples}."""
    folder = tempfile.mkdtemp(prefix="event-writes-")
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            "RATELIMIT_ENABLED": False,
            "PWA_DIR": folder,
        }
    )
    client = app.test_client()
    body = {
        "name": "Bench",
        "ruleset": "straight-42",
        "format": "double-elimination",
        "first_to": [1],
        "tables": 40,
        "teams": [
            {"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, teams + 1)
        ],
    }
    created = client.post("/api/events", json=body).get_json()
    auth = {"Authorization": f"Bearer {created['director_token']}"}
    url = f"/api/events/{created['id']}"
    for team in created["teams"]:
        client.post(f"{url}/teams/{team['id']}/check-in", headers=auth)
    counter = Counter()
    samples = {}
    view = timed(samples, "start", counter, lambda: client.post(f"{url}/start", headers=auth))
    # forfeits, then no-shows: a no-show's team is out of every later match too (derived
    # in waves)
    for reason, read in (
        ("forfeit", "director read (calls nothing)"),
        ("no-show", "director read after no-shows"),
    ):
        for _ in range(rounds):
            match = next(m for m in view["matches"] if m["status"] == "playing")
            if reason == "no-show":  # called more than the no-show minutes ago
                with app.app_context(), flask_db.database.connection_context():
                    EventMatch.update(called_at=utcnow() - datetime.timedelta(minutes=6)).where(
                        EventMatch.match_id == match["match_id"]
                    ).execute()
            view = timed(
                samples,
                f"{reason} (calls the next)",
                counter,
                lambda m=match, r=reason: client.post(
                    f"{url}/matches/{m['id']}/forfeit",
                    json={"team": m["teams"][1], "reason": r},
                    headers=auth,
                ),
            )
            timed(samples, read, counter, lambda: client.get(url, headers=auth))
    for match in [m for m in view["matches"] if m["how"] == "forfeit"][: rounds // 3]:
        # the same winner again: the director's word, nothing downstream moves
        view = timed(
            samples,
            "correction",
            counter,
            lambda m=match: client.post(
                f"{url}/matches/{m['id']}/correction", json={"winner": m["winner"]}, headers=auth
            ),
        )
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    for kind, found in run(args.teams, args.rounds).items():
        times = sorted(ms for ms, _counts in found)
        derives = statistics.mean(c[0] for _ms, c in found)
        brackets = statistics.mean(c[1] for _ms, c in found)
        p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
        print(
            f"{kind:32} n={len(times):3} median {statistics.median(times):6.1f} ms  "
            f"p90 {p90:6.1f} ms  derives {derives:.1f}  brackets built {brackets:.1f}"
        )


if __name__ == "__main__":
    main()
