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

from contextlib import contextmanager
from dataclasses import dataclass

from peewee import IntegrityError

import rules
from rules import RulesError

from ..core.errors import Conflict, Invalid, Refusal, field_errors
from ..core.times import naive_utc
from ..core.tokens import hash_token, new_token
from ..games.rulesets import LABEL_KNOBS, check_game_shape, two_team_ruleset
from ..games.service import content_hash
from ..play.hand_log import score, start_state
from ..store.base import canonical_json, insert_statement, run, utcnow
from ..store.db import write_transaction
from ..store.games import Game, Hand, HandRow, Match
from .crew_file import plan_crew, store_crew
from .export import game_entry, match_entry
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


def _teams_words(entry):
    """'Us v Them': how the table names a game."""
    return " v ".join(team["name"] for team in entry["teams"])


def _after_colon(message):
    """A refusal's words after "Game 2 of the file: ": a sentence's "The" goes lower case."""
    starts = ("The ", "A ", "An ", "There ")
    return message[0].lower() + message[1:] if message.startswith(starts) else message


@contextmanager
def _naming(what, **extra):
    """Refusals inside the block name `what` ("game 2 of the file (Us v Them)") first."""
    try:
        yield
    except RulesError as error:
        hand = "" if error.hand_index is None else f", hand {error.hand_index + 1}"
        more = {} if error.hand_index is None else {"hand_no": error.hand_index + 1}
        raise Invalid(
            f"{what}{hand}: {_after_colon(error.message)}",
            rule_code=error.code,
            errors=field_errors(error.field, error.message),
            **extra,
            **more,
        ) from None
    except Refusal as refusal:
        raise Refusal(
            refusal.status,
            f"{what}: {_after_colon(refusal.message)}",
            errors=refusal.errors,
            headers=refusal.headers,
            **{**refusal.extra, **extra},
        ) from None


def _clean_rules(overrides):
    """The overrides as stored: only the knobs rules/ checks (never the labels)."""
    return {k: v for k, v in (overrides or {}).items() if k not in LABEL_KNOBS}


def _utc(moment):
    """An aware or naive datetime as naive UTC (as stored), or None (422 off the calendar)."""
    return naive_utc(moment, "its start date is not a day a game could have started")


def _read_match(entry):
    """A match entry checked against rules/ and the match rules; returns its stored content."""
    ruleset = two_team_ruleset(entry, field=None)  # an export's entry: no form field to name
    check_game_shape(entry, ruleset)
    return {
        "id": str(entry["id"]),
        "ruleset": entry["ruleset"],
        "rules": _clean_rules(entry.get("rules")),
        "teams": entry["teams"],
        "first_dealer": entry["first_dealer"],
        "first_to": entry["first_to"],
        "shake_rule": entry["shake_rule"],
    }


def _read_game(entry, matches):
    """A game entry checked (shape, match link, every hand and set-aside hand scored by
    rules/); returns (its content, the unsaved Game row, its HandRows, its final state)."""
    ruleset = rules.get_ruleset(entry["ruleset"], entry.get("rules") or None)
    check_game_shape(entry, ruleset)
    link = entry.get("match")
    if link is not None:
        link = {"id": str(link["id"]), "game_no": link["game_no"]}
        match = matches.get(link["id"])
        if match is None:
            raise Invalid(
                "it belongs to a match that is neither in the file nor here: export "
                "the game again to carry its match",
                rule_code="MATCH_MISSING",
            )
        if (match["ruleset"], match["rules"]) != (
            entry["ruleset"],
            _clean_rules(entry.get("rules")),
        ):
            raise Invalid("it is played by other rules than its match", rule_code="MATCH_RULES")
    content = {
        "ruleset": entry["ruleset"],
        "rules": _clean_rules(entry.get("rules")),
        "teams": entry["teams"],
        "first_dealer": entry["first_dealer"],
        "start_totals": entry.get("start_totals"),
        "hands": [h["hand"] for h in entry["hands"]],
        "set_aside": entry.get("set_aside"),
        "match": link,
        "time_called": entry.get("time_called"),
    }
    numbers = [h["hand_no"] for h in entry["hands"]]
    if numbers != list(range(1, len(numbers) + 1)):
        raise Invalid(
            "its hands must be numbered 1, 2, 3 ... in order, with none missing",
            rule_code="HAND_NUMBERS",
        )
    game = Game(
        id=str(entry["id"]),
        ruleset=content["ruleset"],
        overrides=content["rules"],
        teams=content["teams"],
        first_dealer=content["first_dealer"],
        start_totals=content["start_totals"],
        set_aside=content["set_aside"],
        match_id=link and link["id"],
        match_game_no=link and link["game_no"],
        time_called=content["time_called"],
    )
    rows = [HandRow(no, body, None) for no, body in enumerate(content["hands"], 1)]
    state = score(game, start_state(game), rows)
    if content["set_aside"] is not None:
        _check_set_aside(game, content["set_aside"], content["hands"])
    return content, game, rows, state


def _check_set_aside(game, record, bodies):
    """The set-aside hands must be what an edit took off this log: putting them back (as
    restore does) must score, from the edited hand's previous body on."""
    if record["hand_no"] > len(bodies) or record["first_hand_no"] != len(bodies) + 1:
        raise Invalid(
            f"the hands set aside must follow the last hand ({len(bodies)}), taken off "
            "by an edit of a hand of the log",
            rule_code="SET_ASIDE_MISMATCH",
        )
    restored = list(bodies)
    restored[record["hand_no"] - 1] = record["previous"]
    restored += record["hands"]
    score(game, start_state(game), [HandRow(n, b, None) for n, b in enumerate(restored, 1)])


def _stored_game_content(game):
    """A game already here, in the content form of `_read_game` (from its export)."""
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
    answers, parts = plan_parts(data, known, new_matches, _naming)
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
    with _naming("The crew of the file"):
        return plan_crew(data["crew"], seats, game_answers, (known, file_games, created))


def _plan_matches(entries):
    """Check every match entry; (what to answer, contents by id, matches to create)."""
    answer, content, create = [], {}, []
    for index, entry in enumerate(entries):
        with _naming(f"Match {index + 1} of the file"):
            read = _read_match(entry)
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
        what = f"Game {index + 1} of the file ({_teams_words(entry)})"
        with _naming(what, game_id=str(entry["id"])):
            content, game, rows, state = _read_game(entry, _matches_here(entry, matches))
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
                    "message": f"{_teams_words(entry)}: already here, the same"
                    if same
                    else f"{_teams_words(entry)}: a game with this id is already here "
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
                        f"{_teams_words(entry)}: its match is already here, and a game joins "
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
                        f"{_teams_words(entry)}: its match already has a game "
                        f"{game.match_game_no}; it was left out"
                    ),
                }
            )
            continue
        places.add(place)
        with _naming(what, game_id=game.id):
            if game.match_id is not None:
                _check_match_teams(entry, matches[game.match_id])
            game.created_at = _utc(entry.get("created_at")) or utcnow()
        game.edit_token_hash, token = None, new_token()
        game.share_token = new_token(16)
        create.append((game, rows, state, token))
        answer.append(
            {
                **item,
                "outcome": "created",
                "edit_token": token,
                "share_token": game.share_token,
                "message": f"{_teams_words(entry)}: restored here "
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
            f"it is played by {_teams_words(entry)}, and its match by {_teams_words(match)}",
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
                f"Match {index + 1} of the file ({_teams_words(entry)}) has no game: a match "
                "is made with its game 1, so the file holds it",
                rule_code="GAME_MISSING",
            )
        if missing <= len(have):
            raise Invalid(
                f"Match {index + 1} of the file ({_teams_words(entry)}) has game {max(have)} "
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
