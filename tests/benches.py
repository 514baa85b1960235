"""Load a script of ``bench/`` (or ``scripts/``) as a module, for the tests of its parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["load_bench", "load_script"]

REPO = Path(__file__).resolve().parents[1]
BENCH_DIR = REPO / "bench"


def load_script(path: Path, module_name: str) -> ModuleType:
    """A script of the repository as module ``module_name`` (loaded once per session)."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as module ``caseledger_bench_<name>`` (loaded once per session)."""
    return load_script(BENCH_DIR / f"{name}.py", f"caseledger_bench_{name}")
