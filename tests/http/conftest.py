from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def client(index_dir: Path) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    """The app on the shipped data, once it is ready (catalog and knowledge index loaded)."""
    app = create_app(Settings(index_dir=index_dir), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        for _ in range(1200):
            if (await c.get("/readyz")).status_code == 200:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the app never became ready")
        yield c
