from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from service.settings import DOCUMENTED, PREFIX, Settings, SettingsError

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_setting_is_documented_in_readme() -> None:
    fields = {f"{PREFIX}{f.name.upper()}" for f in msgspec.structs.fields(Settings)}
    documented = {name for name, _, _ in DOCUMENTED}
    assert fields == documented
    text = README.read_text()
    for name in documented:
        assert f"`{name}`" in text, f"{name} missing from the README settings table"


def test_env_parsing_and_errors() -> None:
    s = Settings.from_env({"GPU_ADVISOR_PORT": "9000", "GPU_ADVISOR_LOG_JSON": "false"})
    assert s.port == 9000 and s.log_json is False
    with pytest.raises(SettingsError, match="GPU_ADVISOR_PORT"):
        Settings.from_env({"GPU_ADVISOR_PORT": "eighty"})
    with pytest.raises(SettingsError, match="MAX_BODY_BYTES"):
        Settings.from_env({"GPU_ADVISOR_MAX_BODY_BYTES": "10"})
    with pytest.raises(SettingsError, match="CATALOG_DIR"):
        Settings.from_env({"GPU_ADVISOR_CATALOG_DIR": "/nonexistent/dir"})
