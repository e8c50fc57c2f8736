"""Crews, a group that plays together without accounts: the roster, the games that join it,
and its statistics (the arithmetic is stats/'s)."""
