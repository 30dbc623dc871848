from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def client() -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    app = create_app(Settings(), configure_logs=False)
    async with AsyncTestClient(app=app) as c:
        yield c
