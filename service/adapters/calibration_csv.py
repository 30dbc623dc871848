"""Read a calibration CSV (the columns of ``calibration.csv``) into :class:`CalibrationRow`s.

The published measurements are product data, shipped with the catalog
(``catalog/calibration.csv``, each row with its source): ``gpu-advisor calibrate`` replays
them against the models by default."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path

from service.evaluation.calibration import COLUMNS, REQUIRED_COLUMNS, CalibrationRow
from service.paths import default_data_dir


def default_calibration_csv() -> Path:
    """The shipped table of published measurements."""
    return default_data_dir("catalog") / "calibration.csv"


class CalibrationCsvError(ValueError):
    """The file is not a calibration table: missing columns or an unreadable value."""


def parse_rows(lines: Iterable[str], source: str = "<csv>") -> list[CalibrationRow]:
    reader = csv.DictReader(lines)
    header = reader.fieldnames or []
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise CalibrationCsvError(
            f"{source}: missing column(s) {', '.join(missing)}; expected at least "
            f"{', '.join(REQUIRED_COLUMNS)} (found {', '.join(header) or 'no header'})")
    rows: list[CalibrationRow] = []
    for line_no, raw in enumerate(reader, start=2):
        if not any((v or "").strip() for v in raw.values() if isinstance(v, str)):
            continue
        fields = {c: (raw.get(c) or "").strip() for c in COLUMNS if c != "value"}
        text = (raw.get("value") or "").strip()
        try:
            value = float(text)
        except ValueError:
            raise CalibrationCsvError(
                f"{source}:{reader.line_num}: value {text!r} of row "
                f"{fields.get('id') or line_no} is not a number") from None
        rows.append(CalibrationRow(value=value, **fields))
    return rows


def read_calibration_csv(path: Path) -> list[CalibrationRow]:
    """Rows of the CSV at ``path`` (UTF-8, header line first)."""
    text = path.read_text(encoding="utf-8")
    return parse_rows(io.StringIO(text, newline=""), str(path))
