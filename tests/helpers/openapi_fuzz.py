"""schemathesis over the app's OpenAPI document, each operation alone: its checks and their
expected statuses, the examples per operation, and a call made as the table that owns the game.
The operations are split over several test files (by path) so two pytest processes share them:
`--dist loadfile` keeps a file on one process."""

import os

from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))

# Every check stays on; two have their expected statuses widened. A body can fit the schema
# and still break the game's rules (a bid of 29, a hand after the game is won), which rules/
# answers with a 422 and a `rule_code`; the schema cannot express a ruleset, so 422 is an
# expected answer to valid data.
# And an invalid body can be refused for its size alone (413, over 16 KiB).
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": [
                    "2xx",
                    "3xx",
                    "401",
                    "403",
                    "404",
                    "409",
                    "413",
                    "422",
                    "429",
                ],
            },
            "negative_data_rejection": {
                "expected-statuses": [
                    "400",
                    "401",
                    "403",
                    "404",
                    "405",
                    "406",
                    "409",
                    "413",
                    "415",
                    "422",
                    "428",
                    "429",
                ],
            },
        },
    }
)

# Each file's share of the operations, by path; the last file takes every other one, so the
# files together cover the whole document.
EVENTS = r"^/api/events"
CREWS = r"^/api/crews"
BY_FILE = (EVENTS, CREWS)

# The settings of each operation's examples.
EACH_OPERATION = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def call_and_validate(case, fuzz_table):
    """Call one generated case and run every check on its answer."""
    # Valid cases aim at the real game with its edit token, so they reach past the 401/404;
    # invalid ones go as generated (a fixed id or token would make them valid again).
    if case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE:
        params = case.path_parameters or {}
        if "game_id" in params:
            params["game_id"] = fuzz_table.id
        if "token" in params:
            params["token"] = fuzz_table.share_token
        case.headers = {**(case.headers or {}), **fuzz_table.auth}
    case.call_and_validate()
