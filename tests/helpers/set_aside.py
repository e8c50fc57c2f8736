"""Games set aside and restored, ten hands, an edit, through the API."""

from helpers.apitest import made


def ten_hands(table):
    """Ten hands, one mark each, the sides taking turns: 5 marks to 5, the game goes on."""
    for n in range(1, 11):
        table.hand(n, **made(bidder=(n - 1) % 2))


FOUR_MARKS = {"bidder": 1, "bid": {"marks": 4}, "result": {"captured": 42}}  # hand 2, edited


def edit(table, hand_no, hand, later=None, status=200, if_match=None):
    """PUT a hand, with `?later=...` when given."""
    query = f"?later={later}" if later else ""
    headers = {**table.auth, "If-Match": if_match or table.etag()}
    return table.client.put_json(
        f"{table.url}/hands/{hand_no}{query}", hand, headers=headers, status=status
    )


def restore(table, status=200, if_match=None, **headers):
    """POST .../set-aside/restore with the game's ETag (or the given If-Match)."""
    headers = {**table.auth, "If-Match": table.etag() if if_match is None else if_match, **headers}
    return table.client.post(f"{table.url}/set-aside/restore", headers=headers, status=status)
