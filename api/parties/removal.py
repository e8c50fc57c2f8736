"""Deleting a party by its director (a party typed by mistake, or one over and done): the
party, its players, its tables' links (and the links replaced), and the matches its tables
played with their games and hands, in one transaction. Every link of it (director, public,
board, tables, the games' share pages) then finds nothing."""

from ..events.removal import drop_matches
from ..store.db import write_transaction
from ..store.parties import PartyEndedLink, PartyGame, PartyPlayer, PartyTable
from .director import locked_party


def delete_party(party_id):
    """Delete the party and everything of it; returns what went, in counts ({"players",
    "tables", "rounds", "games"}), for the director's phone to say."""
    with write_transaction():
        party = locked_party(party_id)
        match_ids = [row.match_id for row in PartyGame.select().where(PartyGame.party == party.id)]
        gone = {
            "players": PartyPlayer.select().where(PartyPlayer.party == party.id).count(),
            "tables": PartyTable.select().where(PartyTable.party == party.id).count(),
            "rounds": party.current_round,
        }
        for model in (PartyGame, PartyEndedLink, PartyTable, PartyPlayer):
            model.delete().where(model.party == party.id).execute()
        gone["games"] = drop_matches(match_ids)  # the tables' game streams end with them
        party.delete_instance()
    return {"deleted": str(party_id), **gone}
