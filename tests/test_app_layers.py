"""The apps' layers: the catalog (``cards``) stands below ``decks``, decks below
the simulations and analyses, and the job framework ``work`` (slices, heartbeats,
watchdog, fair scheduling) below ``simulate`` and ``analysis``: no app imports one
above it, not even inside a function (a page of a lower app shows the higher apps'
parts through URL names or the hooks that ``sw_site.composition`` fills in).
``analysis`` uses only public names of ``simulate``; the Celery app imports no
app; and no module-level import circle joins simulate, analysis, work and the
Celery app."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_engine_layout import _cycles

ROOT = Path(__file__).resolve().parent.parent
APPS = ("simulate", "analysis", "work")


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    found["sw_site.celery"] = ROOT / "sw_site" / "celery.py"
    return found


def _imports(path: Path, *, top_level_only: bool) -> list[tuple[str, list[str]]]:
    """(module, imported names) of every import (or only those at module level)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = []
    for node in nodes:
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.module, [alias.name for alias in node.names]))
    return out


#: Each lower app and the apps above it, which it must never import.
HIGHER = {
    "cards": ("decks", "simulate", "analysis", "work"),
    "decks": ("simulate", "analysis", "work"),
}


def _app_modules(app: str) -> dict[str, Path]:
    """Every module of ``app`` (migrations aside), by dotted name."""
    found = {}
    for path in sorted((ROOT / app).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        found[".".join(path.relative_to(ROOT).with_suffix("").parts)] = path
    return found


def _dynamic_imports(path: Path) -> list[str]:
    """Modules or apps named by ``import_module("x")``, ``__import__("x")`` or
    ``apps.get_model("app", ...)``: imports all the same."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        first = node.args[0]
        if name in ("import_module", "__import__", "get_model") and isinstance(
            first, ast.Constant
        ):
            out.append(str(first.value).replace(".", " ").split()[0])
    return out


def test_the_catalog_and_decks_import_no_app_above_them():
    bad = []
    for app, higher in HIGHER.items():
        modules = _app_modules(app)
        assert f"{app}.views" in modules and f"{app}.apps" in modules  # found them
        for name, path in modules.items():
            imported = [m for m, _ in _imports(path, top_level_only=False)]
            bad += [
                f"{name} imports {m}"
                for m in imported + _dynamic_imports(path)
                if m.split(".")[0] in higher
            ]
    assert not bad, "a lower app imports a higher one:\n" + "\n".join(bad)


def test_work_imports_neither_simulate_nor_analysis():
    for name, path in _modules().items():
        if not name.startswith("work"):
            continue
        bad = [
            m
            for m, _ in _imports(path, top_level_only=False)
            if m.split(".")[0] in ("simulate", "analysis")
        ]
        assert not bad, f"{name} imports {bad}: work stands below the apps using it"


def test_simulate_never_imports_analysis():
    for name, path in _modules().items():
        if name.startswith("simulate"):
            bad = [
                m
                for m, _ in _imports(path, top_level_only=False)
                if m.split(".")[0] == "analysis"
            ]
            assert not bad, f"{name} imports {bad}"


def test_analysis_uses_only_public_names_of_simulate():
    for name, path in _modules().items():
        if not name.startswith("analysis"):
            continue
        for module, names in _imports(path, top_level_only=False):
            if module.split(".")[0] != "simulate":
                continue
            private = [n for n in [*module.split("."), *names] if n.startswith("_")]
            assert not private, f"{name} imports private {private} from {module}"
            assert module not in ("simulate.tasks",), f"{name} imports {module}"


def test_the_celery_app_imports_no_app():
    imported = [
        m for m, _ in _imports(ROOT / "sw_site" / "celery.py", top_level_only=False)
    ]
    bad = [m for m in imported if m.split(".")[0] in (*APPS, "cards", "decks")]
    assert not bad, f"sw_site/celery.py imports {bad}"


def test_no_module_level_import_circle():
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for module, names in _imports(path, top_level_only=True):
            for target in (module, *(f"{module}.{n}" for n in names)):
                if target in modules and target != name:
                    graph[name].add(target)
    # strongly connected components: any of more than one module is a circle
    circles = _cycles(graph)
    assert not circles, f"import circles: {circles}"
