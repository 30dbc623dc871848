"""A replica that holds one request at a time said "each holding up to 1 requests of 131,072
tokens at once" (Romanian "până la 1 cereri"): the count of requests in the users and memory
answers now goes through the singular-aware count ("1 request", "1 cerere"), the plural
unchanged ("2 requests", "20 de cereri")."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, head


def _head(q: str) -> str:
    """The answer's first paragraph, its no-break spaces (Romanian money) as spaces."""
    return head(ask(q)).replace("\xa0", " ")


def test_one_request_per_replica_is_singular() -> None:
    text = _head("how many L40S for 2 users of llama 3.1 8b at 128k context?")
    assert "each holding up to 1 request of 131,072 tokens at once" in text, text
    assert "1 requests" not in text
    text = _head("câte L40S pentru 2 utilizatori cu llama 3.1 8b la 128k context?")
    assert "fiecare ține până la 1 cerere de 131.072 de tokeni deodată" in text, text
    assert "1 cereri" not in text


def test_several_requests_per_replica_keep_the_plural() -> None:
    text = _head("how many TPU v5e chips for 2 users of llama 3.1 8b at 128k context?")
    assert "each holding up to 2 requests of 131,072 tokens at once" in text, text
    text = _head("how many H100 for 40 users of llama 3.1 70b?")
    assert "At that load (40 requests of 4,096 tokens at once per replica)" in text, text
    text = _head("câte H100 pentru 40 de utilizatori cu llama 3.1 70b?")
    assert "(40 de cereri de 4.096 de tokeni deodată pe replică)" in text, text
