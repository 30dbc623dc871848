"""Audit tightfit22: "does it fit?" said a plain Yes with almost nothing free.

"llama 3.1 70b on 4x a100 40gb fp16 does it fit?" answered "Yes, ... it needs about 35.1 GiB
per GPU of the 36.0 GiB usable": 0.9 GiB free (2.5 %), under the 10 % of each GPU's memory
the recommendations keep free to serve a model (``min_memory_headroom_pct``), room for about
3 requests of 4,096 tokens; with 8 users the same question says No. A fit under that headroom
is now a qualified yes ("Yes, barely" / "Da, la limită") with the GiB free, the requests of
the context sized that the KV cache left holds, and the nearest setups that keep the headroom
(more of the same GPU, the fewest of its family's larger memory). The numbers keep yes.
"""

from __future__ import annotations

import pytest

from tests.unit.ask_fixtures import ask, first_sentence, head


def test_tight_fit_en_is_a_qualified_yes() -> None:
    r = ask("llama 3.1 70b on 4x a100 40gb fp16 does it fit?")
    lead = first_sentence(r)
    assert lead.startswith("Yes, barely: Meta Llama 3.1 70B at fp16 fits on "
                           "4 × NVIDIA A100 SXM4 40GB"), lead
    assert "35.1 GiB per GPU of the 36.0 GiB usable" in lead, lead
    assert "only 0.9 GiB per GPU stay free, under the 10 %" in lead, lead
    assert "room for about 3 requests of 4,096 tokens at once" in lead, lead
    # the nearest setups that keep 10 % free: twice the A100 40GBs, or the 80GB A100s (2 of
    # them leave 4.7 %, so 4)
    text = head(r)
    assert "To keep 10 % free" in text, text
    assert "8 × NVIDIA A100 SXM4 40GB (about 18.3 GiB per GPU" in text, text
    assert "4 × NVIDIA A100 SXM4 80GB (about 35.1 GiB per GPU of the 72.0 GiB" in text, text
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.quantity == "per_gpu_gib" and a.yes is True, a
    assert a.value == pytest.approx(35.09, abs=0.01)


def test_tight_fit_ro_is_a_qualified_yes() -> None:
    r = ask("llama 3.1 70b pe 4x a100 40gb fp16 încape?")
    lead = first_sentence(r)
    assert lead.startswith("Da, la limită: Meta Llama 3.1 70B la fp16 încape pe "
                           "4 × NVIDIA A100 SXM4 40GB"), lead
    assert "rămân libere doar 0,9 GiB pe GPU, sub rezerva de 10 %" in lead, lead
    assert "loc pentru aproximativ 3 cereri de 4.096 de tokeni deodată" in lead, lead
    text = head(r)
    assert "Pentru a păstra liberă 10 %" in text, text
    assert "8 × NVIDIA A100 SXM4 40GB" in text and "4 × NVIDIA A100 SXM4 80GB" in text, text
    a = r.numbers.asked if r.numbers is not None else None
    assert a is not None and a.yes is True, a


def test_one_request_tight_fit_says_one_request() -> None:
    # Llama 3.1 70B at fp8 on one H100: 71.4 of 71.7 GiB, room for a single request
    lead = first_sentence(ask("llama 3.1 70b fp8 on one h100 does it fit?"))
    assert lead.startswith("Yes, barely:"), lead
    assert "room for about 1 request of 4,096 tokens" in lead, lead


def test_roomy_fit_stays_a_plain_yes() -> None:
    r = ask("llama 3.1 8b on one h100 does it fit?")
    lead = first_sentence(r)
    assert lead.startswith("Yes, Meta Llama 3.1 8B at bf16 fits on"), lead
    assert "barely" not in head(r) and "To keep" not in head(r), head(r)

