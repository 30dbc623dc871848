"""Settings, read once from ``GPU_ADVISOR_*`` environment variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import msgspec

from service.paths import default_data_dir

PREFIX = "GPU_ADVISOR_"


class SettingsError(ValueError):
    pass


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "gpu-advisor"


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Every setting, its default, and the environment variable that overrides it."""

    def __repr__(self) -> str:  # never print the admin key or the Slack secrets
        return f"Settings(host={self.host!r}, port={self.port}, catalog_dir={self.catalog_dir})"

    host: str = "127.0.0.1"
    port: int = 8000
    catalog_dir: Path = msgspec.field(default_factory=lambda: default_data_dir("catalog"))
    knowledge_dir: Path = msgspec.field(default_factory=lambda: default_data_dir("knowledge"))
    max_body_bytes: int = 64 * 1024
    rate_limit_per_minute: int = 0
    log_level: str = "INFO"
    log_json: bool | None = None
    stale_after_days: int = 90
    admin_key: str | None = msgspec.field(default=None)
    embedding_model: str | None = None
    index_dir: Path = msgspec.field(default_factory=lambda: default_cache_dir() / "index")
    slack_signing_secret: str | None = None
    slack_bot_token: str | None = None
    slack_api_url: str = "https://slack.com/api/"
    public_url: str | None = None
    cors_origins: str | None = None
    redis_url: str | None = None
    cache_ttl_s: int = 300
    compute_threads: int = 2
    compute_max_pending: int = 64
    compute_timeout_s: float = 10.0
    body_timeout_s: float = 10.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for name, field_type in (
            ("host", str), ("port", int), ("catalog_dir", Path), ("knowledge_dir", Path),
            ("max_body_bytes", int), ("rate_limit_per_minute", int), ("log_level", str),
            ("log_json", bool), ("stale_after_days", int), ("admin_key", str),
            ("embedding_model", str), ("index_dir", Path), ("slack_signing_secret", str),
            ("slack_bot_token", str), ("slack_api_url", str), ("public_url", str),
            ("cors_origins", str), ("redis_url", str), ("cache_ttl_s", int),
            ("compute_threads", int), ("compute_max_pending", int),
            ("compute_timeout_s", float), ("body_timeout_s", float),
        ):
            raw = env.get(PREFIX + name.upper())
            if raw is None or raw == "":
                continue
            try:
                if field_type is bool:
                    if raw.lower() not in ("1", "0", "true", "false", "yes", "no"):
                        raise ValueError(raw)
                    values[name] = raw.lower() in ("1", "true", "yes")
                elif field_type is int:
                    values[name] = int(raw)
                elif field_type is float:
                    values[name] = float(raw)
                elif field_type is Path:
                    values[name] = Path(raw)
                else:
                    values[name] = raw
            except ValueError as exc:
                raise SettingsError(f"{PREFIX}{name.upper()}={raw!r} is not a valid "
                                    f"{field_type.__name__}") from exc
        settings = cls(**values)  # type: ignore[arg-type]
        settings.validate()
        return settings

    def cors_origin_list(self) -> list[str]:
        """The origins allowed to call the API from a browser; empty: no CORS headers."""
        raw = self.cors_origins or ""
        return [o.strip().rstrip("/") for o in raw.split(",") if o.strip()]

    def validate(self) -> None:
        if not 0 < self.port < 65536:
            raise SettingsError(f"{PREFIX}PORT must be 1-65535, got {self.port}")
        if self.max_body_bytes < 1024:
            raise SettingsError(f"{PREFIX}MAX_BODY_BYTES must be at least 1024")
        if self.rate_limit_per_minute < 0:
            raise SettingsError(f"{PREFIX}RATE_LIMIT_PER_MINUTE must be >= 0 (0 = off)")
        if self.log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise SettingsError(f"{PREFIX}LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        if self.stale_after_days < 1:
            raise SettingsError(f"{PREFIX}STALE_AFTER_DAYS must be at least 1")
        if self.admin_key is not None and len(self.admin_key) < 16:
            raise SettingsError(f"{PREFIX}ADMIN_KEY must be at least 16 characters")
        if not self.slack_api_url.startswith(("https://", "http://")):
            raise SettingsError(f"{PREFIX}SLACK_API_URL must be an http(s) URL")
        if self.public_url is not None and not self.public_url.startswith(("https://",
                                                                              "http://")):
            raise SettingsError(f"{PREFIX}PUBLIC_URL must be an http(s) URL")
        for origin in self.cors_origin_list():
            if origin != "*" and not origin.startswith(("https://", "http://")):
                raise SettingsError(f"{PREFIX}CORS_ORIGINS: {origin!r} is not an http(s) "
                                    "origin (comma-separated, e.g. https://portal.example)")
        if self.redis_url is not None and not self.redis_url.startswith(
                ("redis://", "rediss://", "unix://")):
            raise SettingsError(f"{PREFIX}REDIS_URL must be a redis://, rediss:// or unix:// "
                                "URL (e.g. redis://127.0.0.1:6379/0)")
        if not 1 <= self.compute_threads <= 64:
            raise SettingsError(f"{PREFIX}COMPUTE_THREADS must be 1-64")
        if self.compute_max_pending < self.compute_threads:
            raise SettingsError(f"{PREFIX}COMPUTE_MAX_PENDING must be at least "
                                f"{PREFIX}COMPUTE_THREADS")
        for name, value in (("COMPUTE_TIMEOUT_S", self.compute_timeout_s),
                            ("BODY_TIMEOUT_S", self.body_timeout_s)):
            if not 0 < value <= 3600:  # also refuses nan
                raise SettingsError(f"{PREFIX}{name} must be > 0 and <= 3600 seconds")
        if self.cache_ttl_s < 0:
            raise SettingsError(f"{PREFIX}CACHE_TTL_S must be >= 0 (0 = no answer cache)")
        model = self.embedding_model
        if model and model.startswith((".", "/", "~")) and not Path(model).expanduser().exists():
            raise SettingsError(f"{PREFIX}EMBEDDING_MODEL={model!r}: no such path (a local "
                                "model directory or an installed model name)")
        if not self.knowledge_dir.is_dir():
            raise SettingsError(f"{PREFIX}KNOWLEDGE_DIR {self.knowledge_dir} is not a directory")
        if not self.catalog_dir.is_dir():
            raise SettingsError(f"{PREFIX}CATALOG_DIR {self.catalog_dir} is not a directory")


# (variable, default, meaning) for the README table; a test keeps it in step with Settings.
DOCUMENTED = (
    ("GPU_ADVISOR_HOST", "127.0.0.1", "address `serve` binds to"),
    ("GPU_ADVISOR_PORT", "8000", "port `serve` listens on"),
    ("GPU_ADVISOR_CATALOG_DIR", "packaged `catalog/`", "models, GPUs (and offers) data files"),
    ("GPU_ADVISOR_KNOWLEDGE_DIR", "packaged `knowledge/`", "guidance passages"),
    ("GPU_ADVISOR_MAX_BODY_BYTES", "65536", "largest request body; larger gets 413"),
    ("GPU_ADVISOR_RATE_LIMIT_PER_MINUTE", "0 (off)", "requests per minute per client address; "
     "over it gets 429 with Retry-After"),
    ("GPU_ADVISOR_LOG_LEVEL", "INFO", "DEBUG, INFO, WARNING or ERROR"),
    ("GPU_ADVISOR_LOG_JSON", "auto", "true: JSON lines; false: console; unset: JSON unless "
     "stdout is a TTY"),
    ("GPU_ADVISOR_STALE_AFTER_DAYS", "90", "prices older than this are marked stale"),
    ("GPU_ADVISOR_EMBEDDING_MODEL", "packaged all-MiniLM-L6-v2", "sentence-transformers "
     "model: a local path or a name already in the local Hugging Face cache (offline)"),
    ("GPU_ADVISOR_INDEX_DIR", "`~/.cache/gpu-advisor/index`", "where the faiss index is cached, "
     "keyed by the hash of the passages and the model"),
    ("GPU_ADVISOR_ADMIN_KEY", "unset", "secret for `POST /v1/admin/catalog/reload` (header "
     "`X-Admin-Key`, at least 16 characters); unset: the route answers 404"),
    ("GPU_ADVISOR_SLACK_SIGNING_SECRET", "unset", "Slack app signing secret; set: "
     "`/slack/commands` and `/slack/events` are mounted; unset: they answer 404"),
    ("GPU_ADVISOR_SLACK_BOT_TOKEN", "unset", "bot token (`xoxb-...`) the Slack bot posts "
     "answers to mentions and direct messages with"),
    ("GPU_ADVISOR_SLACK_API_URL", "https://slack.com/api/", "base URL of the Slack Web API "
     "(tests point it at a local fake)"),
    ("GPU_ADVISOR_PUBLIC_URL", "unset", "public address of the web page; set: Slack answers "
     "link to it with the same query"),
    ("GPU_ADVISOR_CORS_ORIGINS", "unset (no CORS)", "comma-separated origins allowed to call "
     "the API from a browser (`https://portal.example,https://intranet.example`, or `*`); "
     "unset: no CORS headers"),
    ("GPU_ADVISOR_REDIS_URL", "unset (one process)", "Redis shared by every worker and "
     "replica (`redis://host:6379/0`): rate limits, Slack de-duplication, the answer cache and "
     "the catalog version after a reload; required for `serve --workers N>1`; unset: "
     "in-memory stores"),
    ("GPU_ADVISOR_CACHE_TTL_S", "300", "seconds a computed sizing, recommendation or answer "
     "is reused for the same request (keyed by catalog version, knowledge index and day); "
     "0: no cache"),
    ("GPU_ADVISOR_COMPUTE_THREADS", "2", "threads that compute sizing, recommendations and "
     "answers off the event loop (health checks stay fast while they run)"),
    ("GPU_ADVISOR_COMPUTE_MAX_PENDING", "64", "answers being computed or waiting per process; "
     "beyond it a request gets 503 with Retry-After at once"),
    ("GPU_ADVISOR_COMPUTE_TIMEOUT_S", "10", "seconds a request waits for its answer; longer "
     "gets 504"),
    ("GPU_ADVISOR_BODY_TIMEOUT_S", "10", "seconds between two parts of a request body; a client "
     "that stalls longer gets 408 and the connection is closed"),
)
