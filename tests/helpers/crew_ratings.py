"""A crew's ratings: decided games, the golden season with Eve, the ratings read back."""

from helpers.apitest import Table, made
from helpers.crews import NAMES, Crew

ANN, BOB, CY, DI = NAMES


def decided(client, crew, bidder):
    """A game of the crew at 6 to 6 that `bidder`'s made 30 decides."""
    table = Table(client, start_totals=[6, 6])
    crew.attach(table, NAMES)
    table.hand(1, **made(bidder=bidder, bid=30, captured=35))
    return table


def golden_with_eve(client):
    """The crew of the two golden games (Ann and Cy won game 1, Bob and Di game 2), with Eve
    on its list and no game: the crew the seeding and flights tests use."""
    crew = Crew(client)
    for name in (*NAMES, "Eve"):
        crew.player(name)
    decided(client, crew, 0)
    decided(client, crew, 1)
    return crew


def ratings(crew, status=200, **headers):
    """GET the crew's ratings."""
    return crew.client.get(f"{crew.url}/ratings", headers={**crew.auth, **headers}, status=status)


def by_name(body):
    """Players by name."""
    return {p["name"]: p for p in body["players"]}
