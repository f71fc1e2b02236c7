"""Which engine a process runs: the version stamped on every job (a hash of the
engine's sources, read once per process: the code it imported) and the build."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import engine

ENGINE_DIR = Path(engine.__file__).resolve().parent


@cache
def engine_version() -> str:
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        digest.update(str(path.relative_to(ENGINE_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def engine_build() -> str:
    """Which engine build this process runs: "compiled" or "pure"."""
    return str(engine.BUILD)
