"""schemathesis over the OpenAPI document, with all its checks, on the WSGI app (bounded): the
operations under /api/crews (a crew's, its leagues' and seasons'), each alone. Apart from
test_api_schemathesis.py so two test processes share the operations (docs/testing.md)."""

import schemathesis
from helpers.openapi_fuzz import CREWS, EACH_OPERATION, call_and_validate

schema = schemathesis.pytest.from_fixture("api_schema").include(path_regex=CREWS)


@schema.parametrize()
@EACH_OPERATION
def test_api_conforms_to_its_openapi_document(case, fuzz_table):
    """Each operation under /api/crews, as test_api_schemathesis.py checks the others."""
    call_and_validate(case, fuzz_table)
