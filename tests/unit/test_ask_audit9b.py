"""Audit 9b: what an answer leads with (a unit cost for speech and image models, the card a
bare family name means, the pricing model of every price, a usable training plan), the
language and scope of short questions, and the Slack renderer's warnings."""

from __future__ import annotations

import json

import msgspec

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.compose import AskRequest, answer
from service.domain.answer.understand import detect_language
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from service.domain.sizing.requests import SizingRequest
from service.domain.sizing.sizing import size
from tests.unit.ask_fixtures import TODAY, ask, asked, catalog, head, knowledge


def _rec(model: str, interruptible: bool) -> list:
    req = msgspec.convert({"model": model, "workload": "batch", "interruptible": interruptible,
                           "top_n": 10}, RecommendationRequest)
    return recommend(req, catalog(), TODAY, explain=False).options


def test_whisper_cost_per_audio_hour_leads_with_the_per_audio_hour_cost_on_demand() -> None:
    od = min(o.cost.per_audio_hour_usd for o in _rec("whisper-large-v3", False)
             if o.pricing_model == "on_demand" and o.cost.per_audio_hour_usd)
    for q in ("What is the cost per hour of audio for Whisper large-v3?",
              "whisper large v3 cost per minute of audio",
              "cât costă transcrierea pe oră de audio cu whisper large v3?"):
        r = ask(q)
        quantity, value, _unit = asked(r)
        if "minute" in q:
            # a minute of audio asked: the hour's cost over 60 leads (audit ro2 #7; this test
            # had pinned the hour's figure as the answer to "per minute")
            assert quantity == "per_audio_minute_usd", (q, r.answer)
            value *= 60
        else:
            assert quantity == "per_audio_hour_usd", (q, r.answer)
        assert abs(value - od) < 1e-9, (q, value, od)
        first = head(r).split(".")[0] + head(r)
        said = "la cerere" if r.lang == "ro" else "on-demand"
        assert said in first.split("Spot")[0].split("Pe spot")[0], r.answer
        assert "spot" in head(r).lower()  # spot after, named


def test_whisper_interruptible_leads_with_spot_per_audio_hour() -> None:
    spot = min(o.cost.per_audio_hour_usd for o in _rec("whisper-large-v3", True)
               if o.pricing_model == "spot" and o.cost.per_audio_hour_usd)
    r = ask("cost per audio hour for whisper large-v3 as an interruptible batch job")
    quantity, value, _ = asked(r)
    assert quantity == "per_audio_hour_usd" and abs(value - spot) < 1e-9, r.answer
    assert "(spot)" in head(r)


def test_bare_a100_in_an_llm_comparison_is_the_80gb_card_and_says_so() -> None:
    r = ask("H100 vs A100 for 70B inference")
    h = head(r)
    assert "2 × NVIDIA A100 SXM4 80GB" in h and "4 × NVIDIA A100 SXM4 40GB" not in h, h
    assert "“A100” is read as the NVIDIA A100 SXM4 80GB" in h
    assert "40GB it fits on 4" in h
    # the same verdict as when the 80 GB card is named
    named = head(ask("H100 vs A100 80GB for 70B inference"))
    assert h.split("Fastest:")[1] == named.split("Fastest:")[1]


def test_flux_on_a_4090_gives_cost_per_thousand_images_at_a_precision_that_fits() -> None:
    # one image costs its seconds of GPU time at the hourly price (as "1 image" does), the
    # job of one billed as jobs are said after it (test_fix_ask_numbers: it led with the
    # whole billed hour)
    r = ask("what does one image with FLUX.1 schnell cost on an RTX 4090")
    quantity, value, _ = asked(r)
    assert quantity == "per_image_usd" and 0 < value < 0.01, r.answer
    assert value == asked(ask("what does 1 image with FLUX.1 schnell cost on an RTX 4090"))[1]
    h = head(r)
    assert "at fp8" in h and "s of GPU time" in h and "Price date" in h, h
    assert "At bf16 it needs about" in h


def test_a_token_job_leads_on_demand_and_names_every_pricing_model() -> None:
    r = ask("cât costă 100 de milioane de tokeni cu llama 3 70b în fp8")
    h = head(r)
    first = h.split(". ")[0]
    assert "la cerere" in first and "spot" not in first, h
    r = ask("how much does it cost to generate 100 million tokens with llama 3 70b in fp8")
    assert "on-demand" in head(r).split(". ")[0]


def test_pretraining_leads_with_a_plan_within_30_days() -> None:
    r = ask("train a 7B model from scratch on 1T tokens: how many GPUs and how long?")
    h = head(r)
    assert h.startswith("To pre-train") and "within 30 days" in h, h
    assert asked(r)[0] == "gpu_count"


def test_lora_with_tokens_and_how_many_gpus_gets_count_time_and_cost() -> None:
    r = ask("LoRA fine-tune of Llama 3.1 8B, 3 epochs on 10M tokens, in 2 days: how many GPUs?")
    h = head(r)
    assert "costs about" in h and ("hours" in h or "minutes" in h) and " × " in h, h


def test_a_count_that_does_not_hold_the_run_gets_the_time_on_one_that_does() -> None:
    r = ask("full fine-tune of Llama 3.1 70B on 8 x H100, how long for 1B tokens?")
    h = head(r)
    # the time on the fewest that hold the run leads, the count asked not holding it after
    # (buyer audit, fix/trainlead: it led with the "No" on 8 x H100 and its memory)
    assert "hours) on 16 × NVIDIA H100 SXM5 80GB" in h.split(". ")[0], h
    assert "It does not fit on 8 × NVIDIA H100 SXM5 80GB" in h, h


def test_short_romanian_follow_up_is_romanian() -> None:
    words = knowledge().messages.words
    assert detect_language("dar in fp8?", words) == "ro"


def test_follow_up_or_bare_which_gpu_without_context_asks_for_the_model() -> None:
    t = {lang: knowledge().messages.section(lang, "answer") for lang in ("en", "ro")}
    for q, lang in (("dar in fp8?", "ro"), ("si cu 100 de utilizatori?", "ro"),
                    ("which gpu?", "en"), ("ce gpu?", "ro")):
        r = ask(q)
        assert r.lang == lang and r.answer == t[lang]["need_context"], (q, r.answer)
        assert r.passages == [] and r.confidence == 0.0
    assert ask("what about spot pricing?").answer != t["en"]["need_context"]


def test_a_creative_request_is_out_of_scope_in_both_languages() -> None:
    t = {lang: knowledge().messages.section(lang, "answer") for lang in ("en", "ro")}
    assert ask("write me a poem about GPUs").answer == t["en"]["out_of_scope"]
    r = ask("scrie-mi o poezie despre GPU-uri")
    assert r.lang == "ro" and r.answer == t["ro"]["out_of_scope"]


def test_what_happens_on_a_spot_interruption_gives_the_notice_and_the_checkpoint() -> None:
    for q in ("ce se intampla cu un job spot cand e intrerupt?",
              "what happens to a spot job when it is interrupted?"):
        r = ask(q)
        h = head(r)
        assert "120 s" in h and "checkpoint" in h, h
        assert "USD/oră" not in h and "$" not in h


def test_slack_size_shows_the_sizing_warnings() -> None:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge())
    msg = run_command(parse_command("size llama 3 70b int4 32k"), data)
    text = json.dumps(msg["blocks"], ensure_ascii=False)
    assert "8,192" in text and "Warnings:" in text


def test_romanian_decimal_counts_take_no_de() -> None:
    from service.domain.answer.compose import _ro_de
    assert _ro_de("pentru 0,5 de ore pe") == "pentru 0,5 ore pe"
    assert _ro_de("pentru 20 de ore și 5 de ore") == "pentru 20 de ore și 5 ore"


def test_large_hours_have_no_stray_decimal_and_names_keep_their_capital() -> None:
    r = ask("full fine-tune of Llama 3.1 70B on 8 x H100, how long for 1B tokens?")
    assert ".0 hours" not in r.answer
    r = answer(AskRequest(question="how fast is llama 3.1 70b on H100?"),
               knowledge(), catalog(), TODAY)
    assert "so the figures are for" in r.answer and ": Meta Llama 3.1 70B" in r.answer


def test_a_five_second_wan_video_is_one_clip() -> None:
    h = head(ask("how much does a 5 second video with wan 2.1 1.3b cost on an h100?"))
    assert "a 5-second video is one clip" in h and "may take more" not in h, h


def test_concurrency_explains_admitted_versus_held() -> None:
    # the load stated (2,048 tokens in, 512 out): at the default 4,096 tokens a request an L4
    # holds 7 and its engine admits 7 (requests in flight, at about 3,840 tokens, are nearly
    # their full length), so there is no "more" to explain there
    h = head(ask("how many concurrent users can an L4 hold with llama 3.1 8b with 2k-token "
                 "prompts?"))
    assert "more than the" in h and "pages" in h, h
    r = size(SizingRequest(model="llama-3.1-8b", gpu="l4", input_tokens=2048,
                           output_tokens=512), catalog())
    assert r.performance is not None and r.performance.max_concurrency and r.max_batch_size
    held, admitted = r.max_batch_size, r.performance.max_concurrency
    assert admitted > held
    assert f"holds about {held} concurrent requests of 2,560 tokens each" in h, h
    assert f"admits up to {admitted} at once, more than the {held}" in h, h
