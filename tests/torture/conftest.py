"""Torture-test setup: make `import api` find the app, not the test folder tests/api."""

import os
import sys

# pyproject's `pythonpath` puts tests/ on sys.path (for tests/helpers/), where the folder
# tests/api could be taken for the real `api`; the project root goes first.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if sys.path[0] != ROOT:
    sys.path.insert(0, ROOT)
