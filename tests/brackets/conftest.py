"""Hypothesis profiles for the bracket tests: 40 examples (CI), 2,000 with `pytest --long`."""

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for `import reference`

settings.register_profile(
    "brackets-default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "brackets-long",
    max_examples=2_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("brackets-default")


def pytest_configure(config):
    """Switch to the 2,000-example profile when pytest gets `--long`."""
    config.addinivalue_line(
        "filterwarnings",
        "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning",
    )
    if config.getoption("--long", default=False):
        settings.load_profile("brackets-long")
