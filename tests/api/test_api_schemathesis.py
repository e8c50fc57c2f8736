"""schemathesis over the OpenAPI document, with all its checks, on the WSGI app (bounded)."""

import os

import pytest
import schemathesis
from apitest import Table, TestApp, made
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))
# Every check stays on; two have their expected statuses widened. A body can fit the schema
# and still break the game's rules (a bid of 29, a hand after the game is won), which rules/
# answers with a 422 and a `rule_code`; the schema cannot express a ruleset, so 422 is an
# expected answer to valid data.
# And an invalid body can be refused for its size alone (413, over 16 KiB).
CONFIG = SchemathesisConfig.from_dict({
    "checks": {
        "positive_data_acceptance": {
            "expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "413", "422",
                                  "429"],
        },
        "negative_data_rejection": {
            "expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "413",
                                  "415", "422", "428", "429"],
        },
    },
})


@pytest.fixture
def api_schema(app):
    """The app's own OpenAPI document, loaded in-process."""
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)


@pytest.fixture
def fuzz_table(app):
    """A game with one hand, whose id and tokens the generated requests use."""
    table = Table(TestApp(app))
    table.hand(1, **made())
    return table


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_api_conforms_to_its_openapi_document(case, fuzz_table):
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
