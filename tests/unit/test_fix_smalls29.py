"""Leftovers of the earlier audits (fix/smalls): one reading of "1M" / "128k" on every route;
nodes asked of one machine of 8 GPUs, and with no GPU named; the pipeline's sends between
nodes in sizing's training_communication; NVLink asked of one GPU; an engine that cannot run
on a TPU chip that holds the model; two GPUs named for a month's images; GPUs whose offers are
all at providers left out."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.kb_fixtures import ask, catalog, head


def _size(**body: Any) -> Any:
    return size(msgspec.convert(body, SizingRequest), catalog())


# 1. one reading rule for a count of tokens, whichever route reads it


@pytest.mark.parametrize(("word", "tokens"), [
    ("128k", 131_072), ("32k", 32_768), ("1M", 1_000_000), ("1m", 1_000_000)])
def test_slack_reads_a_context_as_ask_does(word: str, tokens: int) -> None:
    from service.adapters.slack.commands import parse_size_args
    from service.domain.answer.understand import extract

    assert parse_size_args(f"llama 4 scout {word}")[2] == tokens
    said = extract(f"llama 4 scout with {word} context on 8x H100", catalog().registry)
    assert said.context_tokens == tokens


def test_the_one_rule_lives_in_the_core() -> None:
    from service.domain.tokens import amount_tokens, length_tokens

    assert length_tokens(128, "k") == 131_072  # Llama 3.1's max_position_embeddings
    assert length_tokens(1, "M") == 1_000_000 and length_tokens(1, "Mi") == 1_048_576
    assert amount_tokens(100, "k") == 100_000 and amount_tokens(1, "M") == 1_000_000
    # Llama 4 Scout's published window, 10 x 2^20, holds a "10M context"
    scout = catalog().registry.models["llama-4-scout"]
    assert scout.architecture is not None and scout.architecture.max_context == 10 * 2**20
    assert length_tokens(10, "M") <= scout.architecture.max_context


# 2. one node of 8 x H100 asked: No, how many nodes, and which single machines hold it


@pytest.mark.parametrize(("q", "ro"), [
    ("Can DeepSeek-V3 fit in a single node of 8 H100?", False),
    ("Poate DeepSeek-V3 să încapă într-un singur nod de 8 H100?", True),
])
def test_one_node_of_8_h100_for_deepseek_v3(q: str, ro: bool) -> None:
    one = _size(model="deepseek-v3", gpu="h100-sxm", gpu_count=8)
    two = _size(model="deepseek-v3", gpu="h100-sxm", gpu_count=16, weights=one.weights)
    assert not one.fits and two.fits
    text = head(ask(q))
    assert text.startswith("Nu:" if ro else "No:"), text
    assert ("2 mașini, 16 × NVIDIA H100" if ro else "2 machines, 16 × NVIDIA H100") in text, text
    single = sorted((f for f in one.fits_on if f.weights is None and f.gpu_count <= 8),
                    key=lambda f: (f.gpu_count, f.gpu_memory_gib))[0]
    name = catalog().registry.gpus[single.gpu].name
    assert f"{single.gpu_count} × {name}" in text.split(". ")[-1] or (
        f"{single.gpu_count} × {name}" in text.rsplit(":", 1)[-1]), text


# 3. nodes asked with no GPU named: the node question, on the H100, said


@pytest.mark.parametrize(("q", "lead", "words"), [
    ("Do I need multiple nodes to serve Llama 3.1 405B?", "Yes:",
     ["2 machines, 16 × NVIDIA H100 SXM5 80GB", "No GPU named: the machines are counted on "
      "the NVIDIA H100 SXM5 80GB"]),
    ("Am nevoie de mai multe noduri pentru a servi Llama 3.1 405B?", "Da:",
     ["2 mașini, 16 × NVIDIA H100 SXM5 80GB", "Niciun GPU numit: mașinile sunt numărate pe "
      "NVIDIA H100 SXM5 80GB"]),
    ("Do I need multiple nodes to serve Llama 3.1 8B?", "No:",
     ["1 × NVIDIA H100 SXM5 80GB", "it does not need several machines"]),
    ("Do I need multiple nodes to train Llama 3.1 70B?", "Yes:",
     ["2 machines, 16 × NVIDIA H100 SXM5 80GB", "No GPU named"]),
    ("Am nevoie de mai multe noduri pentru a antrena Llama 3.1 70B?", "Da:",
     ["2 mașini, 16 × NVIDIA H100 SXM5 80GB", "Niciun GPU numit"]),
])
def test_nodes_asked_with_no_gpu(q: str, lead: str, words: list[str]) -> None:
    text = head(ask(q))
    assert text.startswith(lead), text
    for x in words:
        assert x in text, text


# 4. sizing: only pipeline sends cross the nodes


def test_training_communication_states_the_pipeline_sends() -> None:
    r = _size(model="llama-3.1-70b", task="pretrain", gpu="h100-sxm", gpu_count=16,
              training_tokens=1_000_000_000)
    note = next(a for a in r.assumptions if a.name == "training_communication")
    assert "pipeline" in note.reason and "different nodes" in note.reason
    assert not note.value.startswith("0 s"), note.value
    m = re.match(r"([\d.]+) s a step of pipeline sends between nodes", note.value)
    assert m is not None and float(m.group(1)) > 0, note.value


# 5. NVLink asked of one GPU


@pytest.mark.parametrize(("q", "lead", "why"), [
    ("Is NVLink needed for Llama 3.1 8B on 1 H100?", "No:", "one GPU exchanges nothing"),
    ("Este nevoie de NVLink pentru Llama 3.1 8B pe 1 H100?", "Nu:",
     "un singur GPU nu schimbă nimic"),
])
def test_nvlink_on_one_gpu(q: str, lead: str, why: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.startswith(lead) and why in text, text
    assert "17.0 GiB" in text or "17,0 GiB" in text, text
    assert r.numbers is not None and r.numbers.asked is not None
    assert r.numbers.asked.quantity == "gpu_count" and r.numbers.asked.value == 1


# 6. a TPU chip that holds SDXL, where diffusers does not run


@pytest.mark.parametrize(("q", "said", "unsaid"), [
    ("SDXL on TPU v5e vs L4: which is cheaper per image?",
     "Google Cloud TPU v5e (per chip) holds it in memory, but diffusers cannot run fp16 on it",
     "does not hold it on one node"),
    ("SDXL pe TPU v5e sau L4: care e mai ieftin pe imagine?",
     "îl cuprinde în memorie, dar diffusers nu poate rula fp16 pe el", "nu îl cuprinde pe un nod"),
])
def test_tpu_sdxl_is_not_called_too_big(q: str, said: str, unsaid: str) -> None:
    text = head(ask(q))
    assert said in text and unsaid not in text, text


# 7. two GPUs named for a month's images: each side's month


def _job(q: str) -> float:
    r = ask(q)
    assert r.numbers is not None and r.numbers.asked is not None
    return r.numbers.asked.value


@pytest.mark.parametrize(("q", "ro"), [
    ("SDXL on L4 and RTX 4090 for 5,000 images a month", False),
    ("SDXL pe L4 și RTX 4090 pentru 5.000 de imagini pe lună", True),
])
def test_two_gpus_for_a_month_of_images(q: str, ro: bool) -> None:
    l4 = _job("How much does SDXL cost on an L4 for 5,000 images a month?")
    rtx = _job("How much does SDXL cost on an RTX 4090 for 5,000 images a month?")
    text = head(ask(q))
    lead = text.split(". ")[0]

    def money(v: float) -> str:
        s = f"{v:,.2f}"
        return (s.replace(",", "#").replace(".", ",").replace("#", ".") + " USD/lună") if ro \
            else f"${s}/month"

    assert "NVIDIA L4 24GB" in lead and "RTX 4090" in lead, text
    assert money(l4) in lead and money(rtx) in lead, text
    assert "V100" not in lead, text
    assert ("19,1 s" if ro else "19.1 s") in text and ("6,5 s" if ro else "6.5 s") in text, text
    assert ("Data prețului" if ro else "Price date") in text, text


# 8. a GPU whose offers are all at a provider left out


@pytest.mark.parametrize(("q", "said"), [
    ("SDXL on A10G vs L4 per image, excluding aws",
     "no offer left once the offers at aws are left out"),
    ("SDXL pe A10G vs L4 pe imagine, fără aws",
     "nicio ofertă rămasă după ce ofertele de la aws sunt lăsate deoparte"),
    ("Llama 3.1 8B on A10G vs L4: cost per million tokens, excluding aws",
     "No offer for 1 × NVIDIA A10G 24GB (AWS) is left once the offers at aws are left out"),
])
def test_an_excluded_providers_gpu_is_not_unoffered(q: str, said: str) -> None:
    text = head(ask(q))
    assert said in text, text
    assert "no offer in the catalog" not in text and "nicio ofertă în catalog" not in text, text
