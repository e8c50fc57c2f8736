"""A file's games and matches read and checked as an import stores them: every hand and
set-aside hand scored by rules/ from the game's start (the engine accepts exactly what the hand
routes accept), and each refusal named by the game's place in the file and its teams."""

from contextlib import contextmanager

import rules
from rules import RulesError

from ..core.errors import Invalid, Refusal, field_errors
from ..core.times import naive_utc
from ..games.rulesets import LABEL_KNOBS, check_game_shape, two_team_ruleset
from ..play.hand_log import score, start_state
from ..store.games import Game, HandRow


def teams_words(entry):
    """'Us v Them': how the table names a game."""
    return " v ".join(team["name"] for team in entry["teams"])


def _after_colon(message):
    """A refusal's words after "Game 2 of the file: ": a sentence's "The" goes lower case."""
    starts = ("The ", "A ", "An ", "There ")
    return message[0].lower() + message[1:] if message.startswith(starts) else message


@contextmanager
def naming(what, **extra):
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


def utc(moment):
    """An aware or naive datetime as naive UTC (as stored), or None (422 off the calendar)."""
    return naive_utc(moment, "its start date is not a day a game could have started")


def read_match(entry):
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


def read_game(entry, matches):
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
