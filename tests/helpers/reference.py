"""Runs cases through brackets-manager (npm, under Node) and reads its matches back.

brackets-manager wants a power-of-two seeding: we pass the teams in seed order padded with
null (its BYE) up to the bracket size, and do NOT use its `balanceByes`. That is exactly our
layout: the seeds past the last team are byes, so the top seeds get them (1 and 2 of 6 teams
in an 8 bracket). `balanceByes` would instead pair the top seeds against each other and
give the byes to the lowest seeds, which is not how a real bracket does it.
"""

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "brackets" / "reference.cjs"
GROUPS = {"W": 1, "R": 1, "L": 2}
TYPES = {
    "single-elimination": "single_elimination",
    "double-elimination": "double_elimination",
    "round-robin": "round_robin",
}


def available():
    """True when Node and the npm packages (`npm ci` at the project root) are there."""
    return bool(shutil.which("node")) and (ROOT / "node_modules" / "brackets-manager").is_dir()


def match_key(spec):
    """brackets-manager's (group, round, number) for one of our match specs."""
    if spec.bracket == "G":
        return (3, spec.round, 1)
    return (GROUPS[spec.bracket], spec.round, int(spec.id.split(".")[1]))


def case(tournament):
    """One case for reference.cjs: the format, the padded seeding and the results."""
    from brackets.layout import bracket_size

    seeding = list(tournament.teams)
    if tournament.format.value != "round-robin":
        seeding += [None] * (bracket_size(len(seeding)) - len(seeding))
    by_id = {m.id: m.spec for m in tournament.matches()}
    results = [[*match_key(by_id[r.match]), r.winner] for r in tournament.results]
    return {
        "type": TYPES[tournament.format.value],
        "seeding": seeding,
        "results": results,
        "finished": tournament.finished,
    }


def run(cases):
    """brackets-manager's answer per case: ({(group, round, number): row}, standings)."""
    done = subprocess.run(
        ["node", str(SCRIPT)],
        input=json.dumps(cases),
        text=True,
        capture_output=True,
        check=True,
        cwd=ROOT,
        timeout=120,
    )
    return [
        ({tuple(row[:3]): row[3:] for row in answer["matches"]}, answer["standings"])
        for answer in json.loads(done.stdout)
    ]
