"""Export and import: a game, a match or a crew as a file, and a file restored."""
