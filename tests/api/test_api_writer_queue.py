"""The SQLite writer queue (api/store/db.py): writers wait in the kernel, not in SQLite's sleeps."""

import multiprocessing
import os
import signal
import threading
import time

import pytest
from peewee import PostgresqlDatabase, SqliteDatabase

from api.store.db import WriterQueue, writer_queue

HOLD = 0.4  # seconds the other process keeps the queue


def _hold(queue, ready, hold):
    """Child process: take the queue, say so, keep it `hold` seconds (or until killed)."""
    with queue.held():
        ready.set()
        time.sleep(hold)


@pytest.fixture
def fork():
    """Start `_hold` in a forked process; kill whatever is left at the end."""
    ctx, children = multiprocessing.get_context("fork"), []

    def start(queue, hold):
        """The child takes `queue` (a path: its own WriterQueue; an object: inherited)."""
        queue = WriterQueue(queue) if isinstance(queue, str) else queue
        ready = ctx.Event()
        child = ctx.Process(target=_hold, args=(queue, ready, hold))
        child.start()
        children.append(child)
        assert ready.wait(10), "the child never took the queue"
        return child

    yield start
    for child in children:
        if child.is_alive():
            child.kill()
        child.join()


def test_a_second_process_waits_for_the_holder_and_goes_right_after(tmp_path, fork):
    path = str(tmp_path / "t.sqlite3")
    fork(path, HOLD)
    started = time.monotonic()
    with WriterQueue(path).held():
        waited = time.monotonic() - started
    # Not before the holder is done, and without a sleep-and-retry delay after it.
    assert HOLD * 0.5 < waited < HOLD + 0.25


def test_a_killed_holder_frees_the_queue(tmp_path, fork):
    path = str(tmp_path / "t.sqlite3")
    child = fork(path, 60)
    os.kill(child.pid, signal.SIGKILL)  # kill -9 while holding: the kernel drops the lock
    child.join()
    started = time.monotonic()
    with WriterQueue(path).held():
        assert time.monotonic() - started < 2


def test_threads_of_one_process_take_turns(tmp_path):
    queue, inside, overlaps = WriterQueue(str(tmp_path / "t.sqlite3")), [], []

    def write():
        for _ in range(50):
            with queue.held():
                inside.append(1)
                overlaps.append(len(inside))
                time.sleep(0.0005)
                inside.pop()

    threads = [threading.Thread(target=write) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(overlaps) == 200 and max(overlaps) == 1


def test_after_a_fork_the_child_opens_its_own_lock_file(tmp_path, fork):
    """gunicorn forks workers from a master that may have written (create_tables): a lock
    file opened before the fork would be one flock for all of them, so the child reopens."""
    queue = WriterQueue(str(tmp_path / "t.sqlite3"))
    with queue.held():
        pass  # the parent has opened its descriptor now
    fork(queue, HOLD)  # the child holds the very same (inherited) WriterQueue
    started = time.monotonic()
    with queue.held():  # so the parent has to wait
        assert time.monotonic() - started > HOLD * 0.5


def test_only_sqlite_files_get_a_queue(tmp_path):
    sqlite_file = SqliteDatabase(str(tmp_path / "a.sqlite3"))
    assert writer_queue(sqlite_file) is writer_queue(SqliteDatabase(str(tmp_path / "a.sqlite3")))
    assert writer_queue(sqlite_file).path.endswith("a.sqlite3-writelock")
    assert writer_queue(SqliteDatabase(":memory:")) is None
    assert writer_queue(PostgresqlDatabase("x")) is None
