"""Nudges: a SQLite writer tells the live processes on its machine that a write committed.

SQLite has no NOTIFY. Each live worker process that holds streams binds a Unix datagram socket
in a folder beside the database file (`<file>-live/`, next to the writers' `-writelock`); after
every write's commit the writer sends one empty datagram to each socket there, and the live
thread looks (its one poll query) at once instead of at its next LIVE_POLL_SECONDS. No new
service, and nothing to configure: both sides find the folder from the database's path. A
nudge is only a hint: the poll stays, so a nudge lost (a full queue, a folder the writer
cannot read, a system without Unix sockets) delays a screen by one poll, never leaves it wrong.
"""

import atexit
import hashlib
import os
import secrets
import select
import socket
import tempfile
import threading

# A Unix socket's path must fit in 108 bytes (Linux; 104 on the BSDs): a database so deep that
# its folder's sockets would not fit keeps them in a folder named by the file's hash instead.
MAX_SOCKET_PATH = 100

_sender = {"pid": None, "sock": None}
_sender_lock = threading.Lock()


def folder(database_path):
    """The folder of the sockets of the live processes following `database_path`'s file."""
    path = os.path.abspath(database_path)
    beside = f"{path}-live"
    if len(beside) + 20 <= MAX_SOCKET_PATH:  # room for "/<pid>.<6 hex>"
        return beside
    digest = hashlib.sha256(path.encode()).hexdigest()[:16]
    return os.path.join(tempfile.gettempdir(), f"tally42-live-{digest}")


def _socket():
    """This process's sending socket (made again after a fork), non-blocking: a writer never
    waits on a live process."""
    with _sender_lock:
        if _sender["pid"] != os.getpid():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sock.setblocking(False)
            _sender.update(pid=os.getpid(), sock=sock)
        return _sender["sock"]


@atexit.register
def _close_sender():
    """Close this process's sending socket at exit (no unclosed-socket warning)."""
    sock = _sender["sock"]
    if sock is not None and _sender["pid"] == os.getpid():
        sock.close()


def send(database_path):
    """After a commit: nudge every live process listening beside `database_path`; returns how
    many have a nudge waiting. A socket nobody holds any more (its process died) is removed;
    any other failure is let go (the poll finds the write)."""
    where = folder(database_path)
    try:
        names = os.listdir(where)
    except OSError:
        return 0  # no live process has listened here yet
    sent = 0
    try:
        sock = _socket()
    except OSError:  # no socket to send from (out of descriptors): the poll finds the write
        return 0
    for name in names:
        path = os.path.join(where, name)
        try:
            sock.sendto(b"", path)
            sent += 1
        except ConnectionRefusedError:  # bound by a process that is gone
            try:
                os.unlink(path)
            except OSError:
                pass
        except BlockingIOError:  # its queue is full: nudges wait there already
            sent += 1
        except OSError:  # gone meanwhile, ...: the poll finds the write
            pass
    return sent


class Listener:
    """A live process's socket in the folder beside the database: `wait()` returns as soon as
    a writer nudges it (or after the timeout). Raises OSError if the socket cannot be made
    (the caller keeps polling)."""

    def __init__(self, database_path):
        where = folder(database_path)
        os.makedirs(where, mode=0o700, exist_ok=True)
        self.path = os.path.join(where, f"{os.getpid()}.{secrets.token_hex(3)}")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            self.sock.setblocking(False)
            self.sock.bind(self.path)
        except OSError:
            self.sock.close()
            raise

    def poke(self):
        """Wake `wait()` from this process (a change it learned of itself)."""
        try:
            _socket().sendto(b"", self.path)
        except OSError:
            pass

    def wait(self, timeout):
        """Sleep until a nudge (True) or `timeout` seconds (False); every nudge waiting is
        taken, so a burst of writes makes one wake-up."""
        ready, _, _ = select.select([self.sock], [], [], timeout)
        nudged = False
        while True:
            try:
                self.sock.recv(16)
                nudged = True
            except OSError:  # BlockingIOError: none left
                return nudged or bool(ready)

    def close(self):
        """Stop listening and remove the socket's file."""
        self.sock.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass
