"""Words a screen must not show (codes, field paths, knob names)."""

import re

UNCLEAN = {
    "a dotted field path": re.compile(r"\b[a-z_]+(\[\d+\])?\.[a-z_]+\b"),
    "a knob or field name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a rule code": re.compile(r"\b[A-Z]+_[A-Z_]+\b"),
    "a document citation": re.compile(r"RULES\.md|\.md\b|docs/|\brules? \d+\b|§", re.I),
    "a missing value": re.compile(r"\b(undefined|null|NaN)\b|\[object Object\]"),
}


def unclean(text):
    """The kinds of machine words found in `text` (empty when it reads clean)."""
    return [kind for kind, pattern in UNCLEAN.items() if pattern.search(text)]
