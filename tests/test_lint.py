"""The code passes the linter and the type checker configured in pyproject.toml (ruff: undefined and unused names, unused
imports, statements that cannot be right). Skipped, with the reason, where ruff is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str] | None:
    beside = Path(sys.executable).with_name("ruff")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ruff")
    return [found] if found else None


def test_the_code_passes_ruff():
    ruff = _ruff()
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    done = subprocess.run([*ruff, "check", "--no-cache", "--output-format", "concise", "tabletop_tui", "tests",
                           "benchmarks"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_pass_the_type_checker_strictly():
    """mypy, configured in pyproject.toml: strict on tabletop_tui/rules (every function typed, no
    implicit Any, no untyped calls). Skipped, with the reason, where mypy is not installed."""
    beside = Path(sys.executable).with_name("mypy")
    mypy = [str(beside)] if beside.exists() else [found] if (found := shutil.which("mypy")) else None
    if mypy is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]' installs it)")
    done = subprocess.run([*mypy, "--no-incremental", "--cache-dir", "/dev/null"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
