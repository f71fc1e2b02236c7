"""The engine's architecture, checked (research/engine-style-comparison.md, the engine
layout issues): the top of ``engine/`` (packages, three modules, the commands in
``engine/cli`` under their old names too), package dependency rules, command modules
that only parse and print, no import cycles, no edition names outside the rulesets,
hook names that exist, no private state members used outside the core, and the
docstring examples run."""

from __future__ import annotations

import ast
import doctest
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import _build
from engine.cli import ALIASES, COMMANDS
from engine.core.hooks import HOOKS
from engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
FILES = sorted(ENGINE.rglob("*.py"))
CLI = ENGINE / "cli"
CLI_FILES = sorted(p for p in CLI.glob("*.py") if p.name != "__init__.py")

#: The only modules at the top of engine/ beside the packages: the package itself,
#: the build switch and the library entry the site imports (engine.play).
TOP_MODULES = {"__init__.py", "_build.py", "play.py"}

#: The agents' work, beside the players in engine/agents/ but above them: it plays
#: games (engine.play), reads the faction decks and measures (engine.tools). The
#: players never import it, and it is never compiled.
AGENT_WORK = {"engine.agents.ladder", "engine.agents.tuning", "engine.agents.texel"}

#: What a command module may define at its top level besides imports: ``main``, an
#: argument parser, and functions that format or print (``format_*``, ``print_*``,
#: also with a leading underscore).
CLI_FUNCTION = re.compile(r"^(main|build_parser|_?format_\w+|_?print_\w+)$")


def module_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Line numbers inside ``if TYPE_CHECKING:`` blocks (type-only imports)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                for sub in node.body:
                    for n in ast.walk(sub):
                        if hasattr(n, "lineno"):
                            out.add(n.lineno)
    return out


def resolve(name: str) -> str:
    """The module an import of ``name`` loads: the commands' old names
    (``engine.simulate``...) are aliases (:data:`engine.cli.ALIASES`)."""
    for old, new in ALIASES.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old) :]
    return name


def imports(path: Path, *, type_only: bool = True) -> Iterator[tuple[str, int]]:
    """(module, line) of every ``engine`` import in ``path``, lazy ones included,
    old names resolved to their modules (:func:`resolve`); ``type_only=False``
    leaves out imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_only else _type_checking_lines(tree)
    mod = module_of(path)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "engine":
                    yield resolve(a.name), node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.rsplit(".", node.level - 1)[0] if node.level > 1 else pkg
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            if name.split(".")[0] != "engine":
                continue
            name = resolve(name)
            # ``from engine.x import y`` may import the submodule engine.x.y
            for a in node.names:
                sub = resolve(f"{name}.{a.name}")
                if (ENGINE.parent / sub.replace(".", "/")).with_suffix(
                    ".py"
                ).exists() or (
                    ENGINE.parent / sub.replace(".", "/") / "__init__.py"
                ).exists():
                    yield sub, node.lineno
                else:
                    yield name, node.lineno


def layer(module: str) -> str:
    """core, rulesets.<name>, rulesets, agents, agents.work, deckbuilding, tools,
    cli or top."""
    parts = module.split(".")
    if len(parts) < 2 or parts[-1] == "__main__":  # the package, `python -m` shims
        return "top"
    if parts[1] == "cli":
        return "cli"
    if module in AGENT_WORK:
        return "agents.work"
    if parts[1] == "rulesets":
        return "rulesets" if len(parts) == 2 else f"rulesets.{parts[2]}"
    if parts[1] in ("core", "agents", "deckbuilding", "tools"):
        return parts[1]
    return "top"


def allowed(src: str, dst: str) -> bool:
    """The dependency rules: core imports only core; a ruleset imports core and
    itself; the agents (players) import core and agents; deck building imports core,
    itself and the rulesets' registry (``engine.rulesets``); the agents' work
    (:data:`AGENT_WORK`), tools and the top-level modules (``engine.play``, the
    optimiser) may import everything but the commands; the commands
    (``engine.cli``) import everything. Only the commands themselves, the package's
    alias hook (``engine`` -> ``engine.cli``) and the ``python -m`` shims
    (``__main__``) import a command module."""
    a, b = layer(src), layer(dst)
    if b == "cli":
        return (
            a == "cli"
            or src.endswith(".__main__")
            or (src, dst) == ("engine", "engine.cli")
        )
    if a in ("tools", "top", "cli", "agents.work"):
        return True
    if a == "core":
        return b == "core"
    if a.startswith("rulesets."):
        return b in ("core", a)
    if a == "rulesets":
        return b == "core" or b.startswith("rulesets")
    if a == "agents":
        return b in ("core", "agents")
    if a == "deckbuilding":
        return b in ("core", "deckbuilding", "rulesets")
    return False  # pragma: no cover


def test_layout_shows_the_architecture() -> None:
    """``ls engine``: the packages and at most three modules; the commands in
    engine/cli, one module per command."""
    for pkg in ("core", "rulesets", "agents", "deckbuilding", "tools", "cli"):
        assert (ENGINE / pkg / "__init__.py").exists(), pkg
    top = {p.name for p in ENGINE.glob("*.py")}
    assert top <= TOP_MODULES, f"engine/ keeps modules beside its packages: {top}"
    for command in COMMANDS:
        name = command.split(".", 1)[1]
        assert (CLI / f"{name}.py").exists(), f"{command} has no engine/cli/{name}.py"
    assert {p.stem for p in CLI_FILES} == {c.split(".", 1)[1] for c in COMMANDS}
    assert (ENGINE / "agents" / "__main__.py").exists()
    assert (ENGINE / "agents" / "ladder.json").exists()


def test_old_names_are_aliases_of_existing_modules() -> None:
    """Every old name maps to a module that exists, and has no file of its own left
    (a file there would not be the module its name imports)."""
    for old, new in ALIASES.items():
        assert (ENGINE.parent / new.replace(".", "/")).with_suffix(".py").exists(), new
        stem = ENGINE.parent / old.replace(".", "/")
        assert not list(stem.parent.glob(stem.name + ".*")), f"{old}: a file is left"
        assert not stem.is_dir(), old
        assert layer(new) in ("cli", "agents.work"), new


def test_no_stale_compiled_module() -> None:
    """Every compiled extension in engine/ sits beside its source: one left behind by
    a moved or deleted module would shadow nothing today but a file of that name
    tomorrow, and would still be importable."""
    stale = [
        str(so.relative_to(ROOT))
        for so in ENGINE.rglob("*.so")
        if not so.with_name(so.name.split(".")[0] + ".py").exists()
        and not so.name.startswith("__mypyc")
    ]
    assert not stale, stale


def test_commands_and_agent_work_are_not_compiled() -> None:
    compiled = set(_build.compiled_sources(ROOT))
    for path in [*CLI.glob("*.py"), *(ENGINE / "agents").glob("*.py")]:
        rel = str(path.relative_to(ROOT))
        if path.parent == CLI or module_of(path) in AGENT_WORK:
            assert rel not in compiled, f"{rel} would be compiled"
    assert {module_of(p) for p in FILES} >= AGENT_WORK


def test_command_package_imports_only_the_standard_library() -> None:
    """engine/cli/__init__.py (the alias hook) loads with every ``import engine``."""
    assert list(imports(CLI / "__init__.py")) == []


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: p.name)
def test_command_modules_only_parse_and_print(path: Path) -> None:
    """A command module imports, parses its arguments (``main``) and prints
    (``format_*``/``print_*`` helpers): no class, no other function, no state. The
    work is library code, which the site and the tests call too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    has_main = has_guard = False
    for i, node in enumerate(tree.body):
        if isinstance(node, ast.Import | ast.ImportFrom):
            has_main = has_main or any(
                (a.asname or a.name) == "main" for a in node.names
            )
            continue
        if i == 0 and isinstance(node, ast.Expr):
            continue  # the docstring
        if isinstance(node, ast.FunctionDef) and CLI_FUNCTION.match(node.name):
            has_main = has_main or node.name == "main"
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            has_guard = True
            continue
        if isinstance(node, ast.Assign) and [
            t.id for t in node.targets if isinstance(t, ast.Name)
        ] == ["__all__"]:
            continue
        bad.append((node.lineno, ast.unparse(node).splitlines()[0]))
    assert not bad, f"{path.relative_to(ROOT)}: not parsing or printing: {bad}"
    assert has_main and has_guard, f"{path.relative_to(ROOT)}: no main() to run"


def test_command_module_check_catches_work() -> None:
    src = "import sys\n\ndef main():\n    pass\n\ndef summarize(r):\n    return r\n"
    tree = ast.parse(src)
    names = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert [n for n in names if not CLI_FUNCTION.match(n)] == ["summarize"]
    assert CLI_FUNCTION.match("_print_changes") and CLI_FUNCTION.match("format_text")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_package_dependency_rules(path: Path) -> None:
    src = module_of(path)
    bad = [(m, line) for m, line in imports(path) if not allowed(src, m)]
    assert not bad, f"{src} may not import {bad} (see tests/test_engine_layout.py)"


@pytest.mark.parametrize(
    "src, dst, ok",
    [
        ("engine.core.state", "engine.core.hooks", True),
        ("engine.core.state", "engine.rulesets.second.setup", False),
        ("engine.core.play", "engine.agents", False),
        ("engine.rulesets.second.summon", "engine.core.board", True),
        ("engine.rulesets.second.summon", "engine.rulesets.first.summon", False),
        ("engine.agents.greedy", "engine.rulesets.second.summon", False),
        ("engine.deckbuilding.resolve", "engine.rulesets", True),
        ("engine.cli.simulate", "engine.agents", True),
        ("engine.cli.simulate", "engine.cli.ladder", True),
        ("engine.agents.greedy", "engine.agents.ladder", False),
        ("engine.agents.ladder", "engine.play", True),
        ("engine.agents.tuning", "engine.tools.measure", True),
        ("engine.agents.ladder", "engine.cli.ladder", False),
        ("engine.tools.measure", "engine.cli.ladder", False),
        ("engine.play", "engine.cli.simulate", False),
        ("engine.agents.__main__", "engine.cli.agents", True),
        ("engine", "engine.cli", True),
    ],
)
def test_dependency_rules_themselves(src: str, dst: str, ok: bool) -> None:
    assert allowed(src, dst) is ok


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    """The runtime import graph (lazy imports included, type-only ones not) has no
    cycle between modules, and the package graph none between packages."""
    modules = {module_of(p): p for p in FILES}
    graph: dict[str, set[str]] = {}
    packages: dict[str, set[str]] = {}
    for mod, path in modules.items():
        for dst, _line in imports(path, type_only=False):
            while dst not in modules and "." in dst:
                dst = dst.rsplit(".", 1)[0]
            if dst != mod and dst in modules:
                graph.setdefault(mod, set()).add(dst)
                a, b = layer(mod), layer(dst)
                # top-level modules, the commands (above everything) and the
                # agents' work (applications kept beside the players: the ladder
                # uses tools' statistics, a tool deals the ladder's deals) are each
                # their own unit (the module graph covers them); between packages
                # no cycle at all
                if (
                    not {"top", "cli", "agents.work"} & {a, b}
                    and a != b
                    and not b.startswith(a)
                    and not a.startswith(b)
                ):
                    packages.setdefault(a, set()).add(b)
    # a package's __init__ importing its own submodules is not a cycle of jobs
    for mod in list(graph):
        graph[mod] = {d for d in graph[mod] if not mod.startswith(d + ".")}
    assert _cycles(graph) == []
    assert _cycles(packages) == []


def test_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"]
    ]


def _edition_names() -> set[str]:
    names = {"first", "second"}
    for r in RULESETS.values():
        names.add(r.name)
        names.update(a.lower() for a in r.aliases)
    return names


def edition_literals(source: str) -> list[tuple[int, str]]:
    """String constants (docstrings aside) that name an edition."""
    tree = ast.parse(source)
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr):
                docs.add(id(body[0].value))
    names = _edition_names()
    return sorted(
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and id(n) not in docs
        and n.value.lower() in names
    )


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if "rulesets" not in p.relative_to(ENGINE).parts],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_edition_named_outside_the_rulesets(path: Path) -> None:
    found = edition_literals(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} names an edition: {found}"


def test_edition_literal_checker() -> None:
    src = '"""Docs may say second."""\nx = "second"\ny = {"first": 1}\nz = "2E"\n'
    assert edition_literals(src) == [(2, "second"), (3, "first"), (4, "2E")]


_HOOK_CALLS = {"hooked", "emit", "collect", "aura_active", "_modded"}
_HOOK_TABLES = {"hooks", "aura_hooks", "self_hooks"}


def hook_names_used(source: str) -> list[tuple[int, str]]:
    """Every string used as a hook name: guards (``"x" in info.hooks``), lookups
    (``hooks.get("x")``, ``st.hooked("x")``, ``st.emit("x", ...)``) and
    ``hook_zones`` keys."""
    out: list[tuple[int, str]] = []

    def table(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr in _HOOK_TABLES
        return isinstance(node, ast.Name) and node.id in _HOOK_TABLES

    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Compare) and isinstance(n.left, ast.Constant):
            if any(isinstance(op, (ast.In, ast.NotIn)) for op in n.ops) and any(
                table(c) for c in n.comparators
            ):
                out.append((n.lineno, n.left.value))
        elif isinstance(n, ast.Call) and n.args and isinstance(n.args[0], ast.Constant):
            f = n.func
            if isinstance(f, ast.Attribute) and (
                f.attr in _HOOK_CALLS or (f.attr == "get" and table(f.value))
            ):
                out.append((n.lineno, n.args[0].value))
        elif isinstance(n, (ast.Assign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if any(isinstance(t, ast.Name) and t.id == "hook_zones" for t in targets):
                if isinstance(n.value, ast.Dict):
                    out += [
                        (n.lineno, k.value)
                        for k in n.value.keys
                        if isinstance(k, ast.Constant)
                    ]
    return sorted(out)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_hook_names_exist(path: Path) -> None:
    """A misspelt hook name in a guard would silently take the fast path and
    switch an ability off: every name must be a declared hook."""
    known = set(HOOKS) | {"blanks"}
    bad = [
        (line, name)
        for line, name in hook_names_used(path.read_text(encoding="utf-8"))
        if name not in known
    ]
    assert not bad, f"{path.relative_to(ROOT)}: unknown hook names {bad}"


def test_hook_name_checker_catches_a_typo() -> None:
    src = (
        'if "mod_strenght" in st.info.hooks: pass\n'
        'st.emit("after_mvoe", 1)\n'
        'x = info.hooks.get("on_destroy")\n'
        'hook_zones = {"mod_hits": (3,)}\n'
    )
    assert hook_names_used(src) == [
        (1, "mod_strenght"),
        (2, "after_mvoe"),
        (3, "on_destroy"),
        (4, "mod_hits"),
    ]


def _private_state_members() -> set[str]:
    """Private names of GameState, read from its source (a compiled class has no
    ``__slots__`` to ask): methods and slots starting with one underscore."""
    tree = ast.parse((ENGINE / "core" / "state.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "GameState":
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    out.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(
                    item.target, ast.Name
                ):
                    out.add(item.target.id)
                elif isinstance(item, ast.Assign) and isinstance(item.value, ast.Tuple):
                    out.update(
                        e.value for e in item.value.elts if isinstance(e, ast.Constant)
                    )
    return {n for n in out if n.startswith("_") and not n.startswith("__")}


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if "core" not in p.relative_to(ENGINE).parts]
    + sorted((ROOT / "tests").rglob("*.py"))
    + sorted((ROOT / "simulate").rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_private_state_members_stay_in_the_core(path: Path) -> None:
    private = _private_state_members()
    if path.name == Path(__file__).name:
        return
    used = [
        (n.lineno, n.attr)
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Attribute) and n.attr in private
    ]
    assert not used, f"{path.relative_to(ROOT)} uses private GameState members {used}"


def test_state_has_private_members_to_guard() -> None:
    assert "_legal" in _private_state_members()


DOCTEST_FILES = sorted(p for p in FILES if ">>>" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", DOCTEST_FILES, ids=lambda p: p.name)
def test_docstring_examples_run(path: Path) -> None:
    """From the source (a compiled module keeps no docstrings to test)."""
    spec = importlib.util.spec_from_file_location(f"_doctest_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    finally:
        del sys.modules[spec.name]
    assert result.attempted > 0 and result.failed == 0
