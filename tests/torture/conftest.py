"""Torture-test setup: make `import api` find the app, not the test folder tests/api."""

import os
import sys

# tests/conftest.py puts tests/ on sys.path (pytest's prepend mode), where the package
# tests/api would shadow the real `api`; the project root goes first.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if sys.path[0] != ROOT:
    sys.path.insert(0, ROOT)
