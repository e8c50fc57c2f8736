"""A game's chart as plotted."""

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def plotted(svg):
    """Read the chart back as a reader's eye would: each line's values through the y scale
    the chart draws (its grid lines and their labels), the hands with a set mark, the
    target line's value, the accessible name. Independent of the drawing's constants."""
    root = ET.fromstring(svg)
    grid = [
        float(line.get("y1")) for line in root.iter(f"{SVG}line") if line.get("class") == "gridline"
    ]
    labels = [
        int(t.text)
        for t in root.iter(f"{SVG}text")
        if t.get("class") == "tick" and t.get("text-anchor") == "end"
    ]
    (y0, v0), (y1, v1) = (grid[0], labels[0]), (grid[-1], labels[-1])

    def value(y):
        return v0 + (y - y0) * (v1 - v0) / (y1 - y0)

    lines, xs = [], []
    for poly in root.iter(f"{SVG}polyline"):
        pairs = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
        xs.append([x for x, _ in pairs])
        values = [value(y) for _, y in pairs]
        # coordinates carry one decimal: a total reads back within 0.05 px of the scale
        slack = 0.05 * abs((v1 - v0) / (y1 - y0)) + 1e-9
        assert slack < 0.5 and all(abs(v - round(v)) <= slack for v in values), values
        lines.append([round(v) for v in values])
    goal = next(line for line in root.iter(f"{SVG}line") if line.get("class") == "goal")
    marks = [
        int(p.get("data-hand")) for p in root.iter(f"{SVG}path") if "set-mark" in p.get("class")
    ]
    title = root.find(f"{SVG}title").text
    won = [p.get("data-side") for p in root.iter(f"{SVG}polyline") if "won" in p.get("class")]
    return {
        "lines": lines,
        "xs": xs,
        "goal": round(value(float(goal.get("y1")))),
        "marks": marks,
        "title": title,
        "won": won,
        "ticks": labels,
    }
