"""Slack round 2, the rest (audit out/slack.md 4-second-half, 6-10): words that were read
("8xh100", "4 bits") are not said as unread, and "8xh100" filters the family as "on h100"
does; the English headline names no instance type; Romanian says "la cerere", one
vocabulary and one register on Slack and the web page, places with diacritics, a lei amount
applies no budget, the no-offer fallback ends its sentence, "1 ofertă"; a budget of 0 is
refused in words; a region stem stays short in the link and the page expands it; a
diffusion, audio or embedding link has no context and an embedding is sized at its own 512
tokens; a mistyped verb gets "did you mean"."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.adapters.slack.commands import BotData, left_out, parse_command, run_command
from service.adapters.slack.render import Message
from tests.unit.ask_fixtures import TODAY, catalog, knowledge
from tests.unit.slack_blocks import all_text, link_params, table_rows

URL = "https://gpu.example.com"
APP_JS = Path(__file__).resolve().parents[2] / "service" / "web" / "app.js"
NODE = shutil.which("node")


def _run(text: str) -> Message:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(), public_url=URL,
                   messages=knowledge().messages)
    return run_command(parse_command(text), data)


def _rows(msg: Message) -> dict[str, str]:
    return table_rows(msg)


# 1. words that were read


def test_8xh100_is_read_and_filters_the_family_as_on_h100_does() -> None:
    msg = _run("recommend llama 3.1 70b on 8xh100")
    text = all_text(msg)
    assert "Not understood" not in text  # was "Not understood, so left out: `8xh100`"
    assert "`8x`: the number of GPUs is not a filter here" in text
    on_h100 = link_params(_run("recommend llama 3.1 70b on h100"))
    link = link_params(msg)
    assert link is not None and on_h100 is not None
    # was "h100-sxm" alone
    assert link["gpus"] == on_h100["gpus"] == "h100-nvl,h100-pcie,h100-sxm"
    assert _rows(msg)["GPU"] == ("NVIDIA H100 NVL 94GB, NVIDIA H100 PCIe 80GB, "
                                 "NVIDIA H100 SXM5 80GB")


@pytest.mark.parametrize("text", ["size llama 3 70b in 4 bits",
                                  "dimensiune llama 3 70b în 4 biți",
                                  "dimensiune llama 3 70b in 4 biti"])
def test_4_bits_is_read_not_said_unread(text: str) -> None:
    msg = _run(text)
    body = all_text(msg)
    assert "Not understood" not in body and "Nu am înțeles" not in body  # was "`4`"
    rows = _rows(msg)
    assert rows.get("Precision", rows.get("Precizie")) == "int4"


# 2. no instance type in the English headline


def test_english_headline_names_no_instance_type() -> None:
    head = all_text(_run("recommend llama 3.1 8b for 100 users 8k")).splitlines()[0]
    assert head.startswith("5 instances of 4 x NVIDIA GeForce RTX 3060 12GB at vast (on-demand")
    assert "(4x-RTX_3060-32-65536)" not in head


# 3. Romanian


def test_romanian_recommendation_says_la_cerere_and_one_vocabulary() -> None:
    msg = _run("recomandă llama 3.1 8b în romania")
    text = all_text(msg)
    assert "on-demand" not in text
    assert "~183 USD/lună la cerere · bf16" in text
    assert " la vast (la cerere), greutăți bf16: 183 USD/lună" in text
    rows = _rows(msg)
    assert rows["Tip de sarcină"] == "servire"  # was "Utilizare" (web: "Tip de sarcină")
    assert rows["Loc"] == "România (ro)"  # was "Romania (ro)"


def test_romanian_offers_echo_the_place_with_diacritics() -> None:
    text = all_text(_run("oferte h100 în franta"))
    assert text.startswith("Cele mai ieftine oferte de H100 în Franța,")  # was "Franta"
    assert "· la cerere ·" in text


def test_one_romanian_vocabulary_and_register_on_slack_and_web() -> None:
    m = knowledge().messages
    slack, web = m.section("ro", "slack"), m.section("ro", "web")
    assert web["on_demand"] == slack["kind_on_demand"] == "la cerere"
    assert web["weights_gib"] == web["weightsCol"] == slack["weights"] == "Greutăți"
    assert web["overhead_gib"] == slack["overhead"] == "Execuție"
    assert web["workload"] == slack["workload"] == "Tip de sarcină"
    assert web["wlFinetune"].startswith(slack["wl_finetune"].capitalize())  # "Fine-tuning"
    assert m.section("ro", "pricing")["on_demand"] == "la cerere"
    # the "dumneavoastră" register, as on Slack ("Poate ați vrut"), never "tu"
    assert web["didYouMean"] == "Poate ați vrut"
    assert web["formHeading"] == "Sarcina dumneavoastră"
    for key in ("modelHint", "chooseModel", "askEmpty", "retryLater", "invalidNumber"):
        assert not re.search(r"\b(?:Scrie|scrie|Alege|încearcă)\b", web[key]), web[key]
    assert not any(re.search(r"\bsarcina ta\b", v) for v in web.values())


@pytest.mark.parametrize(("text", "said"), [
    ("recommend llama 3.1 8b 100 lei/hour", "and no budget is applied from it (your 100 lei)"),
    ("recomandă llama 3.1 8b 100 lei/oră", "și nu se aplică niciun buget din ea (100 de lei)"),
])
def test_lei_note_says_no_budget_is_applied(text: str, said: str) -> None:
    assert said in all_text(_run(text))


def test_the_no_offer_fallback_ends_its_sentence() -> None:
    msg = _run("recomandă llama 3.1 8b $0.01/h în Germania")
    # was "...; măriți bugetul Au fost lăsate deoparte..."
    assert "măriți bugetul. Au fost lăsate deoparte" in msg["text"], msg["text"]


def test_one_offer_left_out_is_singular() -> None:
    m = knowledge().messages

    def number(v: float) -> str:
        return f"{v:,.0f}"

    ro, en = m.section("ro", "slack"), m.section("en", "slack")
    assert left_out(ro, "no_region_left", 1, number) == \
        "A fost lăsată deoparte 1 ofertă fără un loc cunoscut."  # was "1 oferte"
    assert left_out(ro, "availability_left", 1, number, provider="Lambda").startswith(
        "A fost lăsată deoparte 1 ofertă Lambda:")
    assert left_out(en, "no_region_left", 1, number) == \
        "1 offer with no known place was left out."
    assert left_out(ro, "no_region_left", 20, number) == \
        "Au fost lăsate deoparte 20 de oferte fără un loc cunoscut."


# 4. a budget of 0


@pytest.mark.parametrize(("text", "said"), [
    ("recommend llama 3.1 8b $0/h", "A budget of 0 leaves no offer"),
    ("recommend llama 3.1 8b 0/month", "A budget of 0 leaves no offer"),
    ("recomandă llama 3.1 8b 0 lei", "Cu un buget de 0 nu rămâne nicio ofertă"),
])
def test_a_zero_budget_is_refused_in_words(text: str, said: str) -> None:
    msg = _run(text)
    assert said in all_text(msg)
    assert link_params(msg) is None  # was a link with budget=0.0


# 5. a region stem stays short


def test_a_region_stem_stays_as_typed_in_the_link() -> None:
    link = link_params(_run("recommend llama 3.1 70b fp8 on h200 in us-east"))
    assert link is not None and link["regions"] == "us-east"  # was 29 ids


@pytest.mark.skipif(NODE is None, reason="node is not installed: app.js not run")
def test_the_page_expands_a_stem_as_the_bot_reads_it() -> None:
    js = APP_JS.read_text()

    def fn(name: str) -> str:
        start = js.index(f"function {name}(")
        depth, i = 0, js.index("{", start)
        while True:
            depth += {"{": 1, "}": -1}.get(js[i], 0)
            i += 1
            if depth == 0:
                return js[start:i]

    c = catalog()
    offers = [{"regions": list(o.regions)} for o in c.offers]
    # fix/useast: "us-east" is now an area the API takes (regions.toml [[group]]); a stem the
    # API still refuses is another word, "us-south" (Lambda's, GCP's and Prime Intellect's ids)
    want = c.regions.filter_values("us-south")
    # GET /v1/offers: a region the API takes (a continent, a country, an id) answers 200, a
    # stem 400 (/problems/unknown-region; a 404 before audit buyer26c #10); the pages of
    # offers list their regions
    script = "\n".join([
        f"var OFFERS = {json.dumps(offers)};",
        "var calls = 0;",
        "function fetch(url) { calls++; var u = new URL(url, 'http://x/');",
        "  var region = u.searchParams.get('region');",
        "  if (region !== null) { return Promise.resolve({ ok: region !== 'us-south',",
        "    status: region === 'us-south' ? 400 : 200, json: function () { return {}; } }); }",
        "  var off = parseInt(u.searchParams.get('offset'), 10);",
        "  var lim = parseInt(u.searchParams.get('limit'), 10);",
        "  return Promise.resolve({ ok: true, status: 200, json: function () {",
        "    return { total: OFFERS.length, offers: OFFERS.slice(off, off + lim) }; } }); }",
        "var regionIds = null;", fn("offerRegionIds"), fn("expandRegions"),
        "Promise.all([expandRegions('us-south'), expandRegions('europe,ro'),",
        "             expandRegions('')]).then(function (r) {",
        "  console.log(JSON.stringify(r)); });"])
    done = subprocess.run([str(NODE), "-e", script], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    stem, kept, empty = json.loads(done.stdout)
    assert stem.split(",") == want and len(want) == 9
    assert kept == "europe,ro" and empty == ""


# 6. no context for other models; an embedding at its own 512 tokens


@pytest.mark.parametrize("text", ["recommend sdxl", "recommend flux.1 dev 2048x2048",
                                  "recommend whisper large v3", "recommend bge large",
                                  "size bge large"])
def test_non_text_generation_links_carry_no_context(text: str) -> None:
    link = link_params(_run(text))
    assert link is not None and "context" not in link, link  # was context=4096


def test_an_embedding_is_sized_at_its_own_max_input() -> None:
    msg = _run("size bge large")
    text = all_text(msg)
    assert _rows(msg)["Context"] == "512 tokens"  # was 4,096
    assert "output_tokens ignored" not in text
    assert "more than BAAI bge-large-en-v1.5" not in text
    assert _rows(_run("size bge large 256"))["Context"] == "256 tokens"


# 7. a mistyped verb


@pytest.mark.parametrize(("text", "said"), [
    ("reccomend llama 3.1 8b", "Did you mean `/gpu recommend llama 3.1 8b`?"),
    ("sise llama 3.1 8b", "Did you mean `/gpu size llama 3.1 8b`?"),
    ("recomand llama 3.1 8b", "Ați vrut să scrieți `/gpu recomandă llama 3.1 8b`?"),
    ("ofers h100", "Did you mean `/gpu offers h100`?"),
])
def test_a_mistyped_verb_gets_did_you_mean(text: str, said: str) -> None:
    msg = _run(text)
    assert all_text(msg) == said  # was an answer to a question, with an unrelated passage


def test_recomanda_without_diacritics_is_still_the_verb() -> None:
    assert parse_command("recomanda llama 3.1 8b").kind == "recommend"


def test_a_question_starting_with_an_english_word_is_still_a_question() -> None:
    cmd = parse_command("recommended gpu for llama 3.1 8b")
    assert cmd.kind == "ask"
