"""No module of the service binds one top-level name twice (a constant, a function, a class):
the second binding silently replaces the first for every caller. A second `_MEMORY_WORD`
added to intent.py replaced the GPU-name memory pattern and emptied `gpu_variants` ("A100
80GB" read as one card); ruff does not flag a redefined constant. A rebinding that builds on
the first (`X = X | more`) is one name grown, not two."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "service"


def _bound(node: ast.stmt) -> list[tuple[str, ast.AST | None]]:
    """(name, value) of each top-level name ``node`` binds."""
    if isinstance(node, ast.Assign):
        return [(t.id, node.value) for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
        return [(node.target.id, node.value)]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [(node.name, None)]
    return []


def shadowed(source: str) -> list[str]:
    """Top-level names bound twice in ``source``, except a rebinding that reads the name."""
    seen: Counter[str] = Counter()
    twice = []
    for node in ast.parse(source).body:
        for name, value in _bound(node):
            grows = value is not None and any(
                isinstance(n, ast.Name) and n.id == name for n in ast.walk(value))
            if seen[name] and not grows:
                twice.append(name)
            seen[name] += 1
    return twice


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_top_level_name_is_bound_twice(path: Path) -> None:
    assert shadowed(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_a_shadowed_constant_and_lets_a_grown_one_be() -> None:
    assert shadowed("A = 1\nB = 2\nA = 3\n") == ["A"]
    assert shadowed("def f(): pass\nf = 2\n") == ["f"]
    assert shadowed("S = {1}\nS = S | {2}\n") == []
