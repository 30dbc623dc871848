"""Numbers of /v1/ask, fixed (audit ask_en / ask_ro, task ask_numbers): a cost per token on a
GPU is the cheapest count of it that holds the model, not the fewest; users on several GPUs
are served by replicas, as the count answer sizes them; "how many users / sequences" is a
count, never a fit's yes or no; images for a budget and images per hour lead with the count
asked; one image costs its GPU time, the billed hour said after it; a TTFT asked "with 2,000
tokens" is for a 2,000-token prompt; a per-GPU price of a whole machine is the machine's
price over its GPUs; a fine-tune's cost with no data size leads with its cost per 100M
tokens. Each in English and, where the audit found it, in Romanian."""

from __future__ import annotations

import re

import msgspec
import pytest

from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import SizingResult, size
from tests.unit.ask_fixtures import ask, asked, catalog, head


def _size(**kw: object) -> SizingResult:
    return size(msgspec.convert(kw, SizingRequest), catalog())


# 1. cost per 1M tokens: the cheapest count of the GPU, not one barely-fitting H100

def test_million_on_h100_fp8_is_priced_on_the_cheapest_count() -> None:
    r = ask("cost per 1M tokens for llama 3.1 70b fp8 on h100s")
    quantity, value, _ = asked(r)
    assert quantity == "per_million_output_tokens_usd"
    # one H100 holds 70B at fp8 with room for 2 requests: about $6.29 per 1M tokens; two hold
    # 101 and serve 1,570 tokens/s at full load
    two = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=2,
                input_tokens=2048, output_tokens=512)
    one = _size(model="llama-3.1-70b", weights="fp8", gpu="h100-sxm", gpu_count=1,
                input_tokens=2048, output_tokens=512)
    assert two.performance is not None and one.performance is not None
    assert (two.performance.max_throughput_tokens_per_s or 0) > 20 * (
        one.performance.max_throughput_tokens_per_s or 0)
    assert value < 1.0, r.answer  # was $6.29
    assert "1 × NVIDIA H100" not in head(r).split(" at ")[0].split(" on ")[-1]
    assert re.search(r"on [248] × NVIDIA H100 SXM5 80GB", head(r)), head(r)
    # the setup is the hour's (prices.gpu_setups, audit ask_precision): 2 × H100 at fp8, as
    # the recommendations list no 1 × H100 at fp8 (2 requests); the note on "the fewest that
    # hold the model, 1 × H100" priced a setup no other unit names and is gone
    assert "the fewest that hold the model" not in r.answer


def test_million_compare_h100_h200_fp8_names_the_cheaper_setup() -> None:
    r = ask("h100 vs h200 cost per 1M tokens for llama 70b fp8")
    _, value, _ = asked(r)
    text = head(r)
    h100 = re.search(r"(\d) × NVIDIA H100 SXM5 80GB about \$([\d.]+)", text)
    h200 = re.search(r"(\d) × NVIDIA H200 SXM 141GB about \$([\d.]+)", text)
    assert h100 and h200, text
    assert h100.group(1) != "1"  # was 1 × H100 at $6.29
    assert float(h100.group(2)) < float(h200.group(2))  # H100s are cheaper per token here
    assert value == pytest.approx(float(h100.group(2)), abs=0.006)
    assert "Lowest cost per 1M tokens: " + h100.group(1) + " × NVIDIA H100" in r.answer


def test_million_fp8_not_dearer_than_bf16() -> None:
    fp8 = asked(ask("cost per 1M tokens for llama 3.1 70b fp8 on h100s"))[1]
    bf16 = asked(ask("cost per 1M tokens for llama 3.1 70b on h100s"))[1]
    # asking for fp8 made it 2.5x dearer; with no precision stated the price per token now
    # leads with its cheapest setup (fix/pertoken: 2 x H100 at int8, $0.76), which fp8 on the
    # same 2 x H100 ($0.78) comes within a few percent of
    assert fp8 < 1.1 * bf16


# 2. users on 8 GPUs: replicas, as the count answer sizes them

@pytest.mark.parametrize("q", ["How many users can I serve with 8 H100s and Llama 3.1 8B?",
                               "Câți utilizatori pot servi cu 8 H100 și Llama 3.1 8B?"])
def test_users_on_eight_gpus_are_replicas(q: str) -> None:
    r = ask(q)
    # the best replica width at the answers' default load (3,584 in, 512 out; task
    # ask_counts, it was 2,048 in: 8 replicas of 1 GPU holding 176 each): 4 replicas of 2
    # GPUs hold 250 each, 1,000 in all, where 8 of 1 hold 8 x 110
    best: tuple[int, int, float] = (0, 0, 0.0)
    for per in (1, 2):
        one = _size(model="llama-3.1-8b", gpu="h100-sxm", gpu_count=per, input_tokens=3584,
                    output_tokens=512)
        assert one.performance is not None and one.max_batch_size
        each = min(one.max_batch_size, one.performance.max_concurrency or one.max_batch_size)
        k = 8 // per
        if k * each > best[0]:
            best = (k * each, k, k * (one.performance.max_throughput_tokens_per_s or 0))
    n, k, thr = best
    assert (n, k) == (1000, 4)
    assert asked(r) == ("max_batch_size", n, "requests")  # was 1,750 (256 admitted)
    said = f"{round(thr):,}" if r.lang == "en" else f"{round(thr):,}".replace(",", ".")
    assert said in r.answer, r.answer  # was 18,143, one engine over all 8
    assert ("4 replicas" if r.lang == "en" else "4 replici") in head(r)


def test_users_on_eight_gpus_agree_with_the_count_answer() -> None:
    served = asked(ask("How many users can I serve with 8 H100s and Llama 3.1 8B?"))[1]
    need = ask(f"How many H100 for {int(served) + 1} concurrent users with Llama 3.1 8B?")
    # more than 8 (10 at 3,584 in + 512 out: 10 replicas of one GPU, 110 each; 9 at the old
    # 2,048 in, where one GPU held 176)
    assert asked(need)[0] == "gpu_count" and asked(need)[1] > 8
    fits = ask(f"How many H100 for {int(served)} concurrent users with Llama 3.1 8B?")
    assert asked(fits)[:2] == ("gpu_count", 8)


# 3. "how many" users or sequences: a count, not a fit's yes or no

@pytest.mark.parametrize("q", [
    "Câte mii de utilizatori pot servi cu 8 H100 și Llama 3.1 8B?",
    "How many thousands of users can I serve with 8 H100s and Llama 3.1 8B?"])
def test_how_many_thousands_of_users_is_a_count(q: str) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "max_batch_size" and r.numbers is not None
    assert r.numbers.asked is not None and r.numbers.asked.yes is None
    assert value >= 1000  # 1,000 at 4,096 tokens a request (1,408 at 2,560)
    assert not head(r).startswith(("Da", "Yes"))


def test_how_many_sequences_is_a_count() -> None:
    r = ask("Câte secvențe de 16.000 de tokeni încap pentru Mistral 7B pe un A10G?")
    assert asked(r) == ("max_batch_size", 2, "requests")  # was "Da, încape"
    assert not head(r).startswith("Da")


# 4. images for a budget, and images per hour asked

@pytest.mark.parametrize("q", ["how many sdxl images for $10 on a 4090",
                               "Câte imagini SDXL pot genera cu 10 USD pe un RTX 4090?"])
def test_images_for_a_budget(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("images", "images")  # was USD per 1,000 images
    sdxl = _size(model="sdxl", gpu="rtx-4090")
    assert sdxl.performance is not None and sdxl.performance.seconds_per_image
    price = re.search(r"\$([\d.]+)/h" if r.lang == "en" else r"([\d,]+)\s*USD/oră", head(r))
    assert price, head(r)
    hour = float(price.group(1).replace(",", "."))
    assert value == pytest.approx(10 / hour * 3600 / sdxl.performance.seconds_per_image,
                                  rel=0.01)
    assert 15_000 < value < 25_000


@pytest.mark.parametrize(("q", "lo", "hi"), [("sdxl imgs per hour on an L4", 150, 230),
                                             ("flux schnell imgs per hour on a 4090", 600, 800)])
def test_images_per_hour_lead(q: str, lo: float, hi: float) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("images_per_hour", "images/h")  # was $ per 1,000 images
    assert lo < value < hi
    assert re.match(r".{0,60}? makes about [\d,]+ 1024×1024 images per hour", head(r)), head(r)


# 5. one image: its GPU time at the hourly price, the billed hour after it

@pytest.mark.parametrize("q", ["Cât costă o imagine cu SDXL pe un L4?",
                               "how much does one sdxl image cost on an L4"])
def test_one_image_costs_its_gpu_time(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_image_usd", "USD")
    sdxl = _size(model="sdxl", gpu="l4")
    assert sdxl.performance is not None and sdxl.performance.seconds_per_image
    price = re.search(r"\$([\d.]+)/h" if r.lang == "en" else r"([\d,]+)\s*USD/oră", head(r))
    assert price, head(r)
    hour = float(price.group(1).replace(",", "."))
    assert value == pytest.approx(hour * sdxl.performance.seconds_per_image / 3600, rel=0.01)
    assert value < 0.01  # was 0.38, the whole billed hour
    billed = "in all at" if r.lang == "en" else "în total la"
    assert billed in head(r)  # the hour billed for one image alone is said too


# 6. a TTFT asked "with 2,000 tokens": the prompt is 2,000 tokens

@pytest.mark.parametrize("q", [
    "Care este timpul până la primul token pentru Qwen2.5 72B pe 2 H100 cu 2.000 de tokeni?",
    "ttft for qwen2.5 72b on 2 h100 with 2000 tokens"])
def test_ttft_prompt_is_the_length_stated(q: str) -> None:
    r = ask(q)
    assert asked(r)[0] == "time_to_first_token_ms"
    assert "2.000 de tokeni" in head(r) or "2,000-token prompt" in head(r), head(r)
    assert "1.488" not in head(r) and "1,488" not in head(r)
    at = _size(model="qwen2.5-72b", gpu="h100-sxm", gpu_count=2, input_tokens=2000,
               output_tokens=512)
    assert at.performance is not None
    assert asked(r)[1] == pytest.approx(at.performance.time_to_first_token_ms, rel=0.01)


# 7. per GPU of a whole machine: the machine's price over its GPUs

def test_per_gpu_price_of_a_whole_machine() -> None:
    r = ask("full fine-tune qwen2.5 7b how many a100s?")
    m = re.search(r"cost about \$([\d.]+)/h at (\S+), the whole machine of (\d) × [^(]+"
                  r"\(\$([\d.]+)/h per GPU", r.answer)
    assert m, r.answer
    machine, gpus, per_gpu = float(m.group(1)), int(m.group(3)), float(m.group(4))
    assert per_gpu == pytest.approx(machine / gpus, abs=0.006)  # was machine / 4 used


# 8. a fine-tune's cost with no data size: the cost per 100M tokens leads

@pytest.mark.parametrize("q", ["cost to fine tune llama 70b w/ lora on 8xh100",
                               "Cât costă fine-tuning LoRA pentru Llama 3.1 70B pe 8 H100?"])
def test_finetune_cost_leads_with_a_job_figure(q: str) -> None:
    r = ask(q)
    quantity, value, unit = asked(r)
    assert (quantity, unit) == ("per_100m_training_tokens_usd", "USD")  # was $14/h alone
    tps = re.search(r"([\d.,]+) (?:de )?tokeni/s" if r.lang == "ro" else r"([\d,]+) tokens/s",
                    head(r))
    hour = re.search(r"\$([\d.,]+)/h for the setup" if r.lang == "en"
                     else r"([\d.,]+)\s*USD/oră pentru tot", head(r))
    assert tps and hour, head(r)

    def num(s: str) -> float:
        return float(s.replace(",", "") if r.lang == "en"
                     else s.replace(".", "").replace(",", "."))

    assert value == pytest.approx(1e8 / num(tps.group(1)) / 3600 * num(hour.group(1)),
                                  rel=0.01)
