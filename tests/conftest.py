"""Shared pytest options: `--long` switches the torture and property tests to big runs."""


def pytest_addoption(parser):
    """Add `--long`, read by the torture tests and the Hypothesis profiles."""
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="run the big torture and property runs (minutes, not seconds)",
    )
