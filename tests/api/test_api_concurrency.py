"""50 concurrent POSTs of one hand store exactly one hand, with no 5xx (threads on one app)."""

import threading

import pytest
from apitest import made

THREADS = 50


def post_concurrently(app, table, bodies_and_keys):
    """POST every (body, key) at once from its own thread; returns the statuses."""
    barrier = threading.Barrier(len(bodies_and_keys))
    statuses = [None] * len(bodies_and_keys)

    def post(i, body, key):
        client = app.test_client()
        barrier.wait()
        response = client.post(f"{table.url}/hands", json=body,
                               headers={**table.auth, "Idempotency-Key": key})
        statuses[i] = response.status_code

    threads = [threading.Thread(target=post, args=(i, body, key))
               for i, (body, key) in enumerate(bodies_and_keys)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


BODY = {"hand_no": 1, **made()}


@pytest.mark.parametrize("name, requests, allowed", [
    ("same key", [(BODY, "one-key")] * THREADS, {201, 409}),
    ("different keys", [(BODY, f"key-{i}") for i in range(THREADS)], {201}),
    ("different content", [({**BODY, "result": {"captured": 30 + i % 12}}, f"key-{i}")
                           for i in range(THREADS)], {201, 409}),
])
def test_concurrent_posts_of_one_hand_store_one(app, table, name, requests, allowed):
    statuses = post_concurrently(app, table, requests)
    assert set(statuses) <= allowed, statuses
    assert 201 in statuses
    hands = table.get().json["hands"]
    assert [h["hand_no"] for h in hands] == [1]
