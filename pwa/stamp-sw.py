"""Stamp sw.js with a hash of the app shell, so every change to the shell is a new cache.

Run after changing any file the service worker precaches: python3 pwa/stamp-sw.py
(tests/pwa/test_installable.py fails, naming this script, when the stamp is out of date).
"""

import hashlib
import pathlib
import re

HERE = pathlib.Path(__file__).parent
SW = HERE / "sw.js"


def shell_files(source):
    """The files sw.js precaches, as paths under pwa/ (the '/' entry is index.html)."""
    listed = re.findall(r"'(/[^']*)'", source.split("const SHELL = [", 1)[1].split("];", 1)[0])
    return sorted({HERE / ("index.html" if p == "/" else p.lstrip("/")) for p in listed})


def shell_hash(source):
    """SHA-256 over the precached files' names and bytes, and sw.js minus its stamp line."""
    digest = hashlib.sha256(re.sub(r"const VERSION = '[^']*';", "", source).encode())
    for path in shell_files(source):
        digest.update(path.relative_to(HERE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def main():
    """Rewrite the VERSION line of sw.js."""
    source = SW.read_text()
    stamped = re.sub(
        r"const VERSION = '[^']*';", f"const VERSION = '{shell_hash(source)}';", source
    )
    SW.write_text(stamped)


if __name__ == "__main__":
    main()
