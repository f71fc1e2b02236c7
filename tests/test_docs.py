"""Every command the README and the documentation site name exists.

The pages tell readers to type `python -m engine.X`, `manage.py X` and `make X`; a
renamed module, a removed management command or a Makefile target that went away
would leave them a command that fails. This reads README.md and every docs/**/*.md
page, collects those commands from code (inline `code` and fenced blocks, where
commands are written) and checks each against the code: no database needed.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A fenced block, then an inline code span (one or more backticks, same count closing).
FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1", re.S | re.M)
INLINE = re.compile(r"(`+)(.+?)\1", re.S)

ENGINE = re.compile(r"\bpython3?\s+-m\s+(engine(?:\.\w+)+)")
MANAGE = re.compile(r"\bmanage\.py\s+([a-z_][\w-]*)")
#: `make`, any VAR=value assignments, then the target (options such as -n skipped).
MAKE = re.compile(
    r"(?:^|[\s;&|(])make((?:\s+(?:-\S+|[A-Za-z_]\w*=\S*))*)\s+([a-z][\w.-]*)"
)


def pages() -> list[Path]:
    found = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [p for p in found if p.is_file()]


def code_of(text: str) -> list[str]:
    """The code a page holds: fenced blocks whole, then inline spans outside them."""
    blocks = [m.group(2) for m in FENCE.finditer(text)]
    rest = FENCE.sub("", text)
    return blocks + [m.group(2) for m in INLINE.finditer(rest)]


def named(pattern: re.Pattern[str], group: int = 1) -> list[tuple[str, str]]:
    """(name, page) for each command the pattern finds in the pages' code."""
    out = []
    for page in pages():
        for code in code_of(page.read_text(encoding="utf-8")):
            # a command split over lines with a trailing backslash reads as one line
            code = re.sub(r"\\\n\s*", " ", code)
            for m in pattern.finditer(code):
                out.append((m.group(group), str(page.relative_to(ROOT))))
    return sorted(set(out))


def make_targets() -> set[str]:
    targets = set()
    for line in (ROOT / "Makefile").read_text().splitlines():
        # "target other: prerequisites" (not a recipe, a comment or a := assignment)
        m = re.match(r"^([^\s:=#][^:=]*?)\s*:(?!=)", line)
        if m:
            targets.update(m.group(1).split())
    return targets


def has_entry_point(module: str) -> bool:
    """`python -m module` runs something: a package with a __main__ module, or a
    module with a `__main__` block or a `main` function. The source is read, not run
    (a compiled module keeps its .py beside it); a module found only by an import hook
    is imported and asked for `main`."""
    spec = importlib.util.find_spec(module)
    if spec is None:
        return False
    if spec.submodule_search_locations is not None:  # a package: runs its __main__
        return importlib.util.find_spec(module + ".__main__") is not None
    origin = Path(spec.origin or "")
    source = (
        origin
        if origin.suffix == ".py"
        else origin.with_name(module.rsplit(".", 1)[-1] + ".py")
    )
    if source.is_file():
        text = source.read_text(encoding="utf-8")
        if '__name__ == "__main__"' in text or re.search(r"^def main\(", text, re.M):
            return True
    return callable(getattr(importlib.import_module(module), "main", None))


def test_the_pages_exist_and_name_commands():
    assert (ROOT / "docs" / "index.md").is_file()
    # the collectors find what the README teaches first, so they are not vacuous
    assert ("run", "README.md") in named(MAKE, 2)
    assert ("test", "README.md") in named(MAKE, 2)
    assert any(name == "engine.simulate" for name, _ in named(ENGINE))
    assert any(name == "load_catalog" for name, _ in named(MANAGE))


@pytest.mark.parametrize(("module", "page"), named(ENGINE))
def test_engine_command_exists(module: str, page: str) -> None:
    assert has_entry_point(module), f"{page}: `python -m {module}` has no entry point"


@pytest.mark.parametrize(("command", "page"), named(MANAGE))
def test_management_command_exists(command: str, page: str) -> None:
    from django.core.management import get_commands

    assert command in get_commands(), f"{page}: `manage.py {command}` is no command"


@pytest.mark.parametrize(("target", "page"), named(MAKE, 2))
def test_make_target_exists(target: str, page: str) -> None:
    assert target in make_targets(), f"{page}: `make {target}` is no Makefile target"


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """The documentation site builds with no warning (a broken link or anchor, a page
    left out of the nav), as `make docs` and CI's last step build it: here it fails
    in the ordinary test loop already."""
    import os
    import subprocess
    import sys

    mkdocs = Path(sys.executable).with_name("mkdocs")  # installed with [dev]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
