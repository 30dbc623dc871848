"""A Google TPU (catalog segment "tpu") is counted in chips, and answers about one said "per
GPU", "GPUs" and "GPU time" in most answer kinds: "about 17.0 GiB per GPU of the 14.4 GiB
usable" of a TPU v5e, "$2.70/h per GPU at gcp" of a TPU v6e, "Little headroom: 13.3 GiB of
14.4 GiB per GPU" (Romanian: "pe GPU", "GPU-uri"). Every answer message with GPU words that
a TPU setup reaches now has a ``<key>_chips`` variant in knowledge/messages/en.toml and
ro.toml, picked through ``_W.on``; the core's own texts of a TPU (/v1/sizing's warnings and
layout reasons) say "per chip" (``GPU.unit``), and core_warnings reads them back into the
``_chips`` messages. A GPU's words are unchanged."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.answer.core_warnings import localise
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, catalog, head, knowledge


def _head(q: str) -> str:
    """The answer's first paragraph, its no-break spaces (Romanian money) as spaces."""
    return head(ask(q)).replace("\xa0", " ")


def _warnings(q: str) -> str:
    """The answer's warnings paragraph (its last)."""
    last = ask(q).answer.split("\n\n")[-1]
    assert last.startswith(("Warnings:", "Avertismente:")), last
    return last.replace("\xa0", " ")


def _no_gpu_words(text: str) -> None:
    for word in ("per GPU", "pe GPU", "GPUs", "GPU-uri", "GPU time", "timp de GPU"):
        assert word not in text, (word, text)


def _size(body: dict[str, object]) -> SizingResult:
    return size(msgspec.convert(body, SizingRequest), catalog())


# -- capacity (users), EN and RO --------------------------------------------------------------

def test_en_users_on_a_tpu_v5e_say_per_chip() -> None:
    text = _head("how many users can a TPU v5e serve llama 3.1 8b to?")
    assert "(about 17.0 GiB per chip of the 14.4 GiB usable)" in text, text
    _no_gpu_words(text)


def test_ro_users_on_a_tpu_v5e_say_pe_cip() -> None:
    text = _head("câți utilizatori poate servi un TPU v5e cu llama 3.1 8b?")
    assert "(aproximativ 17,0 GiB pe cip din cei 14,4 GiB utilizabili)" in text, text
    _no_gpu_words(text)


# -- price per month and per hour, providers ---------------------------------------------------

def test_en_a_tpu_v6e_month_is_per_chip() -> None:
    text = _head("what does a TPU v6e cost per month on GCP?")
    assert ": $2.70/h per chip at gcp (on-demand)" in text, text
    _no_gpu_words(text)


def test_ro_a_tpu_v6e_month_is_pe_cip() -> None:
    text = _head("cât costă un TPU v6e pe lună pe GCP?")
    assert "2,70 USD/oră pe cip la gcp (la cerere)" in text, text
    _no_gpu_words(text)


def test_several_tpu_chips_and_their_providers() -> None:
    text = _head("what does 8 TPU v6e cost per hour?")
    assert "8 times the cheapest per-chip price" in text, text
    text = _head("cât costă lunar 4 TPU v6e?")
    assert "de 4 ori cel mai mic preț pe cip" in text, text
    text = _head("where can I rent a TPU v6e?")
    assert "gcp from $2.70/h per chip (on-demand; single-chip machines;" in text, text
    text = _head("unde pot închiria un TPU v6e?")
    assert "gcp de la 2,70 USD/oră pe cip (la cerere; mașini cu un singur cip;" in text, text


def test_a_month_of_serving_on_a_tpu_is_tpu_time() -> None:
    text = _head("how much does it cost to serve llama 3.1 8b on TPU v6e for a month with "
                 "50 users?")
    # the count of chips moved with the replicas fix (buyer26a #5: 2 chips hold 50 users at
    # int8); the wording is what this test holds
    assert re.search(r"\$[\d,]+ (?:of )?TPU time", text), text
    _no_gpu_words(text)
    text = _head("cât costă să servesc llama 3.1 8b pe TPU v6e o lună cu 50 de "
                 "utilizatori?")
    assert re.search(r"[\d.]+ USD timp de TPU", text), text
    _no_gpu_words(text)


# -- speed under load and its headroom warning -------------------------------------------------

def test_en_speed_under_load_and_headroom_say_chip() -> None:
    q = "how fast is llama 3.1 70b on 8 TPU v5e chips with 20 users?"
    text = _head(q)
    assert "(about 21.3 GiB per chip of the 14.4 GiB usable)" in text, text
    _no_gpu_words(text)
    assert "Little headroom: 13.3 GiB of 14.4 GiB per chip (7% free)." in _warnings(q)


def test_ro_speed_under_load_and_headroom_say_cip() -> None:
    q = "cât de rapid este llama 3.1 70b pe 8 cipuri TPU v5e cu 20 de utilizatori?"
    text = _head(q)
    assert "(aproximativ 21,3 GiB pe cip din cei 14,4 GiB utilizabili)" in text, text
    _no_gpu_words(text)
    assert "Rezervă mică: 13,3 GiB din 14,4 GiB pe cip (7% liber)." in _warnings(q)


def test_replicas_at_full_load_are_chips() -> None:
    text = _head("what is the throughput of llama 3.1 8b on 8 TPU v5e?")
    # re-pinned (fix layout): one layout per answer, said with its TP, the other named
    assert "These figures are for 2 replicas (4 chips per replica, TP4)" in text, text
    assert "one copy of the model split over all 8 chips (TP8) would generate" in text, text
    _no_gpu_words(text)


# -- fits / does not fit at a precision, and the core's warning read back ----------------------

def test_en_fit_warning_of_a_tpu_says_per_chip() -> None:
    said = _warnings("does llama 3.1 70b fit on 4 TPU v6e?")
    assert ("Does not fit: 35.1 GiB per chip at bf16 where Google Cloud TPU v6e Trillium (per "
            "chip) gives 28.8 GiB; int8 weights need 19.2 GiB per chip and fit") in said, said
    assert "per GPU" not in said


def test_ro_fit_warning_of_a_tpu_says_pe_cip() -> None:
    said = _warnings("încape llama 3.1 70b pe 4 TPU v6e?")
    assert ("Nu încape: 35,1 GiB pe cip la bf16, iar Google Cloud TPU v6e Trillium (per cip) "
            "oferă 28,8 GiB; cu greutăți int8 sunt necesari 19,2 GiB pe cip") in said, said
    assert "pe GPU" not in said


def test_precision_pick_and_memory_on_a_tpu() -> None:
    text = _head("ce precizie să folosesc pentru llama 3.1 70b pe 4 TPU v6e?")
    assert "aproximativ 19,2 GiB pe cip din cei 28,8 GiB utilizabili" in text, text
    assert "bf16 nu încape (aproximativ 35,1 GiB pe cip)" in text, text
    _no_gpu_words(text)
    text = _head("how much memory does llama 3.1 8b need on a TPU v6e with 20 users?")
    assert "GiB per chip of the 28.8 GiB usable" in text, text
    _no_gpu_words(text)
    text = _head("can I run llama 3.1 70b in fp8 on 8 TPU v5e?")
    assert "cannot run fp8 on that TPU" in text and "10.4 GiB per chip" in text, text


# -- counts at a request rate ------------------------------------------------------------------

def test_a_count_for_a_rate_prices_chips() -> None:
    text = _head("how many TPU v6e do I need for 10 requests per second of llama 3.1 8b?")
    assert "(5 chips in all, $2.70/h per chip, on-demand)" in text, text
    text = _head("câte TPU v6e îmi trebuie pentru 10 cereri pe secundă cu llama 3.1 8b?")
    assert "(5 cipuri în total, 2,70 USD/oră pe cip, la cerere)" in text, text


# -- a comparison: each row in its own words ---------------------------------------------------

def test_a_comparison_says_chip_of_the_tpu_and_gpu_of_the_h100() -> None:
    text = _head("compare TPU v6e and H100 for llama 3.1 8b")
    tpu, _, h100 = text.partition("; 1 × NVIDIA H100")
    assert "/h per chip, on-demand)" in tpu and "per GPU" not in tpu, text
    assert "/h per GPU, on-demand)" in h100, text


# -- a GPU keeps its words ---------------------------------------------------------------------

@pytest.mark.parametrize(("q", "said"), [
    ("what does an H100 cost per month?", "/h per GPU at "),
    ("how many users can an L4 serve llama 3.1 8b to?", "holds about"),
    ("how fast is llama 3.1 70b on 8 L4 with 20 users?", "(2 replicas, 8 GPUs per replica)"),
    ("cât costă un H100 pe lună?", "/oră pe GPU la "),
])
def test_a_gpu_answer_keeps_gpu_words(q: str, said: str) -> None:
    text = _head(q)
    assert said in text, text
    assert "per chip" not in text and "pe cip" not in text, text


# -- /v1/sizing: the core's texts of a TPU -----------------------------------------------------

def test_sizing_a_tpu_says_per_chip_and_a_gpu_per_gpu() -> None:
    r = _size({"model": "llama-3.1-8b", "gpu": "tpu-v5e"})
    assert r.warnings[0].startswith("does not fit: 17.0 GiB per chip at bf16 where Google Cloud "
                                    "TPU v5e (per chip) gives 14.4 GiB; int8 weights need 10.5 "
                                    "GiB per chip and fit"), r.warnings
    assert r.layout is not None
    assert r.layout.reason.startswith("no layout fits Google Cloud TPU v5e (per chip) (14.4 GiB "
                                      "usable per chip)"), r.layout.reason
    q = _size({"model": "llama-3.1-8b", "gpu": "tpu-v6e", "batch_size": 64,
               "input_tokens": 30000})
    assert any("GiB per chip where Google Cloud TPU v6e" in x and " such chips or " in x
               for x in q.warnings), q.warnings
    g = _size({"model": "llama-3.1-70b", "gpu": "l4"})
    assert any(x.startswith("does not fit: ") and " GiB per GPU at bf16" in x
               for x in g.warnings), g.warnings
    assert "per chip" not in " ".join(g.warnings)


def test_the_core_warning_of_a_tpu_reads_back_in_romanian() -> None:
    m = knowledge().messages

    def ro(text: str) -> str:
        return localise(text, m.section("ro", "answer"), m.formatter("ro"),
                        m.section("ro", "pricing"))

    said = ro(_size({"model": "llama-3.1-8b", "gpu": "tpu-v5e"}).warnings[0])
    assert said.startswith("nu încape: 17,0 GiB pe cip la bf16"), said
    assert "sunt necesari 10,5 GiB pe cip" in said, said
    gpu = _size({"model": "llama-3.1-70b", "gpu": "l4"}).warnings
    said = " ".join(ro(x) for x in gpu)
    assert "GiB pe GPU la bf16" in said and "pe cip" not in said, said
