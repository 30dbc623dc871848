"""structlog set-up: JSON lines off a TTY, readable console on one; stdlib (uvicorn) logs go
through the same renderer."""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog


def configure_logging(level: str = "INFO", json: bool | None = None) -> None:
    use_json = (not sys.stdout.isatty()) if json is None else json
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    renderer: Any = (
        structlog.processors.JSONRenderer() if use_json
        else structlog.dev.ConsoleRenderer(colors=sys.stdout.isatty())
    )
    numeric = logging.getLevelNamesMapping()[level.upper()]
    structlog.configure(
        processors=[*shared, structlog.processors.format_exc_info, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        # one write per line (message and newline together): a stdlib handler writing to the
        # same stream between the two would run two lines together
        logger_factory=structlog.WriteLoggerFactory(sys.stdout),
        cache_logger_on_first_use=False,
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
    ))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(numeric)
    for name in ("uvicorn", "uvicorn.error"):
        lg = logging.getLogger(name)
        lg.handlers = []
        lg.propagate = True
    # the access log is replaced by our one canonical line per request
    logging.getLogger("uvicorn.access").disabled = True
    logging.getLogger("httpx").setLevel(logging.WARNING)


def get_logger(name: str = "gpu_advisor") -> Any:
    return structlog.get_logger(name)
