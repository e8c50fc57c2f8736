"""The table's writes: a hand, an edit, an undo, the next game of a match. Each asks the
tournament first (is the match settled?) and moves it on after (call the next match)."""
