"""Context limits as the model cards state them (buyer audit round 16, #3 and #8).

- Qwen3 (4B to 235B-A22B, April release): the config's max_position_embeddings is 40,960 and
  the model card gives "32,768 natively and 131,072 tokens with YaRN" (vLLM and SGLang turn
  it on with rope_scaling {"rope_type":"yarn","factor":4.0,...}). A 128k context was refused
  ("No engine serves this: Qwen3 30B-A3B accepts at most 40,960 tokens of context") and
  /v1/sizing said runs: false. It is now sized, with a warning that YaRN must be turned on
  and the card's caveat on static YaRN; past 131,072 the refusal stays.
- Llama 4 Scout: "10M context" reads 10,485,760 tokens (10 x 2^20, the config's
  max_position_embeddings), refused against a max_context capped at the API's 10,000,000.
  The config's value is the model's limit and the API's token bound (fields.TOKENS_MAX), and
  the answer says how many GPUs it takes.
"""

from __future__ import annotations

import msgspec
import pytest

from service.api.routes.registry import _summary
from service.domain.errors import InvalidInput
from service.domain.fields import TOKENS_MAX
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, first_sentence
from tests.unit.rec_fixtures import real

_YARN = "YaRN rope scaling turned on"


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# -- the catalog ----------------------------------------------------------------------------------


@pytest.mark.parametrize("model", ["qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-32b",
                                   "qwen3-30b-a3b", "qwen3-235b-a22b"])
def test_qwen3_cards_extend_to_131072_with_yarn(model: str) -> None:
    m = catalog().registry.models[model]
    assert m.architecture is not None and m.architecture.max_context == 40_960  # config
    ext = m.context_extension
    assert ext is not None and ext.max_context == 131_072 and ext.method == "YaRN"
    assert '"factor":4.0' in ext.engine_setting and ext.static_caveat
    assert ext.source == f"https://huggingface.co/{m.hf_repo}"
    assert m.context_limit == 131_072
    assert _summary(m).max_context_extended == 131_072  # /v1/models


@pytest.mark.parametrize("model", ["qwen3-0.6b", "qwen3-1.7b",  # cards: 32,768, no YaRN
                                   "qwen3-30b-a3b-2507", "qwen3-4b-2507"])  # 262,144 native
def test_no_extension_where_the_card_states_none(model: str) -> None:
    m = catalog().registry.models[model]
    assert m.context_extension is None
    assert m.architecture is not None and m.context_limit == m.architecture.max_context


def test_scout_limit_is_its_config_and_the_api_bound() -> None:
    m = catalog().registry.models["llama-4-scout"]
    assert m.architecture is not None and m.architecture.max_context == 10_485_760
    assert TOKENS_MAX == 10_485_760
    # no model's own limit is past the API's bound
    assert max(x.context_limit or 0 for x in catalog().registry.models.values()) == TOKENS_MAX


# -- /v1/sizing -----------------------------------------------------------------------------------


def test_sizing_qwen3_at_120k_runs_with_yarn_said() -> None:
    r = _size(model="qwen3-30b-a3b", gpu="H100 SXM", weights="fp8", input_tokens=120_000,
              output_tokens=512)
    assert r.runs is True and r.fits is True and r.performance is not None  # was runs: false
    assert not any("more than the model supports" in x for x in r.warnings)
    said = [x for x in r.warnings if _YARN in x]
    assert len(said) == 1, r.warnings
    assert "120,512 tokens of context is past the 40,960 of Qwen3 30B-A3B's config" in said[0]
    assert "up to 131,072 tokens" in said[0] and "shorter texts" in said[0]
    assert any(a.name == "context_extension" for a in r.assumptions)
    assert "https://huggingface.co/Qwen/Qwen3-30B-A3B" in r.sources


def test_sizing_qwen3_within_its_config_says_nothing_of_yarn() -> None:
    r = _size(model="qwen3-8b", gpu="H100 SXM", input_tokens=30_000, output_tokens=512)
    assert r.runs is True and not any(_YARN in x for x in r.warnings)
    # the longest context is the card's, said with what it needs (an assumption, not a warning)
    assert r.max_context_tokens == 131_072
    note = next(a for a in r.assumptions if a.name == "max_context_tokens")
    assert _YARN in note.reason


def test_sizing_qwen3_past_the_extension_is_still_refused() -> None:
    r = _size(model="qwen3-8b", gpu="H100 SXM", input_tokens=200_000, output_tokens=512)
    assert r.runs is False and r.performance is None
    assert any("more than the model supports (131,072)" in x for x in r.warnings)


def test_sizing_scout_at_10m_is_sized() -> None:
    r = _size(model="llama-4-scout", input_tokens=10_485_760 - 512, output_tokens=512)
    assert r.runs is not False
    assert not any("more than the model supports" in x for x in r.warnings)
    # 12 full-attention layers x 4 KiB a token + 36 chunked layers at one 8,192-token chunk
    # (was 1,920.0: full KV on all 48 layers; round 23, test_fix_llama4kv23.py)
    assert r.memory.kv_cache_gib == pytest.approx(481.125, abs=0.1)
    with pytest.raises(msgspec.ValidationError):
        _size(model="llama-4-scout", input_tokens=TOKENS_MAX, output_tokens=1)


# -- /v1/recommendations --------------------------------------------------------------------------


def test_recommendations_serve_qwen3_at_128k_with_yarn_said() -> None:
    rec = real(model="qwen3-8b", context_tokens=131_072, output_tokens=512, top_n=1)
    assert rec.options  # was a 400: "context_tokens 131,072 is over Qwen3 8B's max_context"
    assert any(_YARN in x for x in rec.options[0].warnings)
    assert any(a.name == "context_extension" for a in rec.assumptions)
    with pytest.raises(InvalidInput, match="max_context of 131,072"):
        real(model="qwen3-8b", context_tokens=140_000, output_tokens=512, top_n=1)


# -- /v1/ask --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("q", "gib"), [
    # the audit's 29 GiB of weights + 4 x 12 GiB of KV ~ 80 GiB (a GPU count with no GiB was
    # given: the question was read as a count)
    ("qwen3-30b-a3b 128k context vram in fp8 for 4 users", 78.1),
    ("qwen3 32b with 128k context, how much vram?", 95.2),
])
def test_ask_qwen3_at_128k_gives_the_memory(q: str, gib: float) -> None:
    r = ask(q)
    lead = first_sentence(r)
    assert "No engine" not in r.answer and "accepts at most" not in r.answer, r.answer
    assert "131,072 tokens of context" in lead and f"about {gib} GiB in total" in lead, lead
    assert asked(r) == ("total_gib", pytest.approx(gib, abs=0.05), "GiB")
    assert "YaRN rope scaling turned on" in r.answer and "shorter texts" in r.answer


def test_ask_qwen3_at_128k_in_romanian() -> None:
    r = ask("Câtă memorie pentru qwen3-8b cu context de 128k?")
    lead = first_sentence(r)
    assert "Niciun motor" not in r.answer and "acceptă cel mult" not in r.answer, r.answer
    assert "131.072 de tokeni" in lead and "34,7 GiB în total" in lead, lead
    # the warning in Romanian, not the core's English
    assert "scalarea RoPE YaRN activată" in r.answer and "past the" not in r.answer, r.answer
    assert "textele mai scurte" in r.answer


def test_ask_qwen3_past_the_extension_leads_with_the_limit() -> None:
    r = ask("qwen3 8b with 200k context, how much vram?")
    lead = first_sentence(r)
    assert lead.startswith("No engine serves this: Qwen3 8B accepts at most 131,072 tokens"), lead


@pytest.mark.parametrize("q", ["how much vram for llama 4 scout with 10M context?",
                               "how many GPUs for llama 4 scout with 10M context?"])
def test_ask_scout_at_10m_is_sized_with_the_gpus_it_takes(q: str) -> None:
    r = ask(q)
    assert "accepts at most" not in r.answer and "No engine" not in r.answer, r.answer
    # the chunked layers hold one 8,192-token chunk (round 23, test_fix_llama4kv23.py): 684.8
    # GiB on 4 GPUs, was 2,123.7 GiB on 16 x B200 in 2 nodes (full KV on all 48 layers)
    # ("10M" is 10,000,000 tokens since audit buyer28a #8: 662.6 GiB, inside the 10,485,760
    # limit, and the GB200 holds it too)
    if q.startswith("how much vram"):
        assert "10,000,000 tokens of context needs about 662.6 GiB in total" in r.answer
        assert "It fits on 4 × NVIDIA GB200 (per Blackwell GPU), 4 × AMD Instinct MI300X" \
            in r.answer
    else:
        assert "needs at least 4 GPUs: 4 × NVIDIA GB200 (per Blackwell GPU), 4 × AMD Instinct " \
            "MI300X 192GB" in r.answer


def test_ask_scout_at_10m_in_romanian() -> None:
    r = ask("Câtă memorie VRAM pentru llama 4 scout cu context de 10M?")
    assert "acceptă cel mult" not in r.answer, r.answer
    # 684,8 GiB on 4 GPUs, was 2.123,7 GiB on 16 x B200 (full KV on the chunked layers; round
    # 23, test_fix_llama4kv23.py)
    assert "10.000.000 de tokeni" in r.answer and "662,6 GiB în total" in r.answer
    assert "Încape pe 4 × NVIDIA GB200 (per GPU Blackwell), 4 × AMD Instinct MI300X" in r.answer


def test_ask_scout_fit_at_10m_is_a_memory_no() -> None:
    r = ask("llama 4 scout on one h100 with int4, does it fit with 10M context?")
    lead = first_sentence(r)
    assert lead.startswith("No, Meta Llama 4 Scout"), lead
    assert "accepts at most" not in r.answer and "GiB per GPU" in lead


def test_ask_qwen3_largest_context_says_it_needs_yarn() -> None:
    r = ask("what is the max context of qwen3 8b on an H100?")
    assert "about 131,072 tokens" in first_sentence(r), r.answer
    assert "YaRN rope scaling turned on" in r.answer  # was 40,960, the config's
    r = ask("care este contextul maxim pentru qwen3 8b pe un H100?")
    assert "131.072 de tokeni" in first_sentence(r) and "scalarea RoPE YaRN" in r.answer
