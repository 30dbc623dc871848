"""Load ``knowledge/passages/<id>.<lang>.md`` (TOML front matter between ``+++`` lines)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from service.adapters.catalog_files import Problem, content_hash
from service.domain.answer.knowledge import Passage


def parse_passage(text: str, rel: str, problems: list[Problem]) -> Passage | None:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "+++":
        problems.append(Problem(rel, 1, "must start with a +++ front matter line"))
        return None
    try:
        end = next(i for i, line in enumerate(lines[1:], start=1) if line.strip() == "+++")
    except StopIteration:
        problems.append(Problem(rel, 1, "front matter is not closed with +++"))
        return None
    try:
        meta = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(rel, 2, f"invalid TOML front matter: {exc}"))
        return None
    body = "\n".join(lines[end + 1:]).strip()
    if len(body.split()) < 20:
        problems.append(Problem(rel, end + 2, "body has fewer than 20 words"))
    try:
        return msgspec.convert({**meta, "text": body}, Passage)
    except msgspec.ValidationError as exc:
        problems.append(Problem(rel, 2, str(exc)))
        return None


def load_passages(root: Path) -> tuple[list[Passage], list[Problem]]:
    problems: list[Problem] = []
    passages: list[Passage] = []
    seen: dict[tuple[str, str], str] = {}
    folder = root / "passages"
    files = sorted(folder.glob("*.md"))
    if not files:
        problems.append(Problem("passages/", 1, "no passage files"))
    for path in files:
        rel = f"passages/{path.name}"
        parts = path.name.rsplit(".", 2)
        p = parse_passage(path.read_text(encoding="utf-8"), rel, problems)
        if p is None:
            continue
        if len(parts) != 3 or parts[0] != p.id or parts[1] != p.lang:
            problems.append(Problem(rel, 2, f"file name must be {p.id}.{p.lang}.md"))
        key = (p.id, p.lang)
        if key in seen:
            problems.append(Problem(rel, 2, f"duplicate passage {p.id} ({p.lang}), also in "
                                    f"{seen[key]}"))
        seen[key] = rel
        passages.append(p)
    ids = {p.id for p in passages}
    for pid in sorted(ids):
        for lang in ("en", "ro"):
            if (pid, lang) not in seen:
                problems.append(Problem(f"passages/{pid}.{lang}.md", 1,
                                        f"passage {pid} has no {lang} version"))
    return passages, problems


def knowledge_hash(root: Path) -> str:
    return content_hash(root, ("passages/*.md",))


