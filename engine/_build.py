"""Which engine build runs: the mypyc-compiled hot modules or pure Python.

``pip install -e .`` (so ``make run`` and ``make test``) compiles the modules listed in
:data:`COMPILED` with mypyc when a C compiler works, and writes a manifest,
``engine/_compiled.json``, with the SHA-256 of each compiled module's source. Compiled
extension files shadow the ``.py`` files, so an edit without a rebuild would silently
play old rules; :func:`select` (run by ``engine/__init__.py`` before any engine module
loads) prevents that: when any compiled module's source differs from the manifest (or
is gone, or its extension file is), or ``SW_ENGINE_PURE=1`` is set, it makes every
``engine.*`` import load the ``.py`` source and says so on stderr, once per process.
Compiled modules call each other natively, so it is all or nothing.

:data:`BUILD` is ``"compiled"`` or ``"pure"``; :data:`REASON` says why it is pure.
``make install`` prints :func:`describe` (one line about the build).

This module is never compiled and imports only the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent  # engine/
MANIFEST = ROOT / "_compiled.json"
PURE_ENV = "SW_ENGINE_PURE"
MANIFEST_ENV = "SW_ENGINE_MANIFEST"  # tests point the guard at another manifest

#: Source files compiled with mypyc, relative to the project root (globs). Left
#: interpreted: package __init__ files that only list modules, the CLIs
#: (engine/cli), the agents' work beside the players (the ladder and the tuning: they
#: drive games, the players they drive are compiled), the deck building and catalog
#: code (YAML, not hot), and engine/core/actions.py (frozen dataclasses with ClassVar
#: fields, which mypyc mishandles).
COMPILED: tuple[str, ...] = (
    "engine/core/*.py",
    "engine/core/mechanics/*.py",
    "engine/rulesets/*/*.py",
    "engine/rulesets/*/abilities/*.py",
    "engine/agents/*.py",
    "engine/play.py",
)
NOT_COMPILED: frozenset[str] = frozenset(
    {
        "engine/core/__init__.py",
        "engine/core/mechanics/__init__.py",
        "engine/core/actions.py",
        "engine/core/replay.py",
        "engine/agents/__init__.py",
        "engine/agents/__main__.py",
        "engine/agents/adjudication.py",
        "engine/agents/ladder.py",
        "engine/agents/plans.py",
        "engine/agents/texel.py",
        "engine/agents/tuning.py",
    }
)
_ABILITY_PACKAGES = "engine/rulesets/*/abilities/__init__.py"

BUILD = "pure"
REASON = "not built"


def compiled_sources(project: Path = ROOT.parent) -> list[str]:
    """The source files to compile, relative to ``project``, sorted."""
    out: set[str] = set()
    skip_abilities = {
        str(p.relative_to(project)) for p in project.glob(_ABILITY_PACKAGES)
    }
    for pattern in COMPILED:
        for p in project.glob(pattern):
            rel = str(p.relative_to(project))
            if rel not in NOT_COMPILED and rel not in skip_abilities:
                out.add(rel)
    return sorted(out)


def module_name(rel: str) -> str:
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(
    project: Path, sources: Sequence[str], *, build: str, reason: str = ""
) -> None:
    """Record what the build made (called by setup.py)."""
    data: dict[str, Any] = {"build": build, "reason": reason, "modules": {}}
    if build == "compiled":
        data["modules"] = {
            module_name(rel): source_hash(project / rel) for rel in sources
        }
    (project / "engine" / "_compiled.json").write_text(
        json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def _extension_of(module: str) -> Path | None:
    base = ROOT.parent.joinpath(*module.split("."))
    if (base / "__init__.py").exists():  # a package: its __init__ is compiled
        base = base / "__init__"
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        p = base.with_name(base.name + suffix)
        if p.exists():
            return p
    return None


def check(manifest: Path) -> tuple[str, str]:
    """(build, reason) for the manifest at ``manifest`` and the sources on disk."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return "pure", f"{PURE_ENV}={os.environ[PURE_ENV]}"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "pure", "not compiled (no build manifest)"
    except (OSError, ValueError) as exc:
        return "pure", f"unreadable build manifest ({exc})"
    if data.get("build") != "compiled":
        return "pure", str(data.get("reason") or "built without the compiler")
    modules: dict[str, str] = data.get("modules") or {}
    if not modules:
        return "pure", "build manifest lists no compiled module"
    for module, digest in sorted(modules.items()):
        rel = Path(*module.split("."))
        src = ROOT.parent / rel.with_suffix(".py")
        if not src.exists():
            src = ROOT.parent / rel / "__init__.py"
        if not src.exists():
            return "pure", f"{module}: source gone since the build"
        if source_hash(src) != digest:
            return "pure", (
                f"{src.relative_to(ROOT.parent)} changed since the build "
                "(rebuild: pip install -e . or make install)"
            )
        if _extension_of(module) is None:
            return "pure", f"{module}: compiled file missing"
    return "compiled", ""


class SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Loads ``engine`` modules from their ``.py`` source, never an extension."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("engine.") or not path:
            return None
        loader = (
            importlib.machinery.SourceFileLoader,
            importlib.machinery.SOURCE_SUFFIXES,
        )
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def select() -> str:
    """Decide the build for this process (idempotent); returns it."""
    global BUILD, REASON
    if any(isinstance(f, SourceOnlyFinder) for f in sys.meta_path):
        return BUILD
    manifest = Path(os.environ.get(MANIFEST_ENV) or MANIFEST)
    BUILD, REASON = check(manifest)
    if BUILD == "pure":
        sys.meta_path.insert(0, SourceOnlyFinder())
        if _was_compiled(manifest) and os.environ.get(PURE_ENV, "") in ("", "0"):
            # compiled files exist but may not be used: say so (a build made pure
            # on purpose, or for want of a compiler, runs quietly)
            print(f"engine: running pure Python: {REASON}", file=sys.stderr)
    return BUILD


def _was_compiled(manifest: Path) -> bool:
    try:
        return bool(
            json.loads(manifest.read_text(encoding="utf-8")).get("build") == "compiled"
        )
    except (OSError, ValueError):
        return False


def describe() -> str:
    if BUILD == "compiled":
        return "engine: compiled build (mypyc)"
    return f"engine: pure Python ({REASON})"
