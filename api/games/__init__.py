"""A game and its match (a match is a series of games): the game service, its views, the
rulesets, and a match's series and score, derived when read."""
