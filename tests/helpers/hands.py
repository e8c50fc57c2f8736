"""A hand put to a game through the API."""


def put_hand(table, hand_no, hand, status=200, if_match=None):
    """PUT a hand with the game's ETag (or the given If-Match)."""
    headers = {**table.auth, "If-Match": if_match or table.etag()}
    return table.client.put_json(
        f"{table.url}/hands/{hand_no}", hand, headers=headers, status=status
    )
