"""The rules of a name wherever one enters (a crew's roster, a party's players, a season's
teams and substitutes, the imports): trimmed, readable, compared folded."""

import unicodedata

from .errors import Invalid

# A party's player: two names make a side's name ("Ann and Cy"), at most 55 characters.
PLAYER_NAME = 25


def name_key(name):
    """A name folded for comparing: case, accents' composition and inner spaces ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())[:40]


def clean_name(name, what):
    """`name` trimmed, with its inner spaces single; 422 BAD_NAME if nothing readable is left
    or it holds a control, format (bidi) or unassigned character (Unicode category C)."""
    cleaned = " ".join(name.split())
    if not cleaned or any(unicodedata.category(ch)[0] == "C" for ch in cleaned):
        raise Invalid(
            f"{what} needs a name of letters, digits or signs you can read: {name!r} is not one",
            rule_code="BAD_NAME",
        )
    return cleaned
