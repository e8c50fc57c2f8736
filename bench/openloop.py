"""An open-loop, fixed-rate HTTP load generator (threads + http.client) that records latency.

wrk2 is not in Debian, and `hey -q` is closed-loop per worker with one fixed body, so it
can neither post distinct hands nor keep the rate when the server stalls. Here a dispatcher
releases request i at t0 + i/rate whatever happened before; a pool of worker threads sends
them; each latency is measured from the *scheduled* time, so queueing behind a slow answer
counts against the server (no coordinated omission). 200 requests a second is far below
what one Python process can send (about 2k/s).
"""

import http.client
import queue
import threading
import time
from urllib.parse import urlsplit


def percentile(sorted_values, p):
    """The p-th percentile (nearest rank) of an ascending list; None when empty."""
    if not sorted_values:
        return None
    k = max(0, min(len(sorted_values) - 1, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def run_fixed_rate(base_url, make_request, rate, seconds, threads=32, timeout=10.0):
    """Send `rate` requests a second for `seconds`; return a dict of counts and latencies.

    `make_request(i)` returns (method, path, body_bytes_or_None, headers) for request i.
    Result keys: sent, ok (2xx), statuses {code: n}, late (sent > 10 ms after schedule),
    p50_ms, p90_ms, p99_ms, max_ms (from the scheduled time), acked (list of i answered 2xx).
    """
    parts = urlsplit(base_url)
    total = int(rate * seconds)
    jobs = queue.Queue()
    results = [None] * total
    t0 = time.perf_counter() + 0.2

    def worker():
        conn = None
        while (i := jobs.get()) is not None:
            scheduled = t0 + i / rate
            if (delay := scheduled - time.perf_counter()) > 0:
                time.sleep(delay)
            started = time.perf_counter()
            method, path, body, headers = make_request(i)
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
                conn.request(method, path, body=body, headers=headers)
                resp = conn.getresponse()
                resp.read()
                status = resp.status
                if resp.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                status = 0
                if conn is not None:
                    conn.close()
                conn = None
            results[i] = (status, time.perf_counter() - scheduled, started - scheduled)

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for t in pool:
        t.start()
    for i in range(total):
        if (delay := t0 + i / rate - 0.005 - time.perf_counter()) > 0:
            time.sleep(delay)
        jobs.put(i)
    for _ in pool:
        jobs.put(None)
    for t in pool:
        t.join()

    statuses = {}
    for status, _, _ in results:
        statuses[status] = statuses.get(status, 0) + 1
    lat = sorted(r[1] * 1000 for r in results)
    return {
        "sent": total,
        "ok": sum(1 for r in results if 200 <= r[0] < 300),
        "statuses": statuses,
        "late": sum(1 for r in results if r[2] > 0.010),
        "p50_ms": percentile(lat, 50),
        "p90_ms": percentile(lat, 90),
        "p99_ms": percentile(lat, 99),
        "max_ms": lat[-1] if lat else None,
        "acked": [i for i, r in enumerate(results) if 200 <= r[0] < 300],
    }
