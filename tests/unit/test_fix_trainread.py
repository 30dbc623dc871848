"""Training questions read right (audit buyer17 #3, #6, #7, #9), English and Romanian:

1. an example's mean length ("100k examples with avg 800 tokens", "an average length of 800
   tokens", "800 tokens on average", "cu în medie 800 de tokeni", "media de 800 de tokeni")
   is the tokens of each example, as "averaging 800 tokens" was: 160M tokens for 100k x 800 x 2
   epochs (it was 2,048 tokens assumed, 409.6M tokens, 50.1 h and $14.79 on a 4090);
2. a micro-batch in one word ("microbatch 4", "micro_batch_size=4", "mbs 4", "micro-lot 4") is
   the micro-batch sized, as "micro-batch 4" was: 153.4 GiB for full DPO of Llama 3.1 8B at
   2,048 tokens (it was 144.4 GiB, a micro-batch of 1);
3. a count glued to its card ("8xH100 vs 8xA100", "2xH100", "8x-H100") names both cards
   compared, as "8x H100 vs 8x A100" did (the A100 side was dropped);
4. Romanian data kept at rest ("5 TB de checkpointuri", "checkpoint-urile", "puncte de
   control", "seturi de date") is storage, priced in the monthly total as English "5 TB of
   checkpoints" is ($15,764 = $15,494 of GPU time + $270 of storage at RunPod)."""

from __future__ import annotations

import pytest

from service.domain.answer.intent import details, stated
from service.domain.answer.understand import extract, training_examples
from tests.unit.ask_fixtures import ask, catalog, head

# -- 1. an example's mean length --------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "fine-tune llama 3.1 8b on 100k examples with avg 800 tokens for 2 epochs",
    "fine-tune llama 3.1 8b on 100k examples with avg. 800 tokens for 2 epochs",
    "lora llama 3.1 8b, dataset of 100k examples with an average length of 800 tokens",
    "lora llama 3.1 8b on 100k examples with an average of 800 tokens",
    "lora llama 3.1 8b on 100k examples, mean length 800 tokens",
    "lora llama 3.1 8b on 100k examples with a mean length of 800 tokens",
    "lora llama 3.1 8b on 100k examples (avg 800 tokens)",
    "lora llama 3.1 8b on 100k examples, ~800 tokens each",
    "lora llama 3.1 8b on 100k examples, 800 tokens on average",
    "lora llama 3.1 8b on 100k examples averaging 800 tokens",
    "lora pe llama 3.1 8b cu 100k de exemple cu în medie 800 de tokeni",
    "lora pe llama 3.1 8b cu 100k exemple, în medie 800 de tokeni",
    "lora pe llama 3.1 8b cu 100k de exemple cu media de 800 de tokeni",
    "lora pe llama 3.1 8b cu 100k de exemple cu o medie de 800 de tokeni",
    "lora pe llama 3.1 8b cu 100k exemple cu lungimea medie de 800 de tokeni",
    "lora pe llama 3.1 8b cu 100k exemple, 800 de tokeni în medie",
    "lora pe llama 3.1 8b cu 100k exemple de 800 de tokeni",
])
def test_mean_example_length_is_read(q: str) -> None:
    assert training_examples(q) == (100_000, 800)


@pytest.mark.parametrize("q", [
    "lora llama 3.1 8b on 100k examples, 2 epochs",
    "lora llama 3.1 8b on 100k examples, about 5000 tokens total",
])
def test_no_length_without_one(q: str) -> None:
    assert training_examples(q) == (100_000, None)


@pytest.mark.parametrize("q, prefix", [
    ("fine-tune llama 3.1 8b on 100k examples with avg 800 tokens for 2 epochs, qlora, on a "
     "4090: hours and cost",
     "For 160,000,000 (100,000 examples × 800 tokens × 2 epochs) training tokens"),
    ("fine-tune llama 3.1 8b pe 100k exemple cu în medie 800 de tokeni, 2 epoci, qlora, pe un "
     "4090: ore și cost",
     "Pentru 160.000.000 (100.000 de exemple × 800 de tokeni × 2 epoci) de tokeni de antrenare"),
])
def test_mean_length_prices_the_tokens_stated(q: str, prefix: str) -> None:
    text = head(ask(q)).replace("\xa0", " ")
    # (was 409,600,000: 100,000 x 2,048 assumed x 2, 50.1 hours and $14.79)
    assert text.startswith(prefix), text
    assert "2,048 tokens per example" not in text and "2.048" not in text, text


# -- 2. a micro-batch in one word -------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "full DPO llama 3.1 8b, seq len 2048, microbatch 4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, micro_batch 4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, micro_batch_size=4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, mbs 4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, mbs=4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, micro batch size of 4: how much memory?",
    "full DPO llama 3.1 8b, seq len 2048, micro-batch 4: how much memory?",
    "Full DPO llama 3.1 8b, secvență 2048, microbatch 4: câtă memorie?",
    "Full DPO llama 3.1 8b, secvență 2048, micro-lot 4: câtă memorie?",
])
def test_one_word_micro_batch_is_read(q: str) -> None:
    assert extract(q, catalog().registry).batch_size == 4


@pytest.mark.parametrize("q, gib", [
    ("full DPO llama 3.1 8b, seq len 2048, microbatch 4: how much memory?", "153.4 GiB"),
    ("Full DPO llama 3.1 8b, secvență 2048, microbatch 4: câtă memorie?", "153,4 GiB"),
])
def test_one_word_micro_batch_is_sized(q: str, gib: str) -> None:
    text = head(ask(q))
    assert gib in text, text  # (was 144.4 GiB: a micro-batch of 1)


def test_lora_micro_batch_eight_is_more_than_one() -> None:
    r8 = ask("LoRA llama 3.1 8b seq 4096 microbatch 8 memory?")
    r1 = ask("LoRA llama 3.1 8b seq 4096 micro-batch 1 memory?")
    assert r8.numbers is not None and r1.numbers is not None
    assert head(r8) != head(r1), head(r8)  # (was 19.4 GiB for both)


# -- 3. a count glued to its card -------------------------------------------------------------


@pytest.mark.parametrize("q, gpus", [
    ("8xH100 vs 8xA100 for full finetune of 8b on 5B tokens, cost and time",
     ["h100-sxm", "a100-sxm-40gb"]),
    ("8xH100 vs 8xa100 80GB for full finetune of llama 3.1 8b", ["h100-sxm", "a100-sxm-80gb"]),
    ("2xH100 vs 4×A100 for full fine-tuning llama 3.1 8b on 1B tokens",
     ["h100-sxm", "a100-sxm-40gb"]),
    ("8x-H100 vs 8xA100 for full finetune of 8b", ["h100-sxm", "a100-sxm-40gb"]),
    ("8x H100 vs 8x A100 for full finetune of 8b", ["h100-sxm", "a100-sxm-40gb"]),
    ("8xH100 vs 8xA100 pentru fine-tuning complet llama 3.1 8b pe 5B tokeni",
     ["h100-sxm", "a100-sxm-40gb"]),
])
def test_glued_counts_name_both_cards(q: str, gpus: list[str]) -> None:
    d = details(q, catalog().registry, [])
    assert d.gpus == gpus
    assert extract(q, catalog().registry).gpu_count in (2, 8)


def test_glued_count_keeps_a_model_name() -> None:
    ex = extract("mixtral 8x7b on 2x4090", catalog().registry)
    assert ex.model is not None and "8x7b" in ex.model and ex.gpu == "rtx-4090"
    assert ex.gpu_count == 2


@pytest.mark.parametrize("q, sides", [
    ("8xH100 vs 8xA100 for full finetune of 8b on 5B tokens, cost and time",
     ("8 × NVIDIA H100 SXM5 80GB fits", "8 × NVIDIA A100 SXM4 40GB fits")),
    ("8xH100 vs 8xA100 pentru fine-tuning complet llama 3.1 8b pe 5B tokeni, cost și timp",
     ("8 × NVIDIA H100 SXM5 80GB încape", "8 × NVIDIA A100 SXM4 40GB încape")),
])
def test_glued_comparison_answers_both_sides(q: str, sides: tuple[str, str]) -> None:
    text = head(ask(q))
    assert all(s in text for s in sides), text  # (was the H100 alone)


# -- 4. Romanian data kept at rest ------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "Cât costă pe lună un 8xH100 la runpod non-stop cu 5 TB de checkpointuri?",
    "Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de checkpointuri stocate?",
    "Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de checkpoint-uri?",
    "Cât costă pe lună 8 H100 la runpod non-stop, cu 5 TB de checkpointurile noastre?",
    "Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de puncte de control?",
    "Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de set de date?",
    "Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de seturi de date?",
    "monthly cost of 8 H100 at runpod 24/7 plus 5 TB of checkpoints",
    "monthly cost of 8 H100 at runpod 24/7 plus 5 TB of data sets",
])
def test_kept_data_is_storage(q: str) -> None:
    assert stated(q, catalog().registry).storage_gb == 5000


@pytest.mark.parametrize("q, total", [
    ("Cât costă pe lună un 8xH100 la runpod non-stop cu 5 TB de checkpointuri?",
     "Aproximativ 15.764 USD/lună în total"),
    ("Cât costă pe lună 8 H100 la runpod non-stop, plus 5 TB de checkpointuri stocate?",
     "Aproximativ 15.764 USD/lună în total"),
    ("monthly cost of 8 H100 at runpod 24/7 plus 5 TB of checkpoints",
     "About $15,764/month in all"),
])
def test_kept_data_is_in_the_monthly_total(q: str, total: str) -> None:
    text = head(ask(q)).replace("\xa0", " ")
    # (Romanian was 15.494 USD/lună of GPU time alone, or 11.462 on H100 PCIe)
    assert text.startswith(total), text
    assert "5.000 GB" in text or "5,000 GB" in text, text
