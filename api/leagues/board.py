"""A season's board on the club's TV (docs/leagues.md "The season's board"): its read-only
link, made by the crew (a new one each time: the last one only works), and the season behind
a board token. What the board shows is the season's view, derived on every read."""

from ..core.tokens import TOKEN_RE, hash_token, new_token
from ..core.urls import public_url
from ..store.db import write_transaction
from ..store.leagues import Season

BOARD_TOKEN_BYTES = 24  # 192 random bits: the board's address is read-only, and guessed never


def new_board_link(season):
    """A new board token for `season` (the one before stops at once): {board_token,
    board_url}, shown this once; only its SHA-256 is kept."""
    token = new_token(BOARD_TOKEN_BYTES)
    with write_transaction():
        Season.update(board_token_hash=hash_token(token)).where(Season.id == season.id).execute()
    return {"board_token": token, "board_url": public_url(f"season/{token}")}


def season_by_board_token(token):
    """The season whose board token this is, or None (a token it cannot be is not looked
    up: PostgreSQL refuses a NUL in text)."""
    if not TOKEN_RE.fullmatch(token):
        return None
    return Season.get_or_none(Season.board_token_hash == hash_token(token))
