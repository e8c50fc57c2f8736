"""The layers of api/: arrows that only point down (docs/architecture.md).

Three rules, read from the source with `ast` (nothing is imported):
- no import of an api module inside a function (the app factory imports at the top too);
- each package imports only from itself or a lower layer;
- no import cycle anywhere in api/, inside a package too.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Low to high. A module's layer is its package under api/ (`api.events.derive` is `events`);
# the modules at the top of api/ have a layer of their own. Layers on one line of the docs
# ("pages, games") are peers: neither imports the other.
LAYERS = (
    ("store",),
    ("core",),
    ("live",),
    ("pages", "games"),
    ("events",),
    ("crews",),
    ("parties", "leagues"),
    ("play",),
    ("transfer",),
    ("schemas",),
    ("openapi",),
    ("routes",),
    ("config", "serve", "__init__"),
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
# Modules any layer may import: settings read once at start-up, nothing of the app.
BELOW_EVERYTHING = {"api.config"}


def module_name(path, root):
    """`api/events/derive.py` -> `api.events.derive`; a package's `__init__` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(importer, is_package, node):
    """The api modules an ImportFrom or Import names (absolute names), given its importer."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == "api"]
    if node.level == 0:
        base = node.module or ""
        if base.split(".")[0] != "api":
            return []
    else:
        package = importer.split(".") if is_package else importer.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([node.module] if node.module else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def imports(root):
    """{module: [(imported name, line, inside a function?)]} for every module under `root`."""
    found = {}
    for path in sorted((root / "api").rglob("*.py")):
        name = module_name(path, root)
        tree = ast.parse(path.read_text(), filename=str(path))
        found[name] = []

        def walk(node, in_function, name=name, path=path):
            for child in ast.iter_child_nodes(node):
                nested = in_function or isinstance(
                    child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                )
                if isinstance(child, ast.Import | ast.ImportFrom):
                    for target in resolve(name, path.name == "__init__.py", child):
                        found[name].append((target, child.lineno, in_function))
                walk(child, nested)

        walk(tree, False)
    return found


def known(target, modules):
    """The module a dotted name is, or the module holding it (`api.core.errors.abort`)."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def layer(module):
    """The layer of `api.x.y`: `x` (a package, or a module at the top of api/)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def edges(root):
    """{(importer, imported module, line, inside a function?)}, api modules only."""
    found = imports(root)
    modules = set(found)
    out = set()
    for importer, targets in found.items():
        for target, line, inside in targets:
            module = known(target, modules)
            # `from . import derive` names the package on its way to the module: skip it
            if module and module != importer and not importer.startswith(module + "."):
                out.add((importer, module, line, inside))
    return out


def inner_imports(root):
    """{(importer, imported, line)} for imports of api modules made inside a function."""
    return {(a, b, line) for a, b, line, inside in edges(root) if inside}


def upward_imports(root):
    """{(importer, imported)} where a module imports from a higher layer, or from a peer."""
    bad = set()
    for importer, imported, _line, _inside in edges(root):
        if imported in BELOW_EVERYTHING:
            continue
        mine, theirs = layer(importer), layer(imported)
        if mine == theirs:
            continue
        if theirs not in RANK or mine not in RANK or RANK[theirs] >= RANK[mine]:
            bad.add((importer, imported))
    return bad


def cycles(root):
    """Every import cycle among api modules, each as a sorted tuple of its modules (Tarjan's
    strongly connected components of more than one module, or a module importing itself)."""
    graph = {}
    for importer, imported, _line, _inside in edges(root):
        graph.setdefault(importer, set()).add(imported)
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                out.append(tuple(sorted(component)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(out)
