"""Compile the load solve (service/domain/sizing/solver.py) with mypyc: ``make native``.

Writes ``service/domain/sizing/_solver_native*.so``, a compiled copy of solver.py that carries
the SHA-256 of the source it was built from (``SOURCE_SHA256``); ``solver.load()`` uses it only
while that source is unchanged, so an edited solver.py runs interpreted until rebuilt. Without
a C compiler or mypyc this says so and exits 0: the service then runs the interpreted solver
(the same numbers, slower).

The C compiler is told not to fuse multiplies and adds (``-ffp-contract=off``): a fused
multiply-add rounds once where Python rounds twice, and the compiled copy must give the
interpreter's seconds to the bit (tests/unit/test_solver_native.py checks it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ("service", "domain", "sizing")
SOURCE = ROOT.joinpath(*PACKAGE, "solver.py")
NAME = "_solver_native"


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    target = SOURCE.parent
    for old in target.glob(f"{NAME}*.so"):
        old.unlink()
    for old in target.glob(f"{NAME}__mypyc*.so"):
        old.unlink()
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("build_native: no C compiler: the load solve runs interpreted", file=sys.stderr)
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("build_native: mypyc is not installed: the load solve runs interpreted",
              file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory(prefix="native-") as tmp:
        work = Path(tmp)
        pkg = work.joinpath(*PACKAGE)
        pkg.mkdir(parents=True)
        for i in range(1, len(PACKAGE) + 1):
            work.joinpath(*PACKAGE[:i], "__init__.py").touch()
        text = SOURCE.read_text(encoding="utf-8")
        text += (f"\n\nSOURCE_SHA256: Final = {_digest(SOURCE)!r}\n"
                 '"""SHA-256 of the solver.py this copy was compiled from."""\n')
        (pkg / f"{NAME}.py").write_text(text, encoding="utf-8")
        env = {**os.environ, "CFLAGS": (os.environ.get("CFLAGS", "") + " -ffp-contract=off"
                                        ).strip(), "MYPYC_OPT_LEVEL": "3"}
        rel = "/".join((*PACKAGE, f"{NAME}.py"))
        proc = subprocess.run([sys.executable, "-m", "mypyc", rel], cwd=work, env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print(proc.stdout[-4000:], proc.stderr[-4000:], sep="\n", file=sys.stderr)
            print("build_native: mypyc failed: the load solve runs interpreted",
                  file=sys.stderr)
            return 1
        built = sorted(pkg.glob(f"{NAME}*.so")) + sorted(work.glob(f"{NAME}__mypyc*.so"))
        built += sorted(pkg.glob("*__mypyc*.so"))
        if not built:
            print("build_native: mypyc wrote no module", file=sys.stderr)
            return 1
        for so in dict.fromkeys(built):
            shutil.copy2(so, target / so.name)
            print(f"build_native: {target.relative_to(ROOT) / so.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
