"""The 128-team board's seed: hands at the tables, every match forfeited."""


def forfeit_all(event, prefix, share=1.0):
    """Forfeit (the second side loses) `share` of the matches whose id starts with `prefix`
    and whose two teams are known; returns the director view afterwards."""
    view = event.view()
    ready = [
        m
        for m in view["matches"]
        if m["id"].startswith(prefix)
        and m["status"] in ("playing", "waiting-for-table")
        and "bye" not in m["teams"]
    ]
    for match in ready[: round(len(ready) * share)]:
        event.forfeit(match["id"], match["teams"][1])
    return event.view()


def hands_at_tables(event, won=0):
    """The games at the first `won` tables played out, then one or two hands into the game
    at every table: live scores."""
    playing = [m for m in event.view()["matches"] if m["status"] == "playing"]
    for n, match in enumerate(playing[:won]):
        event.win_game(match, n % 2)
    playing = [m for m in event.view()["matches"] if m["status"] == "playing"]
    for n, match in enumerate(playing):
        event.win_game(match, n % 2, hands=2 if n % 3 else 1)
