"""/v1/ask readings from regression audit regress5 (items 1, 2, 3, 5, 8, 9, 10): an objective
word that describes a model is no fine-tuning job, a city is a place only after a locating
word, a bare "EU" is the European Union, spot for a job that cannot resume, "us" as a pronoun,
a request's total latency for N output tokens, the lowest-latency GPU, a clip's transcription
time, N concurrent fine-tuning jobs, $ per image and tokens per day."""

from __future__ import annotations

import re

import pytest

from tests.unit.ask_fixtures import ask, asked, head


def _num(text: str) -> float:
    return float(text.replace(",", "").replace("\xa0", ""))


# -- 1. an objective word describing a model ---------------------------------------------------


@pytest.mark.parametrize("q", [
    "Speed of the Llama 3.1 8B DPO checkpoint on an L4?",
    "How fast is Tulu 2 DPO 70B on 2 H100?",
    "How many tokens per second does Tulu 2 DPO 70B do on 2 H100?",
])
def test_objective_in_a_models_name_is_its_speed(q: str) -> None:
    r = ask(q)
    text = head(r)
    assert r.intent != "finetune", text
    assert "fine-tuning" not in text and "GiB per GPU" not in text, text
    quantity, value, _ = asked(r)
    assert quantity.startswith("tokens_per_s") or "token" in quantity, (quantity, text)
    assert value > 5


@pytest.mark.parametrize("q, gib", [
    ("Is a 4090 enough to serve Llama-3.1-8B-Instruct (SFT+DPO)?", 17.0),
    ("Llama 3.1 8B Instruct was trained with RLHF; how much VRAM to serve it?", 17.0),
    ("Pot servi un Llama 3.1 8B antrenat cu DPO pe un L4?", 17.0),
    ("Can I serve Llama 3.1 8B (DPO-aligned) on an L4?", 17.0),
])
def test_objective_describing_a_served_model_is_serving(q: str, gib: float) -> None:
    r = ask(q)
    text = head(r)
    assert r.intent != "finetune", text
    assert "DPO" not in text.split(".")[0] and "PPO" not in text.split(".")[0], text
    assert re.search(r"17[.,]0\s*GiB", text), text
    assert "144" not in text and "284" not in text


def test_sft_done_before_serving_is_serving() -> None:
    r = ask("We did SFT already; now we want to serve Llama 3.1 8B to 30 users. Which GPU?")
    text = head(r)
    assert "fine-tuning" not in text, text
    assert r.intent != "finetune"


@pytest.mark.parametrize("q", [
    "dpo llama 3.1 8b full params how much vram",
    "How much VRAM for DPO training of Llama 3.1 8B?",
    "Run DPO on Llama 3.1 8B: how much memory?",
    "Câtă memorie pentru antrenare DPO pe Llama 3.1 8B?",
])
def test_objective_with_training_is_still_training(q: str) -> None:
    r = ask(q)
    assert r.intent == "finetune", head(r)
    assert "DPO" in head(r)


# -- 2. a city is a place only after a locating word ----------------------------------------


@pytest.mark.parametrize("q", [
    "Sydney here. What is the cheapest GPU to serve Mistral 7B?",
    "Milan from our ML team asks: how much does an A100 cost per hour?",
    "Milan, din echipa noastră, întreabă: cât costă un A100 pe oră?",
    "What does an H100 cost per hour? I'm asking for our London office but we can run anywhere.",
    "Paris Hilton wants to run Llama 3.1 8B; what's the cheapest GPU per hour?",
    "Our CTO Sydney wants the hourly price of an A100 80GB",
    "Dallas asked me what an L40S costs per hour",
])
def test_a_name_or_aside_is_no_place(q: str) -> None:
    text = head(ask(q))
    assert "located in" not in text and "situate în" not in text and "aflate în" not in text, text


def test_a_city_after_a_locating_word_filters_and_names_its_country() -> None:
    text = head(ask("Cheapest H100 in Milan?"))
    assert "located in Italy (Milan)" in text, text
    text = head(ask("cheapest A100 80GB at a datacenter in Sydney"))
    assert "located in Australia (Sydney)" in text, text


# -- 3. a bare EU ---------------------------------------------------------------------------


@pytest.mark.parametrize("q", [
    "cheapest H100 EU",
    "EU-hosted H100 price?",
    "H100 price for EU customers",
    "best hourly price for an A100 80GB (EU)",
    "EU cheapest A100 80GB?",
    "cheapest h100 eu",
])
def test_bare_eu_is_the_union(q: str) -> None:
    text = head(ask(q))
    assert "located in the European Union" in text, text


def test_romanian_eu_pronoun_is_no_region() -> None:
    text = head(ask("Eu vreau cel mai ieftin H100 pe oră."))
    assert "Uniunea Europeană" not in text and "situate" not in text, text


def test_eu_hosting_recommendation_is_in_the_union() -> None:
    text = head(ask("Which GPU should I rent for Llama 3.1 70B? We need EU hosting."))
    assert "European Union" in text, text


def _slack(text: str) -> str:
    from service.adapters.slack.commands import BotData, parse_command, run_command
    from tests.unit.ask_fixtures import TODAY, catalog, knowledge
    from tests.unit.slack_blocks import all_text
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return all_text(run_command(parse_command(text), data)).replace("\xa0", " ")


@pytest.mark.parametrize("cmd", ["offers h100 eu", "offers h100 region eu"])
def test_slack_bare_eu_offers_are_the_union(cmd: str) -> None:
    out = _slack(cmd)
    assert "Not understood" not in out, out
    assert "in EU" in out or "European Union" in out, out
    assert "mithril" not in out and "hyperbolic" not in out, out  # unplaced, worldwide


@pytest.mark.parametrize("cmd", ["recommend llama 3.1 8b eu", "recomandă llama 3.1 8b eu"])
def test_slack_bare_eu_recommend_is_the_union(cmd: str) -> None:
    out = _slack(cmd)
    assert "Not understood" not in out and "Nu am înțeles" not in out, out


# -- 5. spot for a job that cannot resume ------------------------------------------------


@pytest.mark.parametrize("q", [
    "Jobul nostru nu poate fi reluat dacă e întrerupt. Spot sau on-demand?",
    "Jobul nostru nu poate fi reluat dacă e întrerupt. Spot sau la cerere?",
    "Our training can't restart from a checkpoint. Is spot cheaper overall?",
])
def test_spot_for_a_job_that_cannot_resume_is_on_demand(q: str) -> None:
    text = head(ask(q))
    assert text.startswith("On-demand") or text.startswith("La cerere"), text


# -- 8. "us" as a pronoun -------------------------------------------------------------------


@pytest.mark.parametrize("q, place", [
    ("Tell us the cheapest H100 in Europe", "Europe"),
    ("Give us the price of an A100 80GB in Germany", "Germany"),
])
def test_us_pronoun_gives_way_to_the_place_named(q: str, place: str) -> None:
    text = head(ask(q))
    assert "located in the US" not in text, text
    assert f"located in {place}" in text, text


def test_help_us_is_no_place() -> None:
    text = head(ask("Help us pick a GPU for serving Llama 3.1 8B to 100 users"))
    assert "located in" not in text, text


# -- 9. latency ---------------------------------------------------------------------------


@pytest.mark.parametrize("q, lo, hi", [
    ("end-to-end latency for 300 output tokens with Llama 3.1 70B on 2 H100", 8.5, 10.0),
    ("What's the total latency for 200 output tokens with Llama 3.1 8B on an L4?", 12.5, 14.0),
])
def test_total_latency_for_n_output_tokens(q: str, lo: float, hi: float) -> None:
    r = ask(q)
    quantity, value, _ = asked(r)
    assert quantity == "request_latency_s", head(r)
    assert lo <= value <= hi, head(r)


def test_lowest_latency_gpu_is_no_small_card() -> None:
    r = ask("Which GPU gives the lowest latency for Llama 3.1 8B?")
    text = head(r)
    assert "smallest setup" not in text, text
    m = re.search(r"([\d.]+) tokens/s", text)
    assert m is not None, text
    assert float(m.group(1)) > 100, text  # the RTX 4000 Ada's 19.2 tok/s was answered
    # a card the catalog prices: GB300, which no offer lists, led
    assert "GB300" not in text, text


def test_whisper_clip_time() -> None:
    r = ask("How long to transcribe a 30-second clip with Whisper large-v3 on an L4?")
    _, value, unit = asked(r)
    assert unit == "s", head(r)
    assert 2.5 <= value <= 4.0, head(r)  # 30 s / 9.5 s of audio per second = 3.2 s


# -- 10. asked numbers --------------------------------------------------------------------


def test_concurrent_lora_jobs_count() -> None:
    r = ask("8 concurrent LoRA fine-tuning jobs of Llama 3.1 8B: how many H100?")
    _, value, _ = asked(r)
    assert 2 <= value <= 8, head(r)
    assert "8 jobs" in head(r), head(r)


def test_sdxl_price_per_image() -> None:
    r = ask("How much per 1024x1024 image with SDXL on an A10G?")
    _, value, unit = asked(r)
    assert "USD" in unit, head(r)
    assert 0 < value < 0.1, head(r)


def test_tokens_per_day() -> None:
    r = ask("Total tokens per day for Llama 3.1 8B on an L40S?")
    quantity, value, unit = asked(r)
    assert "day" in quantity or "day" in unit, head(r)
    assert value > 1e6, head(r)


# -- more readings kept and the Romanian wordings ------------------------------------------


@pytest.mark.parametrize("q, place", [
    ("How much does an H100 cost in London?", "the UK (London)"),
    ("Cheapest A100 80GB in the US?", "the US"),
    ("Tell us the cheapest H100 in the US", "the US"),
    ("What does an H100 cost per hour in Australia?", "Australia"),
])
def test_located_places_still_filter(q: str, place: str) -> None:
    text = head(ask(q))
    assert f"located in {place} are counted" in text, text


def test_romanian_city_after_la_filters() -> None:
    text = head(ask("Cât costă un H100 pe oră la Londra?"))
    assert "Regatul Unit (Londra)" in text, text


def test_romanian_total_latency_for_n_output_tokens() -> None:
    r = ask("Latența totală pentru 200 de tokeni de ieșire cu Llama 3.1 8B pe un L4?")
    quantity, value, _ = asked(r)
    assert quantity == "request_latency_s"
    assert 12.5 <= value <= 14.0, head(r)


def test_romanian_lowest_latency_and_jobs() -> None:
    r = ask("Care GPU are cea mai mică latență pentru Llama 3.1 8B?")
    assert head(r).startswith("Cea mai mică latență pentru o cerere este pe "), head(r)
    r = ask("8 joburi LoRA de fine-tuning simultane pentru Llama 3.1 8B: câte H100?")
    _, value, _ = asked(r)
    assert value == 4, head(r)
    assert head(r).startswith("8 joburi rulate simultan au nevoie de 4 × "), head(r)


def test_concurrent_jobs_say_packed_and_apart() -> None:
    text = head(ask("8 concurrent LoRA fine-tuning jobs of Llama 3.1 8B: how many H100?"))
    assert text.startswith("8 jobs side by side take 4 × NVIDIA H100"), text
    assert "so 2 fit on one GPU" in text and "one job per GPU, and it takes 8" in text


def test_slack_recommend_eu_reads_the_union() -> None:
    out = _slack("recommend llama 3.1 8b eu")
    assert "European Union" in out or "(eu)" in out, out


def test_slack_eu_based_is_read() -> None:
    out = _slack("recommend llama 3.1 8b eu-based")
    assert "Not understood" not in out and "European Union" in out, out


def test_a_deadline_count_steps_back_over_whole_machines_it_overshot() -> None:
    """13B on 1T tokens within 60 days on H100: the step up from the 3 x H100 that hold the
    run asked for 40, then 56 (48.1 days); 48 finish in 56.1 of the 60 days, as
    /v1/recommendations' 6 nodes of 8 do. Re-pinned: fix/trainperf counts the network
    between nodes once, and 40 (5 nodes of 8) now finish in 58.6 days, the recommendations'
    plan too."""
    r = ask("pre-antrenare 13B pe 1T tokeni pe H100 în 60 de zile")
    assert asked(r)[:2] == ("gpu_count", 40), head(r)
    assert "cere 5 noduri de 8 × NVIDIA H100" in head(r)
