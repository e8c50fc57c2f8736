"""The parts of a file beside its games besides a crew: an event's and a party's
(docs/export.md "An event", "A party"), each planned after the games and matches it plays in,
then stored in the import's transaction after them."""

from .event_file import plan_event, store_event
from .party_file import plan_party, store_party


def plan_parts(data, file_matches, created_matches, naming):
    """({part: its answer}, [(what it is, how to store it, what to store)]) for the file's
    event and party; `naming(what)` is the import's context naming refusals."""
    answers, create = {}, []
    if data.get("event") is not None:
        file_games = {str(g["id"]): g.get("match") and str(g["match"]["id"]) for g in data["games"]}
        with naming("The event of the file"):
            answers["event"], read = plan_event(
                data["event"], file_matches, file_games, created_matches
            )
        if read is not None:
            create.append(("event", store_event, read))
    if data.get("party") is not None:
        with naming("The party of the file"):
            answers["party"], read = plan_party(data["party"], file_matches, created_matches)
        if read is not None:
            create.append(("party", store_party, read))
    return answers, create
