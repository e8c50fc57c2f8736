"""Leagues: a crew's seasons of nights, each night a normal event (docs/leagues.md)."""
