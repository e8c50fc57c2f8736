"""Import: restore the games (and matches) of an export, idempotently, never overwriting.

Every game is read and checked first, every hand scored by rules/ from the game's start (the
engine accepts exactly what the hand routes accept); a refusal anywhere is a 4xx naming the
game (its place in the file and its teams) and the hand, and nothing of the import is stored
(all-or-nothing per import). Then each game or match is `created` (with a new edit token),
`unchanged` (already here with the same content: importing twice changes nothing) or
`conflict` (already here with other content: reported, left as it is), in one transaction.
A crew's export also brings its crew, roster and seats, by the same rules
(api/transfer/crew_file.py).
"""

from dataclasses import dataclass

from peewee import IntegrityError

import rules

from ..core.errors import Conflict, Invalid
from ..core.tokens import hash_token, new_token
from ..games.service import content_hash
from ..store.base import canonical_json, insert_statement, run, utcnow
from ..store.db import write_transaction
from ..store.games import Game, Hand, Match
from .crew_file import plan_crew, store_crew
from .export import game_entry, match_entry
from .file_games import naming, read_game, read_match, teams_words, utc
from .parts import plan_parts

# What decides that a game already here is "the same": what the table entered and chose.
GAME_CONTENT = (
    "ruleset",
    "rules",
    "teams",
    "first_dealer",
    "start_totals",
    "hands",
    "set_aside",
    "match",
    "time_called",
)

MATCH_CONTENT = ("ruleset", "rules", "teams", "first_dealer", "first_to", "shake_rule")


def _stored_game_content(game):
    """A game already here, in the content form of `read_game` (from its export)."""
    entry = game_entry(game, game.ordered_hands())
    return {
        "ruleset": entry["ruleset"],
        "rules": entry["rules"],
        "teams": entry["teams"],
        "first_dealer": entry["first_dealer"],
        "start_totals": entry["start_totals"],
        "hands": [h["hand"] for h in entry["hands"]],
        "set_aside": entry["set_aside"],
        "match": entry["match"],
        "time_called": entry.get("time_called"),
    }


def _same(a, b, keys):
    """True when two contents agree on `keys` (compared as canonical JSON)."""
    return canonical_json({k: a.get(k) for k in keys}) == canonical_json(
        {k: b.get(k) for k in keys}
    )


@dataclass
class ImportPlan:
    """An import read and checked, nothing stored yet: its answer, what it creates."""

    answer: dict
    matches: list  # (match content, edit token) to create
    games: list  # (Game row, HandRows, state, edit token) to create
    crew: dict | None  # the crew to create, or None
    parts: list = ()  # (what, store function, rows): an event or party (api/transfer/parts.py)

    @property
    def created(self):
        """How many games, matches, crews, events and parties the import creates (a rate
        limit counts them: api/core/ratelimit.py `charge_created`)."""
        return len(self.games) + len(self.matches) + (self.crew is not None) + len(self.parts)

    def created_words(self):
        """What it creates, in words: "4 games", "3 games, 1 match and 1 crew"."""
        counts = ((len(self.games), "game"), (len(self.matches), "match"))
        counts += ((int(self.crew is not None), "crew"),)
        counts += tuple((1, what) for what, _store, _rows in self.parts)
        parts = [
            f"{n} {word}{'' if n == 1 else ('es' if word == 'match' else 's')}"
            for n, word in counts
            if n
        ]
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def plan_import(data):
    """Read and check an export (loaded by ExportDocument): what it would create, answer
    included. Aborts 4xx, nothing stored, when any game is refused."""
    match_plans = _plan_matches(data["matches"])
    known = {m["id"]: m for m in match_plans["content"].values()}
    new_matches = {read["id"] for read, _token in match_plans["create"]}
    game_plans = _plan_games(data["games"], known, new_matches)
    _check_numbering(data["matches"], game_plans["create"], new_matches)
    for game, _rows, state, _token in game_plans["create"]:  # an event's bracket reads them
        if game.match_id in new_matches:
            played = (game.match_game_no, game.id, game.first_dealer, state)
            known[game.match_id].setdefault("games", []).append(played)
    answer = {"matches": match_plans["answer"], "games": game_plans["answer"]}
    crew = None
    if data.get("crew") is not None:
        answer["crew"], crew = _plan_crew(data, game_plans["answer"], known, new_matches)
    answers, parts = plan_parts(data, known, new_matches, naming)
    answer.update(answers)
    return ImportPlan(answer, match_plans["create"], game_plans["create"], crew or None, parts)


def store_import(plan):
    """Store what a plan creates; returns (status, answer): 201 when anything was created,
    else 200."""
    if not plan.created:
        return 200, plan.answer
    _store(plan)
    return 201, plan.answer


def import_document(data):
    """Restore an export (loaded by ExportDocument): `plan_import`, then `store_import`."""
    return store_import(plan_import(data))


def _plan_crew(data, game_answers, known, created):
    """The file's crew checked against its games (plan_crew), refusals naming it."""
    seats = {
        str(entry["id"]): rules.get_ruleset(entry["ruleset"], entry.get("rules") or None).players
        for entry in data["games"]  # every one already checked by _plan_games
    }
    file_games = {str(g["id"]): g.get("match") and str(g["match"]["id"]) for g in data["games"]}
    with naming("The crew of the file"):
        return plan_crew(data["crew"], seats, game_answers, (known, file_games, created))


def _plan_matches(entries):
    """Check every match entry; (what to answer, contents by id, matches to create)."""
    answer, content, create = [], {}, []
    for index, entry in enumerate(entries):
        with naming(f"Match {index + 1} of the file"):
            read = read_match(entry)
        if read["id"] in content:
            raise Invalid(f"Match {index + 1} of the file is in it twice", rule_code="DUPLICATE")
        here = Match.get_or_none(Match.id == read["id"])
        if here is None:
            token = new_token()
            create.append((read, token))
            answer.append(
                {
                    "id": read["id"],
                    "outcome": "created",
                    "edit_token": token,
                    "message": "the match was restored here",
                }
            )
            content[read["id"]] = read
            continue
        stored = match_entry(here)
        content[read["id"]] = stored
        same = _same(read, stored, MATCH_CONTENT)
        answer.append(
            {
                "id": read["id"],
                "outcome": "unchanged" if same else "conflict",
                "message": "the match is already here"
                if same
                else "a match with this id is already here with other settings: it was "
                "left as it is",
            }
        )
    return {"answer": answer, "content": content, "create": create}


def _plan_games(entries, matches, created):
    """Check every game entry; (what to answer, games to create with hands and tokens).
    A new game joins only a match `created` by this same import: a match already here has
    its own tables and tokens (and may be a tournament's), so an import without its edit
    token never adds a game to it (the game is reported as a conflict, never linked)."""
    answer, create, seen, places = [], [], set(), set()
    ids = [str(entry["id"]) for entry in entries]
    present = {game.id: game for game in Game.select().where(Game.id.in_(ids))}  # one query
    for index, entry in enumerate(entries):
        what = f"Game {index + 1} of the file ({teams_words(entry)})"
        with naming(what, game_id=str(entry["id"])):
            content, game, rows, state = read_game(entry, _matches_here(entry, matches))
        if game.id in seen:
            raise Invalid(f"{what} is in the file twice", rule_code="DUPLICATE", game_id=game.id)
        seen.add(game.id)
        item = {"id": game.id}
        here = present.get(game.id)
        if here is not None:
            same = _same(content, _stored_game_content(here), GAME_CONTENT)
            answer.append(
                {
                    **item,
                    "outcome": "unchanged" if same else "conflict",
                    "message": f"{teams_words(entry)}: already here, the same"
                    if same
                    else f"{teams_words(entry)}: a game with this id is already here "
                    "with other hands or settings; it was left as it is",
                }
            )
            continue
        if game.match_id is not None and game.match_id not in created:
            answer.append(
                {
                    **item,
                    "outcome": "conflict",
                    "message": (
                        f"{teams_words(entry)}: its match is already here, and a game joins "
                        "a match only at its table; it was left out"
                    ),
                }
            )
            continue
        place = (game.match_id, game.match_game_no)
        if game.match_id is not None and (place in places or _place_taken(*place)):
            answer.append(
                {
                    **item,
                    "outcome": "conflict",
                    "message": (
                        f"{teams_words(entry)}: its match already has a game "
                        f"{game.match_game_no}; it was left out"
                    ),
                }
            )
            continue
        places.add(place)
        with naming(what, game_id=game.id):
            if game.match_id is not None:
                _check_match_teams(entry, matches[game.match_id])
            game.created_at = utc(entry.get("created_at")) or utcnow()
        game.edit_token_hash, token = None, new_token()
        game.share_token = new_token(16)
        create.append((game, rows, state, token))
        answer.append(
            {
                **item,
                "outcome": "created",
                "edit_token": token,
                "share_token": game.share_token,
                "message": f"{teams_words(entry)}: restored here "
                f"({len(rows)} hand{'' if len(rows) == 1 else 's'})",
            }
        )
    return {"answer": answer, "create": create}


def _check_match_teams(entry, match):
    """422 MATCH_TEAMS for a new game of a new match whose teams are not the match's: the
    routes make a match's games with its teams, and a rename of a team follows to all of
    them (a party's table's match is its seating's; api/transfer/party_file.py)."""
    if canonical_json(entry["teams"]) != canonical_json(match["teams"]):
        raise Invalid(
            f"it is played by {teams_words(entry)}, and its match by {teams_words(match)}",
            rule_code="MATCH_TEAMS",
        )


def _check_numbering(entries, games, created):
    """422 GAME_MISSING when a match this import creates would have no game, or a gap in its
    games: the match routes make a match with its game 1 (a party's or event's table plays
    it: their reads take it), and a match's games are 1..n (the next-game route starts game
    n + 1; a match whose only game is game 3 would then play game 2 beside it). Names the
    match and the first game missing."""
    numbers = {}
    for game, _rows, _state, _token in games:
        if game.match_id in created:
            numbers.setdefault(game.match_id, set()).add(game.match_game_no)
    for index, entry in enumerate(entries):
        if str(entry["id"]) not in created:
            continue
        have = numbers.get(str(entry["id"]), set())
        missing = next((n for n in range(1, len(have) + 2) if n not in have), None)
        if not have:
            raise Invalid(
                f"Match {index + 1} of the file ({teams_words(entry)}) has no game: a match "
                "is made with its game 1, so the file holds it",
                rule_code="GAME_MISSING",
            )
        if missing <= len(have):
            raise Invalid(
                f"Match {index + 1} of the file ({teams_words(entry)}) has game {max(have)} "
                f"but no game {missing}: a match's games are numbered from 1, none missing",
                rule_code="GAME_MISSING",
            )


def _matches_here(entry, matches):
    """The matches a game may link to: those of the file, and the one here if it names one."""
    link = entry.get("match")
    if link is None or str(link["id"]) in matches:
        return matches
    here = Match.get_or_none(Match.id == str(link["id"]))
    return matches if here is None else {**matches, here.id: match_entry(here)}


def _place_taken(match_id, game_no):
    """True when a game here already is game `game_no` of the match."""
    return (
        Game.select(Game.id)
        .where((Game.match_id == match_id) & (Game.match_game_no == game_no))
        .exists()
    )


def _store(plan):
    """Insert the new matches, games and hands (and crew, event) in one transaction (409 on
    a race with another import of the same ids: nothing is stored, and importing again
    reports them)."""
    games = plan.games
    try:
        with write_transaction():
            for read, token in plan.matches:
                Match.create(
                    id=read["id"],
                    ruleset=read["ruleset"],
                    overrides=read["rules"],
                    teams=read["teams"],
                    first_dealer=read["first_dealer"],
                    first_to=read["first_to"],
                    shake_rule=read["shake_rule"],
                    edit_token_hash=hash_token(token),
                )
            statements = [_insert_game(game, state, token) for game, _r, state, token in games]
            for game, rows, _state, _token in games:
                statements += [Hand.insert(game.id, row) for row in rows]
            run(statements)  # PostgreSQL: one round trip for every game and hand
            if plan.crew is not None:
                store_crew(plan.crew)
            for _what, store, rows in plan.parts:
                store(rows)
    except IntegrityError:
        raise Conflict(
            "another import of the same games ran at the same time: import the file "
            "again to see what is here",
            rule_code="CONFLICT",
        ) from None


def _insert_game(game, state, token):
    """The statement inserting one checked game row (its state the replay of its log,
    revision 1), for `run`."""
    created = {
        "ruleset": game.ruleset,
        "teams": game.teams,
        "first_dealer": game.first_dealer,
        **({"rules": game.overrides} if game.overrides else {}),
        **({"start_totals": game.start_totals} if game.start_totals is not None else {}),
    }
    return insert_statement(
        Game,
        id=game.id,
        ruleset=game.ruleset,
        overrides=game.overrides,
        teams=game.teams,
        first_dealer=game.first_dealer,
        start_totals=game.start_totals,
        content_hash=content_hash(created),
        edit_token_hash=hash_token(token),
        share_token=game.share_token,
        state={**state, "revision": 1},
        set_aside=game.set_aside,
        match_id=game.match_id,
        match_game_no=game.match_game_no,
        time_called=game.time_called,
        created_at=game.created_at,
        updated_at=utcnow(),
    )
