"""Progressive parties (docs/tournaments.md "Progressive parties"): individuals at tables of
four, new partners every round, each player's total derived from the tables' hand logs."""
