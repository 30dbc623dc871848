"""Task storage_misc.

1. A single option over the budget read "1 option fit but cost more".
2. An out-of-range config.json value named the architecture's own field in the problem
   ("Expected `int` <= 1000 - at `$.num_layers`" for num_hidden_layers).
3. The models suggested for a size no catalog model is near were the first by id for a huge
   size (1e28 minus any size tied: Cohere Aya 23 8B, Baichuan 2 13B).
4. "plus 500 GB of datasets" replaced the disk of the model's weights (8B: 17 GB) instead of
   adding to it.
5. "How much storage for checkpoints of a 70B full fine-tune?" answered with a passage alone;
   LoRA storage was three times the weights (424 GB for 70B).
6. The reserved price for several GPUs was a per-GPU share of any machine (3 L40 at a quarter
   of a 4-GPU machine's price each).
7. A token job with no GPU named led with the batch pick and never said why the hourly answer
   leads with another setup."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import msgspec
import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.localised import localise_recommendation
from service.domain.catalog.hf_config import architecture_from_hf
from service.domain.catalog.precisions import get_precision
from service.domain.errors import InvalidInput
from service.domain.recommend.pricing import (
    lora_checkpoint_gb,
    model_storage_gb,
)
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import Recommendation, RecommendationRequest
from service.domain.sizing.sizing import sized_from_entry
from tests.unit.ask_fixtures import ask, asked, catalog, head

TODAY = dt.date(2026, 12, 4)


def rec(lang: str, **kw: Any) -> Recommendation:
    r = recommend(msgspec.convert(kw, RecommendationRequest), catalog(), TODAY)
    return localise_recommendation(r, shipped_messages(), lang)


# 1 -------------------------------------------------------------------------------------------

def test_one_option_over_the_budget_is_singular_in_both_languages() -> None:
    body = {"model": "llama-3.1-8b", "gpus": ["rtx-3060"], "max_usd_per_month": 5}
    en, ro = rec("en", **body), rec("ro", **body)
    assert en.reason is not None and ro.reason is not None
    assert "(1 option fits but costs more)" in en.reason, en.reason
    assert "fit but cost more" not in en.reason
    assert "(o singură variantă încape, dar costă mai mult)" in ro.reason, ro.reason


# 2 -------------------------------------------------------------------------------------------

_LLAMA = {"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096,
          "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 128256}


@pytest.mark.parametrize(("cfg", "key", "path"), [
    ({**_LLAMA, "num_hidden_layers": 10**9}, "num_hidden_layers",
     "$.hf_config.num_hidden_layers"),
    ({**_LLAMA, "max_position_embeddings": 10**12}, "max_position_embeddings",
     "$.hf_config.max_position_embeddings"),
    ({"model_type": "t5", "num_layers": 10**9, "d_model": 512, "num_heads": 8, "d_ff": 2048,
      "vocab_size": 32128}, "num_layers", "$.hf_config.num_layers"),
    ({"model_type": "bart", "encoder_layers": 12, "decoder_layers": 10**9, "d_model": 1024,
      "decoder_attention_heads": 16, "decoder_ffn_dim": 4096, "vocab_size": 50265},
     "decoder_layers", "$.hf_config.decoder_layers"),
    ({"model_type": "gemma3", "text_config": {
        "model_type": "gemma3_text", "num_hidden_layers": 10**6, "hidden_size": 2560,
        "num_attention_heads": 8, "intermediate_size": 10240, "vocab_size": 262208}},
     "num_hidden_layers", "$.hf_config.text_config.num_hidden_layers"),
])
def test_a_config_value_out_of_range_names_the_key_sent(cfg: dict[str, Any], key: str,
                                                         path: str) -> None:
    with pytest.raises(InvalidInput) as info:
        architecture_from_hf(cfg)
    assert info.value.path == path
    assert info.value.message.startswith(f"{key}: Expected `int` <= "), info.value.message
    assert "$.num_layers" not in info.value.message
    assert "$.max_context" not in info.value.message


# 3 -------------------------------------------------------------------------------------------

def test_suggestions_for_a_huge_size_are_the_largest_models() -> None:
    r = ask("How much VRAM for a 10000000000000000000000000000B model?")
    first = head(r)
    assert "the nearest the catalog has: Moonshot Kimi K2 (1T" in first, first
    assert "Aya" not in first and "Baichuan" not in first


def test_a_size_under_1b_keeps_its_digits() -> None:
    first = head(ask("How much VRAM for a 0.001B model?"))
    assert "about 0.001B parameters" in first, first
    assert "SmolLM2 135M" in first


# 4 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "total", "extra"), [
    ("How much does it cost per month to serve Llama 3.1 8B plus 500 GB of datasets?",
     "517", "500"),
    ("How much does it cost per month to serve Llama 3.1 8B and 1 TB of checkpoints?",
     "1,017", "1,000"),
    ("How much to store Llama 3.1 8B plus 500 GB of datasets per month?", "517", "500"),
])
def test_data_stated_beside_the_model_adds_to_its_weights(question: str, total: str,
                                                          extra: str) -> None:
    r = ask(question)
    assert (f"The storage counted is {total} GB: the model's 17 GB of bf16 weights plus the "
            f"{extra} GB stated.") in head(r), head(r)


def test_data_added_in_romanian() -> None:
    r = ask("Cât costă pe lună să servesc Llama 3.1 8B plus 500 GB de date?")
    assert ("Stocarea socotită este de 517 GB: cei 17 GB de greutăți bf16 ale modelului plus "
            "cei 500 GB menționați.") in head(r), head(r)


def test_storage_stated_stays_the_whole_volume() -> None:
    r = ask("How much does it cost per month to serve Llama 3.1 8B with 500 GB of storage?")
    assert "The storage counted" not in r.answer
    assert "$35.30 storage" in head(r), head(r)


def test_storage_price_of_the_sum() -> None:
    r = ask("How much to store Llama 3.1 8B plus 500 GB of datasets per month?")
    # datasets are kept in object storage since fix/storage (audit 31b #5)
    assert head(r).startswith("Storing 517 GB in object storage (standard class) costs from"), \
        head(r)


# 5 -------------------------------------------------------------------------------------------

def test_full_fine_tune_checkpoints_are_computed() -> None:
    r = ask("How much storage for checkpoints of a 70B full fine-tune?")
    assert asked(r) == ("storage_gb", 2117.0, "GB")
    assert head(r).startswith(
        "A full fine-tune of Meta Llama 3.1 70B writes about 988 GB per resumable checkpoint "
        "(14 bytes per parameter"), head(r)
    assert "with 2 checkpoints on disk and the 142 GB of bf16 weights, plan on about 2,117 GB"\
        in head(r)


def test_full_fine_tune_checkpoints_in_romanian() -> None:
    r = ask("Cât spațiu de stocare pentru checkpoint-urile unui fine-tuning complet de 70B?")
    assert asked(r) == ("storage_gb", 2117.0, "GB")
    assert head(r).startswith("Un fine-tuning complet al modelului Meta Llama 3.1 70B scrie "
                              "aproximativ 988 GB pentru fiecare checkpoint de reluare"), head(r)


def test_lora_checkpoints_are_the_adapters_and_their_optimizer_state() -> None:
    r = ask("How much storage for checkpoints of Llama 3.1 70B LoRA fine-tuning?")
    assert asked(r) == ("storage_gb", 147.0, "GB")
    assert "about 2.9 GB (207 million adapter parameters at rank 16" in head(r), head(r)


def test_lora_storage_is_no_longer_three_times_the_weights() -> None:
    m = sized_from_entry(catalog().registry.models["llama-3.1-70b"])
    bf16 = get_precision("bf16")
    # 80 layers x 16 x (q 8192+8192, k 8192+1024, v 8192+1024, o 8192+8192, three MLP
    # 8192+28672) = 207,093,760 adapter parameters, 14 bytes each
    assert lora_checkpoint_gb(m) == pytest.approx(207_093_760 * 14 / 1e9)
    assert model_storage_gb(m, bf16, training=True) == 147  # was 424 (x3)
    assert model_storage_gb(m, bf16, training=True, full=True) == 2117
    assert model_storage_gb(m, bf16, training=False) == 142


def test_the_recommendations_say_the_lora_storage_rule() -> None:
    r = rec("en", model="llama-3.1-8b", workload="finetune", training_tokens=1_000_000,
            finetune={"method": "lora"})
    note = next(a for a in r.assumptions if a.name == "storage_gb")
    assert note.value.startswith("weights size and two LoRA checkpoints"), note.value
    assert "x3" not in note.value


# 6 -------------------------------------------------------------------------------------------

def test_reserved_for_several_gpus_is_priced_on_whole_machines() -> None:
    r = ask("reserved price for 3 L40 per hour")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("reserved_per_gpu_hour_usd", "USD/h")
    # hyperstack's 4 x L40 machine reserved at $2.80/h, over the 3 GPUs asked (was $0.70: a
    # quarter of it each)
    assert value == pytest.approx(2.80 / 3)
    assert head(r).startswith("Reserved at hyperstack, the whole machine of 4 × NVIDIA L40 "
                              "48GB: $0.93/h per GPU"), head(r)


def test_reserved_month_for_several_gpus_in_romanian() -> None:
    r = ask("Cât costă rezervat 3 L40 pe lună?")
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("reserved_usd", "USD")
    assert value == pytest.approx(2.80 * 720)  # the whole machine, 24 h x 30 days
    assert head(r).startswith("Rezervat la hyperstack, toată mașina cu 4 × NVIDIA L40 48GB"), \
        head(r)


def test_reserved_price_of_one_gpu_is_unchanged() -> None:
    assert asked(ask("Reserved price of an H100?")) == (
        "reserved_per_gpu_hour_usd", 2.72, "USD/h")


# 7 -------------------------------------------------------------------------------------------

def test_a_token_job_says_why_its_setup_is_not_the_hourly_pick() -> None:
    r = ask("How much does it cost to generate 1B tokens with Llama 3.1 70B?")
    h = head(r)
    # re-pinned: serving start transient in the solve
    assert h.startswith("The job costs about $802.87 on 4 × AMD Instinct MI300X 192GB"), h
    # the hourly pick is the hourly answer's: 4 x RTX 3090 at int8, $0.64/h at vast, since
    # trainnet (it was 4 x V100 SXM2 at gptq-int4, $0.55/h at primeintellect, now 2,020 ms
    # to a first token over their quad's NVLink rings: past the 2 s target)
    setup, weights, provider, price = _hourly_pick()
    assert (f"Priced by the hour, the cheapest match is {setup} at {weights}") in h, h
    # the job on it at full load (a lone user's queue wait removed, the start in the solve,
    # storage counted): $1,247 over about 1,893 hours; more than the lead's $802.87
    m = re.search(rf"\${re.escape(price)}/h at {provider}, but this job would cost "
                  r"\$([\d,.]+) on it", h)
    assert m is not None, h
    assert float(m[1].replace(",", "")) > 802.87, h
    assert "the setup above is the cheapest for the whole job at full load." in h


def _hourly_pick() -> tuple[str, str, str, str]:
    """The hourly answer's setup, weights, provider and price for Llama 3.1 70B."""
    hourly = head(ask("How much per hour to run Llama 3.1 70B?"))
    m = re.match(r"The cheapest match is (.+?) with (\S+) weights .*? at (\S+) for "
                 r"\$([\d.]+)/h", hourly)
    assert m is not None, hourly
    return m[1], m[2], m[3], m[4]


def test_a_token_job_says_it_in_romanian() -> None:
    r = ask("Cât costă să generez 1 miliard de tokeni cu Llama 3.1 70B?")
    setup, weights, _, _ = _hourly_pick()
    assert (f"Prețuită pe oră, cea mai ieftină potrivire este {setup} la {weights}"
            in head(r)), head(r)
    # the English job's cost on it, said in Romanian (1,247 -> 1.247)
    en = head(ask("How much does it cost to generate 1B tokens with Llama 3.1 70B?"))
    m = re.search(r"but this job would cost \$([\d,.]+) on it", en)
    assert m is not None, en
    ro_cost = m[1].replace(",", " ").replace(".", ",").replace(" ", ".")
    assert f"dar acest job ar costa {ro_cost}\u00a0USD pe ea" in head(r), head(r)
