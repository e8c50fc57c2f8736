"""The tests' helper modules: clients, seeds and shared steps the test modules import as
`from helpers.<module> import ...` (pytest puts tests/ on the path). No tests live here."""
