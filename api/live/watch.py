"""Live: the sockets of open streams, watched for their client's close, and dropped at once.

A stream sleeps between events and writes only every heartbeat, so a write would notice a
closed client 15 to 30 s late, and the stream would keep its slot (LIVE_MAX_STREAMS_PER_CLIENT)
all that while. Instead each worker process keeps one epoll of its streams' sockets, asked
only for the peer's hang-up (EPOLLRDHUP: the client's FIN; EPOLLHUP, EPOLLERR: a reset), never
for data, and one thread asleep on it: a closed connection wakes that thread, which hands the
stream's close to the hub at once. Nothing runs while no client leaves, and no stream polls.
Why not a short write timeout on the heartbeat: a closed connection's first write still
succeeds (the client answers it with a reset), so it would take two heartbeats, every
stream would wake every few seconds, and a phone on a slow link would be cut off.

A stream that ends for its client's sake (it closed, or stopped reading and a write timed
out) is dropped with `drop`: shut down with an abortive close (SO_LINGER 0), so gunicorn's
gthread worker, which closes a failed request on its one accepting thread with a graceful
close that waits up to 2 s for the client (`gunicorn.util.close_graceful`), finds the socket
already closed and never waits: a reader that stops reading never holds the worker's door.

Linux only (epoll); elsewhere streams are not watched and a closed client is noticed at the
next write, as before.
"""

import os
import select
import socket
import struct
import threading

HANG_UP = (
    getattr(select, "EPOLLRDHUP", 0)
    | getattr(select, "EPOLLHUP", 0)
    | getattr(select, "EPOLLERR", 0)
    | getattr(select, "EPOLLONESHOT", 0)
)

ABORTIVE = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() resets, never lingers


def drop(sock):
    """Shut `sock` down now, its unsent bytes discarded (close() then resets it): whoever
    closes it next (gunicorn) finds nothing to wait for. Never raises."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, ABORTIVE)
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # already reset or closed: nothing to wait for either
        pass


def peer_closed(fd):
    """True if the peer of socket `fd` has closed or reset it (checked now, not waited for)."""
    poll = select.poll()
    poll.register(fd, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
    return bool(poll.poll(0))


class Watch:
    """One process's watched stream sockets: `watch(fd, closed)` calls `closed()` (on the
    watch's own thread) once the client of socket `fd` closes or resets it; `unwatch(fd)`
    before the socket is handed back to the server."""

    supported = hasattr(select, "epoll")

    def __init__(self):
        self.lock = threading.Lock()
        self.callbacks = {}  # fd -> what to call when its client leaves
        self.epoll = None
        self.pid = None

    def watch(self, fd, closed):
        """Call `closed()` once the client of socket `fd` leaves (nothing on other systems)."""
        if not self.supported:
            return
        with self.lock:
            self._ensure_thread()
            self.callbacks[fd] = closed
            try:
                self.epoll.register(fd, HANG_UP)
            except FileExistsError:  # a number left registered by a socket closed unwatched
                self.epoll.modify(fd, HANG_UP)

    def unwatch(self, fd):
        """Stop watching `fd` (before it is closed: its number may be reused)."""
        with self.lock:
            if self.callbacks.pop(fd, None) is not None:
                try:
                    self.epoll.unregister(fd)
                except OSError:  # closed already
                    pass

    def _ensure_thread(self):
        """A fresh epoll and thread in this process (under the lock; none is inherited)."""
        if self.pid != os.getpid():
            self.pid, self.callbacks = os.getpid(), {}
            self.epoll = select.epoll()
            epoll = self.epoll
            threading.Thread(
                target=self._run, args=(epoll,), name="tally42-live-watch", daemon=True
            ).start()

    def _run(self, epoll):
        """Wait for hang-ups; hand each to its stream (one shot: a socket fires once)."""
        while True:
            for fd, _ in epoll.poll():
                with self.lock:
                    # the socket may have been unwatched, closed and its number reused by a
                    # new stream since the poll returned: look again before calling it closed
                    closed = self.callbacks.get(fd)
                    if closed is not None and not peer_closed(fd):
                        closed = None
                        try:
                            self.epoll.modify(fd, HANG_UP)  # armed again for its next close
                        except OSError:  # closed meanwhile: its stream ends anyway
                            pass
                if closed is not None:
                    closed()
