"""The answer-numbers package (service/domain/answer/numbers) is layered: each module imports
only the modules listed before it in its ``__init__`` docstring's order, and nothing outside
the package imports its underscore names."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "service" / "domain" / "answer" / "numbers"
ORDER = ["context", "layouts", "jobs", "media", "memory", "prices", "cost", "speed", "counts",
         "compare", "training", "terms", "regions", "write", "also"]
PREFIX = "service.domain.answer.numbers."


def _imports(path: Path) -> list[ast.ImportFrom]:
    return [n for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.ImportFrom) and (n.module or "").startswith(PREFIX)]


def test_every_module_is_in_the_order() -> None:
    assert sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__") == sorted(ORDER)


def test_each_module_imports_only_earlier_ones() -> None:
    wrong = []
    for mod in ORDER:
        for imp in _imports(PACKAGE / f"{mod}.py"):
            dep = (imp.module or "").removeprefix(PREFIX)
            if ORDER.index(dep) >= ORDER.index(mod):
                wrong.append(f"{mod} imports {dep}")
    assert not wrong, wrong


def test_no_underscore_name_is_imported_from_outside() -> None:
    wrong = []
    for path in [*(ROOT / "service").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]:
        if path.parent == PACKAGE:
            continue
        for imp in _imports(path):
            wrong += [f"{path.relative_to(ROOT)}: {a.name}" for a in imp.names
                      if a.name.startswith("_")]
    assert not wrong, wrong
