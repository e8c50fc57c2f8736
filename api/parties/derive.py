"""A party as the brackets see it, rebuilt on every read: its players in entry order, the
seating from the stored seed, and each table's result from its game's hand log (the game's
cached state, itself replayed from the log). Nothing of it is stored."""

from dataclasses import dataclass

from brackets import BracketError, ProgressiveParty, TableResult

from ..core.errors import Invalid
from ..store.games import Game
from ..store.parties import PartyGame, PartyPlayer


@dataclass(frozen=True)
class Derived:
    """The party row, its players' names, the ProgressiveParty (None before the start), the
    PartyGame rows of the rounds started, and each of their games ({match id: Game}): game 1
    of the match, the table's game (a later one, started after a tie, does not count)."""

    row: object
    players: tuple
    party: object
    rows: tuple
    games: dict

    def game_at(self, number, table):
        """The Game played at `table` in round `number`, or None."""
        for row in self.rows:
            if row.round == number and row.table == table:
                return self.games.get(row.match_id)
        return None

    def table_over(self, game):
        """True once the table has played its round: its hands, or its game."""
        state = game.state
        return self.party.round_over(state.get("scored_hands", 0), state["game_over"])

    def unfinished(self, number):
        """The tables of round `number` still playing, by number (a table with no game reads
        as not played: no route makes one, and a read must not fail on it)."""
        return [
            row.table
            for row in self.rows
            if row.round == number
            and (row.match_id not in self.games or not self.table_over(self.games[row.match_id]))
        ]


def seat_teams(seat):
    """A table's two sides as a game's teams: "Ann and Cy" against "Bo and Di"."""
    return [
        {"name": " and ".join(side), "players": list(side)} for side in (seat.north, seat.south)
    ]


def seating_words(seat):
    """ "Table 3: Ann and Cy against Bo and Di" """
    return f"Table {seat.table}: {' and '.join(seat.north)} against {' and '.join(seat.south)}"


def players_of(party_row):
    """The party's players' names in entry order."""
    return tuple(
        name
        for (name,) in PartyPlayer.select(PartyPlayer.name)
        .where(PartyPlayer.party == party_row.id)
        .order_by(PartyPlayer.list_order)
        .tuples()
    )


def derive(party_row):
    """The party derived from its rows and its games' states (422 if the brackets refuse the
    players: fewer than four at the start)."""
    players = players_of(party_row)
    if party_row.seed is None:
        return Derived(party_row, players, None, (), {})
    rows = tuple(
        PartyGame.select()
        .where(PartyGame.party == party_row.id)
        .order_by(PartyGame.round, PartyGame.table)
    )
    games = {}
    if rows:
        games = {
            g.match_id: g
            for g in Game.select(Game.id, Game.match_id, Game.state, Game.teams).where(
                Game.match_id.in_([r.match_id for r in rows]) & (Game.match_game_no == 1)
            )
        }
    try:
        plain = ProgressiveParty(
            players, party_row.rounds, party_row.seed, (), party_row.hands_per_round
        )
        results = []
        for row in rows:
            game = games.get(row.match_id)
            if game is None:  # no game at the table: not played (see `unfinished`)
                continue
            state = game.state
            if plain.round_over(state.get("scored_hands", 0), state["game_over"]):
                north, south = state["totals"]
                results.append(TableResult(f"P{row.round}.{row.table}", north, south))
        party = ProgressiveParty(
            players, party_row.rounds, party_row.seed, tuple(results), party_row.hands_per_round
        )
    except BracketError as error:
        raise Invalid(error.message, rule_code=error.code) from None
    return Derived(party_row, players, party, rows, games)
