"""A small least-recently-used cache that threads may share (the API's per-process caches).

A plain dict trimmed with `pop(next(iter(d)))` breaks under threaded workers: two requests
evict the same oldest key and one gets a KeyError (a 500), or a dict changes size while
another iterates it. Every read and write here holds one lock; the values are computed
outside it, so a slow build never blocks other readers (two threads may both build the same
value: the later put wins, which is harmless for caches of derived, immutable answers).
"""

import threading
from collections import OrderedDict


class LockedLRU:
    """At most `size` entries; `get` marks an entry as just used, `put` drops the least
    recently used entries past `size`."""

    def __init__(self, size):
        self.size = size
        self._items = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, default=None):
        """The value kept under `key` (now the most recently used), or `default`."""
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key, value):
        """Keep `value` under `key`, dropping the least recently used entries past the size."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self):
        """Forget everything (tests, and a process that must not serve old answers)."""
        with self._lock:
            self._items.clear()

    def __len__(self):
        with self._lock:
            return len(self._items)
