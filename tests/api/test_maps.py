"""The maps stay whole: docs/architecture.md names every module of api/, pwa/README.md every
file of pwa/ and every route of the phone's router, each by a line of its own; a line naming
a module, file or route that is gone fails too. And the code cites reasons, not issue numbers:
a reader without the tracker must understand why a line is there.

Self-contained on purpose (it reads files, imports nothing of api/ or tests/)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
PWA = ROOT / "pwa"
PWA_README = PWA / "README.md"

# A map's line: a table row whose first cell is one path (or route) in backticks.
ROW = re.compile(r"^\| `([^`]+)` \|", re.MULTILINE)


def table_rows(text):
    """The first cells of a markdown page's table rows, in order."""
    return ROW.findall(text)


def api_modules():
    """Every module of api/ as a path from the repository's root, packages' __init__ too."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "api").rglob("*.py")}


def test_architecture_names_every_api_module_once():
    """A module added without its line in the layers' tables fails here; so does a second
    line for one module (two descriptions drift apart)."""
    rows = [r for r in table_rows(ARCHITECTURE.read_text()) if r.startswith("api/")]
    missing = sorted(api_modules() - set(rows))
    assert missing == [], f"docs/architecture.md has no line for {missing}"
    twice = sorted({r for r in rows if rows.count(r) > 1})
    assert twice == [], f"docs/architecture.md names these twice: {twice}"


def test_architecture_names_no_module_that_is_gone():
    """Every `api/...py` the page names, in its tables or its prose, exists."""
    named = set(re.findall(r"`(api/[\w/]+\.py)\b", ARCHITECTURE.read_text()))
    stale = sorted(named - api_modules())
    assert stale == [], f"docs/architecture.md names modules that do not exist: {stale}"


def pwa_file_rows():
    """The file table's first cells (paths from pwa/); the routes' rows start with #."""
    return [r for r in table_rows(PWA_README.read_text()) if not r.startswith("#")]


def test_pwa_readme_names_every_file():
    """Every file under pwa/ has a line, except the README itself and files inside a folder
    the table names as a whole (a row ending in /, like icons/)."""
    rows = pwa_file_rows()
    folders = tuple(r for r in rows if r.endswith("/"))
    files = {
        p.relative_to(PWA).as_posix()
        for p in PWA.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    files -= {"README.md"}
    missing = sorted(f for f in files - set(rows) if not f.startswith(folders))
    assert missing == [], f"pwa/README.md has no line for {missing}"


def test_pwa_readme_names_no_file_that_is_gone():
    """Every row of the file table names a file or folder that exists under pwa/."""
    stale = sorted(r for r in pwa_file_rows() if not (PWA / r).exists())
    assert stale == [], f"pwa/README.md names files that do not exist: {stale}"


def router_routes():
    """js/app.js's ROUTES as {route in the README's notation: screen}.

    A capture group becomes `<>`, an optional non-capturing group `[...]`; anything else a
    pattern could hold fails, so a router that outgrows the notation is noticed here."""
    source = (PWA / "js" / "app.js").read_text()
    block = source.split("const ROUTES = [", 1)[1].split("];", 1)[0]
    routes = {}
    for pattern, screen in re.findall(r"\[/(.+?)/,\s*'([\w-]+)'", block):
        shape = pattern.removeprefix("^").removesuffix("$").replace("\\/", "/")
        shape = shape.removesuffix("/?") or "#"
        shape = re.sub(r"\((?!\?)[^()]*\)", "<>", shape)
        shape = re.sub(r"\(\?:([^()]*)\)\?", r"[\1]", shape)
        shape = "#/" if shape == "#" else shape
        assert not re.search(r"[\\(){}?+*^$|]", shape), f"cannot read route {pattern!r}"
        routes.setdefault(shape, set()).add(f"js/views/{screen}.js")
    assert routes, "no ROUTES found in pwa/js/app.js"
    return routes


def shape_of(route):
    """A documented route with its placeholders' names dropped: `#/g/<id>` -> `#/g/<>`."""
    return re.sub(r"<[^>]*>", "<>", route)


def documented_routes():
    """The README's routes table as {shape: {screens}}."""
    rows = re.findall(
        r"^\| `(#/[^`]*)` \| `(js/views/[\w-]+\.js)` \|", PWA_README.read_text(), re.MULTILINE
    )
    routes = {}
    for route, screen in rows:
        routes.setdefault(shape_of(route), set()).add(screen)
    return routes


def test_pwa_readme_names_every_route_with_its_screen():
    """Every route the router knows has a row in the routes table, naming the screen the
    router opens for it."""
    documented = documented_routes()
    for shape, screens in router_routes().items():
        assert shape in documented, f"pwa/README.md's routes table has no row for {shape}"
        assert documented[shape] == screens, f"{shape} opens {screens}, not {documented[shape]}"


def test_pwa_readme_names_no_route_the_router_does_not_know():
    """Every `#/...` route the README names, in the table or its prose, is one the router
    knows."""
    known = router_routes()
    named = re.findall(r"`(#/[^`]*)`", PWA_README.read_text())
    stale = sorted({r for r in named if shape_of(r) not in known})
    assert stale == [], f"pwa/README.md names routes the router does not know: {stale}"


# An issue cited by number: "issue 21", "(issue 14, ...", "Issues 13", "issue #7", "issue item
# 1", "issue "the table"", or a bare "#21" (not an HTML entity such as &#39;).
ISSUE_CITED = re.compile(r"\bissues? +(?:#?\d|item\b|\")|(?<![&\w])#\d{2}\b(?!;)", re.IGNORECASE)
CODE_ROOTS = ("api", "pwa", "rules", "brackets", "stats", "bench", "tests", "deploy")
TOP_FILES = ("app.py", "live.py", "gunicorn.conf.py", "gunicorn.live.conf.py")
NOT_TEXT = {".png", ".ico", ".gz", ".woff", ".woff2", ".pyc", ".sqlite", ".db"}


def code_files():
    """Every text file of the code's folders and the top-level entry files."""
    for name in CODE_ROOTS:
        for path in sorted((ROOT / name).rglob("*")):
            skipped = {"__pycache__", "node_modules", "results"} & set(path.parts)
            if path.is_file() and path.suffix not in NOT_TEXT and not skipped:
                yield path
    for name in TOP_FILES:
        yield ROOT / name


def test_code_cites_no_issue_numbers():
    """A comment or docstring says its reason itself; an issue number means nothing to a
    reader without the tracker (this file, which names the pattern, is the one exception)."""
    me = Path(__file__).resolve()
    found = []
    for path in code_files():
        if path.resolve() == me:
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if ISSUE_CITED.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert found == [], "issue numbers cited:\n" + "\n".join(found)
