"""Build step of ``pip install -e .``: compile the engine's hot modules with mypyc.

Metadata lives in pyproject.toml; this file only adds the compiled extension modules.
Compilation needs a working C compiler (``CC`` is honoured); without one, or with
``SW_ENGINE_PURE=1``, the engine installs as pure Python. Either way the outcome is
written to ``engine/_compiled.json`` (see engine/_build.py, which also refuses to use
compiled files older than their sources), and ``make install`` prints it.

Each module is its own C file (``multi_file``) so the compiler can work on them in
parallel (``SW_ENGINE_JOBS``, default: the number of CPUs).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engine._build import compiled_sources, write_manifest  # noqa: E402

MYPYC_CONFIG = """[mypy]
python_version = 3.11
ignore_missing_imports = True
"""


def compiler_problem() -> str | None:
    """None when the configured C compiler builds a trivial file, else why not."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler
    except ImportError as exc:  # pragma: no cover - very old setuptools
        return f"no compiler support in setuptools ({exc})"
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp, "probe.c")
        src.write_text("int sw_probe(void) { return 0; }\n")
        cc = new_compiler()
        customize_compiler(cc)
        try:
            cc.compile([str(src)], output_dir=tmp)
        except Exception as exc:  # CompileError, missing executable ...
            cc_name = os.environ.get("CC") or "the C compiler"
            return f"no working C compiler ({cc_name}: {type(exc).__name__})"
    return None


class ParallelBuildExt(build_ext):
    """build_ext compiling extensions in parallel by default."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = int(os.environ.get("SW_ENGINE_JOBS") or os.cpu_count() or 1)


def ext_modules() -> list:
    sources = compiled_sources(HERE)
    if os.environ.get("SW_ENGINE_PURE", "") not in ("", "0"):
        write_manifest(HERE, sources, build="pure", reason="SW_ENGINE_PURE at install")
        return []
    problem = compiler_problem()
    if problem is not None:
        print(f"engine: {problem}; installing the pure-Python engine", file=sys.stderr)
        write_manifest(HERE, sources, build="pure", reason=problem)
        return []
    from mypyc.build import mypycify

    config = HERE / "build" / "mypyc.ini"
    config.parent.mkdir(exist_ok=True)
    config.write_text(MYPYC_CONFIG)
    old = Path.cwd()
    os.chdir(HERE)  # mypycify takes paths relative to the project
    try:
        exts = mypycify(
            [f"--config-file={config}", *sources], opt_level="3", multi_file=True
        )
    finally:
        os.chdir(old)
    write_manifest(HERE, sources, build="compiled")
    return exts


setup(ext_modules=ext_modules(), cmdclass={"build_ext": ParallelBuildExt})
