"""Why a game ended, worded once: rules/words.py END_WORDS (the share page) and
pwa/js/words.js END_WORDS (the game-over screen's past tense and the ending hand's present
tense) are the same table, string for string, and fill it in the same way (docs/rules.md 9,
10 and 33: the target, both sides past it, the hand limit; a paper score that decides it)."""

import itertools
import json
import pathlib
import subprocess

from rules.words import END_WORDS, end_words

ROOT = pathlib.Path(__file__).resolve().parents[2]
REASONS = [*END_WORDS, "something new", None]
CASES = [
    {
        "reason": reason,
        "tense": tense,
        "winner": winner,
        "many": many,
        "goal": goal,
        "hands": 13,
        "sides": sides,
    }
    for reason, tense, (winner, many), goal, sides in itertools.product(
        REASONS,
        ("past", "now"),
        (("Rangers", True), ("Ann", False), (None, False), ("Team {goal} & {all}", True)),
        ("7 marks", "250 points"),
        (2, 3),
    )
]
JS = """
import { END_WORDS, endWords } from './pwa/js/words.js';
const cases = JSON.parse(process.argv[1]);
console.log(JSON.stringify({ table: END_WORDS,
  said: cases.map((c) => endWords(c.reason, c.tense, c)) }));
"""


def js_answer():
    done = subprocess.run(
        ["node", "--input-type=module", "-e", JS, json.dumps(CASES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_the_phone_and_the_share_page_word_every_end_reason_alike():
    """One table: the same reasons, the same sentences in both tenses, the same filling."""
    answer = js_answer()
    assert answer["table"] == END_WORDS
    python = [
        end_words(
            c["reason"], c["tense"], c["winner"], c["many"], c["goal"], c["hands"], c["sides"]
        )
        for c in CASES
    ]
    assert answer["said"] == python
    assert len(CASES) == 288 and sum(1 for s in python if s) > 150


def test_each_reason_in_a_players_words():
    """Team or one player, past or now; a name is never filled in twice."""
    assert end_words("target", "past", "Rangers", True, "7 marks", 13, 2) == (
        "Rangers reached 7 marks first."
    )
    assert end_words("target", "now", "Ann", False, "250 points", None, 3) == (
        "Ann reaches 250 points"
    )
    assert end_words("bidder_out", "now", "Us", True, "250 points", None, 2) == (
        "both sides pass 250 points: the bidders made it, so Us go out"
    )
    assert end_words("higher_total", "past", "Ann", False, "250 points", None, 3) == (
        "More than one side reached 250 points in the last hand; Ann has the higher score."
    )
    assert end_words("hand_limit", "past", "Them", True, "7 marks", 13, 2) == (
        "All 13 hands are played; Them were ahead."
    )
    assert end_words("paper_score", "now", "Them", True, "7 marks", 13, 2) == (
        "the score carried over already decides it"
    )
    assert end_words(None, "past", "{winner}", False, "7 marks", 13, 2) == "{winner} wins."
    assert end_words("target", "now", None, False, "7 marks", 13, 2) == ""
