"""Tournaments: the director's writes, the bracket derived, calls to tables, settlement, views.

The bracket is never stored. It is `brackets.Tournament(format, seeded team ids, results)`,
where each match's result comes, in this order of precedence, from the director's last
correction of it, from a forfeit or no-show the director recorded, or from the series of its
games (each game's winner read from that game's state, replayed from its own hand log, as
api/games/series.py does for any match). So an edited hand that flips a game flips the bracket.

Calling: when a callable match has no api Match yet and a table is free, the event row's
lock is taken, the bracket derived again, and the Match (with its first game) created at the
lowest free table. That happens on the hand write that decides a match
(`settlement.call_after_game`,
after the hand is committed: the table freed is taken at once), on every director write, and
on a director's or a table's read (which also catches up on a call a hand write could not
make). The unique (event, bracket id) index and the lock make two app servers, or a retried
request, create it once. A public read (JSON, board, event stream) never writes: it shows
the calls still to make projected (`progress.projection`), each at the table the next calling
request will give.
"""
