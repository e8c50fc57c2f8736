"""Games played on the phone, to marks and to points."""

MARKS_GAME = [  # (bidder seat, bid, count or made/set); seats: 0 You, 1 Left, 2 Partner, 3 Right
    (1, 30, 35),
    (2, 42, "made"),
    (3, 34, 20),
    (0, 84, "made"),
    (1, 30, 42),
    (2, 31, 31),
    (3, 84, "set"),
]


POINTS_GAME = [
    (0, 30, 42),
    (1, 35, 30),
    (0, 40, 42),
    (2, 30, 32),
    (0, 42, 42),
    (2, 36, 40),
    (0, 30, 41),
]


def play(table, hands):
    """Enter every hand from the sheet."""
    return [table.hand(*hand) for hand in hands]
