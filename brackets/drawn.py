"""Drawn rounds (Hearne's 42 tournament): each round's pairs drawn from two boxes.

Round 1 is drawn from one box of every team. After that the teams that won their last
match (or had a bye) go in the winners' box and the rest in the losers' box, and each box
is drawn at random into pairs, as from a hat (a rematch can be drawn). When the boxes are
odd, the last team drawn from the winners' box plays the first drawn from the losers' box.
With an odd count a bye is drawn first, among the teams with the fewest byes, from the
losers' box while it holds any of them: nobody has a second bye before everyone has had
one. The draw is a `random.Random` seeded with the event's seed and the round, so replaying
the results gives the same draw (docs/tournaments.md "Swiss and drawn rounds").
"""

import random

from .model import BYE
from .rounds import RoundsEvent


def draw_round(teams, history, rng):
    """One round's pairs (a team and BYE for a bye) drawn with `rng`, as the module says."""
    winners = [team for team in teams if history.won_last[team]]
    losers = [team for team in teams if not history.won_last[team]]
    bye = []
    if len(teams) % 2:
        fewest = min(history.byes.values())
        pool = [team for team in losers if history.byes[team] == fewest] or [
            team for team in winners if history.byes[team] == fewest
        ]
        team = rng.choice(pool)
        (losers if team in losers else winners).remove(team)
        bye.append((team, BYE))
    winners = rng.sample(winners, len(winners))
    losers = rng.sample(losers, len(losers))
    across = [(winners.pop(), losers.pop(0))] if len(winners) % 2 else []
    return _in_twos(winners) + across + _in_twos(losers) + bye


def _in_twos(box):
    """A drawn box in pairs, in the order drawn."""
    return [(box[i], box[i + 1]) for i in range(0, len(box), 2)]


class Drawn(RoundsEvent):
    """A drawn-rounds event of teams (`RoundsEvent`): match ids "D2.3" (round 2, match 3)."""

    LETTER = "D"

    def pair(self, number, history):
        """Round `number`'s pairs drawn from the winners' and losers' boxes."""
        return draw_round(self.teams, history, random.Random(f"drawn:{self.seed}:{number}"))
