"""The message catalog (knowledge/messages/<lang>.toml): the same keys and placeholders in
every language, checked all or nothing with file:line problems; a new language is a file."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from service import cli
from service.adapters.messages_files import load_messages, placeholders, read_messages
from service.adapters.slack.render import render_help, render_starting
from service.domain.messages import SECTIONS
from service.paths import default_data_dir

SHIPPED = default_data_dir("knowledge")


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(SHIPPED / "messages", tmp_path / "messages")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line(path: Path, starts: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(starts))


def test_shipped_languages_have_the_same_keys_and_placeholders() -> None:
    messages, problems = load_messages(SHIPPED)
    assert problems == [] and messages is not None
    assert set(messages.languages) >= {"en", "ro"}
    en = messages.texts["en"]
    for lang in messages.languages:
        for section in SECTIONS:
            mine = messages.texts[lang][section]
            assert mine.keys() == en[section].keys(), (lang, section)
            for key, text in mine.items():
                assert placeholders(text) == placeholders(en[section][key]), (lang, key)
        assert messages.words[lang], lang
    # numbers arrive formatted for the language (service/adapters/locale_babel.py)
    assert placeholders(en["answer"]["memory"]) >= {"{total}", "{w}", "{kv}"}


def test_a_missing_key_is_reported_with_file_and_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    ro = root / "messages" / "ro.toml"
    _edit(ro, 'ack = "Lucrez la asta… răspunsul vine imediat."\n', "")
    messages, problems = load_messages(root)
    assert messages is None  # never half-loaded
    assert [(p.file, p.line) for p in problems] == [("messages/ro.toml", _line(ro, "[slack]"))]
    assert "[slack] ack is missing" in problems[0].message
    assert f"messages/en.toml:{_line(root / 'messages' / 'en.toml', 'ack =')}" in \
        problems[0].message


def test_unknown_keys_and_different_placeholders_point_at_their_line(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    ro = root / "messages" / "ro.toml"
    _edit(ro, 'invalid = "Nu pot calcula asta: {detail}"',
          'invalid = "Nu pot calcula asta: {detalii}"\ninvalidd = "în plus"')
    messages, problems = load_messages(root)
    assert messages is None
    found = {(p.file, p.line): p.message for p in problems}
    assert "{detail}" in found[("messages/ro.toml", _line(ro, "invalid ="))]
    assert "unknown" in found[("messages/ro.toml", _line(ro, "invalidd ="))]
    with pytest.raises(Exception, match=r"messages/ro.toml:\d+"):
        read_messages(root)


def test_broken_toml_and_missing_reference_are_problems(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "messages" / "ro.toml").write_text("[slack\n", encoding="utf-8")
    _, problems = load_messages(root)
    assert problems and problems[0].file == "messages/ro.toml"
    (root / "messages" / "en.toml").unlink()
    messages, problems = load_messages(root)
    assert messages is None and any(p.file == "messages/en.toml" for p in problems)


def test_a_third_language_is_a_file(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    text = (root / "messages" / "en.toml").read_text(encoding="utf-8")
    text = text.replace('starting = "I\'m still starting', 'starting = "Ich starte noch')
    (root / "messages" / "de.toml").write_text(text, encoding="utf-8")
    messages = read_messages(root)
    assert messages.languages == ("de", "en", "ro")
    assert render_starting("de", messages)["text"].startswith("Ich starte noch")
    assert render_help("de", messages) == render_help("en", messages)
    # a language without a file falls back to English
    assert render_starting("xx", messages) == render_starting("en", messages)


def test_knowledge_check_checks_the_messages(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["knowledge", "check"]) == 0
    assert "messages OK" in capsys.readouterr().out
    shutil.copytree(SHIPPED / "passages", tmp_path / "passages")
    root = _copy(tmp_path)
    _edit(root / "messages" / "ro.toml", 'ack = "Lucrez la asta… răspunsul vine imediat."\n', "")
    assert cli.main(["knowledge", "check", "--dir", str(root)]) == 1
    assert "messages/ro.toml:" in capsys.readouterr().out


def test_shipped_files_are_package_data() -> None:
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml")
                              .read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["service._data.knowledge"]
    assert "messages/*.toml" in patterns
