"""Every bound a test waits with, from one setting: `TALLY42_TEST_TIMEOUT_SCALE` (a float,
default 1) multiplies them all, so a busy machine or a slow CI raises one number instead of
editing tests. A bound is how long a test may wait for what it needs, never a pause."""

from bench.servers import START_S, TIMEOUT_SCALE

SCALE = TIMEOUT_SCALE  # read once, in bench/servers.py, which the benches share

# A Playwright action's and `expect`'s bound unless a call names its own.
DEFAULT_S = 10
# A server a test starts (gunicorn, `python3 -m api.serve`, nginx), waited for by readiness:
# seconds, already scaled.
SERVER_START_S = START_S


def seconds(value):
    """`value` seconds, scaled: for Python waits (threads, sockets, polls)."""
    return value * SCALE


def ms(value):
    """`value` seconds, scaled, in milliseconds: for Playwright's `timeout=`."""
    return int(value * SCALE * 1000)
