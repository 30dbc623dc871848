"""Precision and KV-cache type names as people write them."""

from __future__ import annotations

import pytest

from service.domain.catalog.precisions import (
    KV_TYPES,
    PRECISIONS,
    find_kv_type,
    find_precision,
    get_precision,
    normalize,
    precision_ids,
)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("GGUF Q4_K_M", "q4_k_m"),
        ("q4_k_m", "q4_k_m"),
        ("Q4KM", "q4_k_m"),
        ("4-bit", "int4"),
        ("4bit", "int4"),
        ("F16", "fp16"),
        ("float16", "fp16"),
        ("GGUF F16", "fp16"),
        ("bf16", "bf16"),
        ("BFloat16", "bf16"),
        ("GGUF BF16", "bf16"),
        ("NF4", "nf4"),
        ("bnb-nf4", "nf4"),
        ("awq", "awq-int4"),
        ("AWQ INT4", "awq-int4"),
        ("gptq", "gptq-int4"),
        ("mxfp4", "mxfp4"),
        ("MX-FP4", "mxfp4"),
        ("Q8_0", "q8_0"),
        ("GGUF Q8_0", "q8_0"),
        ("Q4_0", "q4_0"),
        ("GGUF Q5_K_M", "q5_k_m"),
        ("Q6_K", "q6_k"),
        ("IQ4_XS", "iq4_xs"),
        ("fp8", "fp8"),
        ("8-bit", "int8"),
        ("FP32", "fp32"),
        ("nvfp4", "nvfp4"),
    ],
)
def test_find_precision_spellings(name: str, expected: str) -> None:
    found = find_precision(name)
    assert found is not None, name
    assert found.id == expected


@pytest.mark.parametrize("name", ["", "gguf", "fp7", "q9_9", "banana", "int3"])
def test_unknown_precision_is_none(name: str) -> None:
    assert find_precision(name) is None


def test_every_id_and_display_name_resolves_to_itself() -> None:
    assert len(set(precision_ids())) == len(PRECISIONS)
    for p in PRECISIONS:
        assert find_precision(p.id) is p
        assert find_precision(p.name) is p
        assert find_precision(p.id.upper()) is p
        assert get_precision(p.id) is p


def test_no_alias_is_shadowed_by_another_precision() -> None:
    """An alias that normalizes onto another format's key would silently resolve to it."""
    for p in PRECISIONS:
        for alias in p.aliases:
            found = find_precision(alias)
            assert found is not None and found.id == p.id, (p.id, alias)


def test_normalize_drops_case_and_punctuation() -> None:
    assert normalize("GGUF Q4_K_M") == "ggufq4km"
    assert normalize(" Bf-16 ") == "bf16"


@pytest.mark.parametrize(
    ("pid", "bits"),
    [("fp32", 32), ("bf16", 16), ("fp16", 16), ("fp8", 8), ("q8_0", 8.5), ("q6_k", 6.5625),
     ("q4_0", 4.5), ("q4_k_m", 4.5), ("nf4", 4.127), ("nf4-no-dq", 4.5), ("mxfp4", 4.25),
     ("nvfp4", 4.5), ("awq-int4", 4.156), ("q2_k", 2.625), ("iq4_xs", 4.25)],
)
def test_bits_per_weight_include_scales(pid: str, bits: float) -> None:
    assert get_precision(pid).bits_linear == pytest.approx(bits)


def test_quantized_formats_keep_embeddings_at_16_bits_unless_gguf() -> None:
    for p in PRECISIONS:
        if p.bits_linear < 16 and not p.gguf:
            assert p.bits_embedding == 16 and p.bits_lm_head == 16, p.id
    assert get_precision("mxfp4").scope == "experts"
    assert get_precision("q4_k_m").bits_more == pytest.approx(6.5625)


@pytest.mark.parametrize(
    ("name", "expected", "bytes_per_element"),
    [
        ("fp16", "fp16", 2.0),
        ("FP16", "fp16", 2.0),
        ("bf16", "fp16", 2.0),
        ("auto", "fp16", 2.0),
        ("fp8", "fp8", 1.0),
        ("fp8_e4m3", "fp8", 1.0),
        ("fp8_e5m2", "fp8", 1.0),
        ("q8_0", "q8_0", 8.5 / 8),
        ("Q4_0", "q4_0", 4.5 / 8),
    ],
)
def test_find_kv_type(name: str, expected: str, bytes_per_element: float) -> None:
    k = find_kv_type(name)
    assert k is not None
    assert k.id == expected
    assert k.bytes_per_element == pytest.approx(bytes_per_element)


@pytest.mark.parametrize("name", ["", "fp4", "q2_k", "f32", "int4", "nonsense"])
def test_unknown_kv_type_is_none(name: str) -> None:
    assert find_kv_type(name) is None


def test_every_kv_id_resolves() -> None:
    for k in KV_TYPES:
        assert find_kv_type(k.id) is k
