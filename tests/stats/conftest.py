"""Hypothesis profiles for the statistics tests: ~200 examples, 10,000 with `pytest --long`."""

from hypothesis import HealthCheck, settings

settings.register_profile("stats-default", max_examples=200, deadline=None)
settings.register_profile(
    "stats-long",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("stats-default")


def pytest_configure(config):
    """Switch to the 10,000-example profile when pytest gets `--long`."""
    # When a property fails, Hypothesis's report hook touches mypy_extensions.TypedDict,
    # whose DeprecationWarning (an error under filterwarnings=error) hides the failure
    # behind an INTERNALERROR. Ignore exactly that warning.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning",
    )
    if config.getoption("--long", default=False):
        settings.load_profile("stats-long")
