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
    """The app on the shipped data; the catalog is loaded, the knowledge index may still be
    loading (tests that need it call wait_ready)."""
    app = create_app(Settings(index_dir=index_dir), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        yield c


async def wait_ready(c: AsyncTestClient) -> None:  # type: ignore[type-arg]
    for _ in range(1200):
        if (await c.get("/readyz")).status_code == 200:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the app never became ready")
