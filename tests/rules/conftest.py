"""Hypothesis profiles for the rules tests: ~200 examples, 10,000 with `pytest --long`."""

from hypothesis import HealthCheck, settings

settings.register_profile("rules-default", max_examples=200, deadline=None)
settings.register_profile(
    "rules-long",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rules-default")


def pytest_configure(config):
    """Switch to the 10,000-example profile when pytest gets `--long`."""
    if config.getoption("--long", default=False):
        settings.load_profile("rules-long")
