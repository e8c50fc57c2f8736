"""Tokens: made with at least 128 random bits, kept only as their SHA-256, and checked for
shape and strength."""

import hashlib
import re
import secrets

TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{22,128}")  # any token this server made (fullmatch)

# A client-made edit token is what the phone makes (pwa/js/ui.js randomToken) and what
# new_token() makes: 32 random bytes in url-safe base64 without padding, 43 characters. The
# last one carries 4 bits and 2 zero bits, so it is one of 16 characters.
EDIT_TOKEN_BYTES = 32

EDIT_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]")

MIN_DISTINCT_CHARS = 16  # 43 random characters show ~30 distinct ones; "abab..." is not random


def new_token(nbytes=EDIT_TOKEN_BYTES):
    """A fresh url-safe token of `nbytes` random bytes (edit: 256 bits, share: 128 bits)."""
    return secrets.token_urlsafe(nbytes)


def hash_token(token):
    """The SHA-256 (hex) stored in place of an edit token."""
    return hashlib.sha256(token.encode()).hexdigest()


def weak_token_reason(token):
    """Why a client-made edit token is too weak to accept, or None if it is acceptable.

    Only a token of 256 random bits in the phone's own format is taken: shorter tokens (22
    letters carry at most 132 bits, and a person may have typed them) are refused."""
    if not EDIT_TOKEN_RE.fullmatch(token):
        return (
            "is not an edit token as the app makes one: 32 random bytes in url-safe "
            "base64 (43 characters)"
        )
    if len(set(token)) < MIN_DISTINCT_CHARS:
        return "does not look random (too few distinct characters)"
    return None
