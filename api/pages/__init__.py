"""Presenters of the server-rendered pages: the share page's summary and charts, the board's
view and screens. Pure: they take views and give page models."""
