"""An event kept on a table's phone, the sizes and teams of its tests."""

TEAMS = [
    ("Rangers", ["Ann", "Bo"]),
    ("Owls", ["Cy", "Dot"]),
    ("Bears", ["Ed", "Flo"]),
    ("Aggies", ["Gus", "Hal"]),
]


SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


def keep_event(page, made, started):
    """The event as this phone's own, with the table links its start handed out."""
    page.evaluate(
        """async ([made, started]) => {
        const d = await import('/js/director.js');
        await d.keepEvent(made.id, {name: made.name, token: made.director_token,
                                    public_token: made.public_token, tables: {}});
        await d.keepTableTokens(made.id, started);
    }""",
        [made, started],
    )
