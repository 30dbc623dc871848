"""The Slack bot's pure parts: command parsing, Block Kit limits, the event de-duplication
store."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from slack_sdk.signature import SignatureVerifier

from service.adapters.catalog_files import load_registry
from service.adapters.slack.commands import (
    MAX_QUESTION,
    BotData,
    clean_slack_text,
    parse_command,
    parse_recommend_args,
    parse_size_args,
    run_command,
)
from service.adapters.slack.dedupe import MemoryEventStore
from service.adapters.slack.render import (
    MAX_BLOCKS,
    MAX_CONTEXT_ELEMENTS,
    MAX_SECTION_CHARS,
    MAX_TEXT_CHARS,
    Message,
    message,
    render_ack,
    render_answer,
    render_failed,
    render_help,
    render_invalid,
    render_starting,
    render_unknown_model,
    render_usage,
    say,
    section,
    truncate,
    web_link,
)
from service.api.slack import MAX_ARGS, SlackBot
from service.api.slack import _command as slack_command
from service.api.slack import _plain_key as plain_key
from service.domain.answer.compose import (
    AskResponse,
    Numbers,
    OfferNumbers,
    PassageOut,
    SizingNumbers,
)
from service.domain.answer.understand import Extracted
from service.domain.catalog.registry import Registry
from service.domain.catalog.snapshot import Catalog
from service.settings import Settings


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(Settings().catalog_dir).registry


def test_parse_command_kinds_and_language() -> None:
    assert parse_command("").kind == "help"
    assert parse_command("help").kind == "help"
    assert parse_command("ajutor").lang == "ro"
    size = parse_command("size llama 3 70b int4 32k")
    assert (size.kind, size.args) == ("size", "llama 3 70b int4 32k")
    assert parse_command("recommend llama 3.1 8b $2/h").kind == "recommend"
    ask = parse_command("cât VRAM îmi trebuie pentru llama 3 70b?")
    assert (ask.kind, ask.lang) == ("ask", "ro")
    assert parse_command("sizes of KV caches?").kind == "ask"


def test_clean_slack_text() -> None:
    assert clean_slack_text("<@U0BOT> how much &lt;VRAM&gt; for <https://hf.co/x|llama> "
                            "&amp; <#C1|general>?") == "how much <VRAM> for llama & ?"


@pytest.mark.parametrize(("args", "expected"), [
    ("llama 3 70b int4 32k", ("llama 3 70b", "int4", 32768)),
    ("llama 3.1 8b 32k int4", ("llama 3.1 8b", "int4", 32768)),
    ("mistral 7b 8192 fp8", ("mistral 7b", "fp8", 8192)),
    ("qwen 2.5 72b gguf q4_k_m", ("qwen 2.5 72b", "q4_k_m", None)),
    ("llama 3 70b 4 bit", ("llama 3 70b", "int4", None)),
    ("llama 3 8b", ("llama 3 8b", None, None)),
])
def test_parse_size_args(args: str, expected: tuple[str, str | None, int | None]) -> None:
    assert parse_size_args(args) == expected


@pytest.mark.parametrize(("args", "expected"), [
    ("llama 3.1 8b $2/h", ("llama 3.1 8b", 2.0, None)),
    ("llama 3.1 8b 1500/month", ("llama 3.1 8b", None, 1500.0)),
    ("qwen 2.5 72b 1500 USD a month", ("qwen 2.5 72b", None, 1500.0)),
    ("llama 3.1 70b buget 800/lună", ("llama 3.1 70b", None, 800.0)),
    ("llama 3.1 8b", ("llama 3.1 8b", None, None)),
])
def test_parse_recommend_args(registry: Registry, args: str,
                              expected: tuple[str, float | None, float | None]) -> None:
    assert parse_recommend_args(args, registry) == expected


def _data(registry: Registry) -> BotData:
    return BotData(catalog=Catalog(registry=registry, version="test"),
                   today=dt.date(2026, 1, 1))


def test_questions_wait_for_the_knowledge_base_commands_do_not(registry: Registry) -> None:
    data = _data(registry)
    assert "try again in a few seconds" in run_command(parse_command("what is fp8?"),
                                                       data)["text"]
    assert "încercați din nou" in run_command(parse_command("cât VRAM îmi trebuie?"),
                                              data)["text"]
    sized = run_command(parse_command("size llama 3 8b fp8"), data)
    assert "Meta Llama 3 8B" in sized["text"]


def test_unknown_model_is_a_friendly_message(registry: Registry) -> None:
    msg = run_command(parse_command("size lama 70"), _data(registry))
    assert "don't know the model *lama 70*" in msg["text"]
    assert "`llama-3-70b`" in msg["text"]
    msg = run_command(parse_command("recommend nonexistent-model-xyz $2/h"), _data(registry))
    assert "don't know the model" in msg["text"]


def test_limits_are_kept() -> None:
    assert truncate("abc", 3) == "abc"
    assert truncate("abcdef", 4) == "abc…"
    huge = "x" * 10_000
    passages = [PassageOut(id=f"p{i}", title=f"Title {i}", topic="t", text="...", score=1.0)
                for i in range(20)]
    offers = [OfferNumbers(offer_id=f"o{i}", provider="p", gpu="H100", gpu_count=1, nodes=1,
                           weights="bf16", pricing_model="on_demand", per_hour_usd=2.0,
                           per_month_usd=1460.0, as_of="2026-01-01", as_of_kind="assumed",
                           price_date="date unknown; no later than 2026-01-01", why="w")
              for i in range(10)]
    resp = AskResponse(answer=huge, lang="en", passages=passages, extracted=Extracted(),
                       numbers=Numbers(sizing=SizingNumbers(
                           model="m", model_name="M", weights="bf16", context_tokens=4096,
                           total_gib=1.0, weights_gib=1.0, kv_cache_gib=None, fits_on=[]),
                           recommendations=offers),
                       follow_up=None, confidence=1.0, closest_topics=[])
    msg = render_answer(resp, "q" * 2000, public_url="https://gpu.example.com")
    assert len(msg["text"]) <= MAX_TEXT_CHARS and msg["text"].endswith("…")
    assert len(msg["blocks"]) <= MAX_BLOCKS
    for b in msg["blocks"]:
        if b["type"] == "section":
            assert len(b["text"]["text"]) <= MAX_SECTION_CHARS
        if b["type"] == "context":
            assert len(b["elements"]) <= MAX_CONTEXT_ELEMENTS
    assert msg["blocks"][0]["text"]["text"].endswith("…")
    offers_block = next(b for b in msg["blocks"] if "Top offers" in b.get("text", {}).get(
        "text", ""))
    assert offers_block["text"]["text"].count("no later than 2026-01-01") == 3
    many = message("t", [section(str(i)) for i in range(80)])
    assert len(many["blocks"]) == MAX_BLOCKS


def test_web_link() -> None:
    assert web_link(None, {"q": "x"}) is None
    assert web_link("https://a.example/", {"q": "cât VRAM?"}) == \
        "https://a.example/?q=c%C3%A2t+VRAM%3F"
    long = web_link("https://a.example", {"q": "ț" * 2000})
    assert long is not None and len(long) <= 3000


def test_memory_event_store_dedupes_bounded_with_ttl() -> None:
    now = [0.0]
    store = MemoryEventStore(max_size=3, ttl_s=60, clock=lambda: now[0])

    async def run() -> None:
        assert await store.first_time("a")
        assert not await store.first_time("a")
        for eid in ("b", "c", "d"):
            assert await store.first_time(eid)
        assert len(store) == 3
        assert await store.first_time("a")  # evicted as the oldest: seen as new
        now[0] = 61.0
        assert await store.first_time("d")  # expired
        assert len(store) == 1

    asyncio.run(run())


def test_slack_settings_from_env() -> None:
    from service.settings import SettingsError

    s = Settings.from_env({"GPU_ADVISOR_SLACK_SIGNING_SECRET": "abc",
                           "GPU_ADVISOR_SLACK_BOT_TOKEN": "xoxb-1",
                           "GPU_ADVISOR_SLACK_API_URL": "http://127.0.0.1:9/api/",
                           "GPU_ADVISOR_PUBLIC_URL": "https://gpu.example.com"})
    assert (s.slack_signing_secret, s.slack_bot_token) == ("abc", "xoxb-1")
    assert "abc" not in repr(s) and "xoxb" not in repr(s)
    with pytest.raises(SettingsError, match="SLACK_API_URL"):
        Settings.from_env({"GPU_ADVISOR_SLACK_API_URL": "slack.com/api"})
    with pytest.raises(SettingsError, match="PUBLIC_URL"):
        Settings.from_env({"GPU_ADVISOR_PUBLIC_URL": "gpu.example.com"})


def test_memory_event_store_keeps_kinds_apart() -> None:
    store = MemoryEventStore()

    async def run() -> None:
        assert await store.first_time("1.2.3")  # an event id (the default kind)
        assert await store.first_time("1.2.3", "command")  # a trigger_id: not a repeat
        assert await store.first_time("1.2.3", "event-body")
        assert not await store.first_time("1.2.3", "event")
        assert not await store.first_time("1.2.3", "command")
        assert len(store) == 3

    asyncio.run(run())


SECRET = "8f742231b10e8888abcd99yyyzzz85a5"


def _signed(body: bytes, ts: str) -> dict[str, str]:
    sig = SignatureVerifier(SECRET).generate_signature(timestamp=ts, body=body)
    assert sig is not None
    return {"x-slack-request-timestamp": ts, "x-slack-signature": sig}


def test_verify_refuses_malformed_headers_without_raising() -> None:
    bot = SlackBot(Settings(slack_signing_secret=SECRET))
    body = b'{"type": "event_callback"}'
    now = str(int(time.time()))
    assert bot.verify(body, _signed(body, now))
    assert bot.verify(body, {k: f" {v} " for k, v in _signed(body, now).items()})
    assert not bot.verify(body, {})
    for ts in ("1" * 400, "9" * 13, "-" + now, now + ".0", "1.7e9", "+" + now, "0x10", "",
               "١٧٠٠٠٠٠٠٠٠", "²", now + "\x00", now + "ÿ", str(int(now) - 301),
               str(int(now) + 301)):
        # signed with that very timestamp: only the timestamp can be wrong
        headers = {"x-slack-request-timestamp": ts, "x-slack-signature": "v0=" + "0" * 64}
        if ts.isascii() and "\x00" not in ts:
            headers = _signed(body, ts)
        assert not bot.verify(body, headers), ts
    good = _signed(body, now)["x-slack-signature"]
    for sig in ("", "v0=", "v1=" + good[3:], good.upper(), good + "0", good[:-1] + "é",
                "v0=" + "é" * 64, "v0=" + "x" * 10_000):
        assert not bot.verify(body, {"x-slack-request-timestamp": now,
                                     "x-slack-signature": sig}), sig
    raw = b"text=\xff"  # not UTF-8: slack_sdk cannot verify it
    raw_sig = "v0=" + hmac.new(SECRET.encode(), f"v0:{now}:".encode() + raw,
                               hashlib.sha256).hexdigest()
    assert not bot.verify(raw, {"x-slack-request-timestamp": now, "x-slack-signature": raw_sig})


def test_command_text_is_bounded() -> None:
    sized = slack_command("size " + "q" * 100_000)
    assert sized.kind == "size" and sized.args == "q" * MAX_ARGS
    rec = slack_command("recommend  " + "z " * 1000)
    assert rec.kind == "recommend" and len(rec.args) <= MAX_ARGS
    asked = slack_command("what is " + "fp8 " * 100_000)
    assert asked.kind == "ask" and len(asked.args) <= MAX_QUESTION
    assert slack_command("size llama 3 8b fp8").args == "llama 3 8b fp8"


def test_dedupe_keys_are_bounded_and_distinct() -> None:
    assert plain_key("Ev0PV52K21") == "Ev0PV52K21"
    assert plain_key("13345224609.738474920.8088930838d88f008e0") == \
        "13345224609.738474920.8088930838d88f008e0"
    odd = [plain_key(v) for v in ("a:b", "x" * 129, "é", "a b", "")]
    assert all(k.startswith("sha256:") and len(k) == 71 for k in odd)
    assert len(set(odd)) == len(odd)


# ---------------------------------------------------------------------------------------------
# Escaping: Slack's control characters & < > in every mrkdwn text we send

_ENTITY = re.compile(r"&(?!amp;|lt;|gt;)")


def mrkdwn_texts(msg: Message) -> Iterator[str]:
    """Every text of ``msg`` that Slack formats as mrkdwn: the fallback, sections and
    context elements (plain_text, a button's label, is not parsed)."""
    yield msg["text"]

    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            if node.get("type") == "mrkdwn" and isinstance(node.get("text"), str):
                yield node["text"]
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    yield from walk(msg["blocks"])


def assert_escaped(msg: Message) -> None:
    for text in mrkdwn_texts(msg):
        assert "<" not in text and ">" not in text, text
        assert not _ENTITY.search(text), text  # every & starts &amp; &lt; or &gt;


def test_say_escapes_the_template_and_its_values_once() -> None:
    assert say("use `/gpu <question>` & {x}", x="<b>&amp;") == \
        "use `/gpu &lt;question&gt;` &amp; &lt;b&gt;&amp;amp;"
    # a cut never leaves half an escape behind
    assert truncate("ab&amp;cdef", 5) == "ab…"
    assert truncate("ab&lt;", 6) == "ab&lt;"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_help_usage_and_notices_escape_control_characters(lang: str) -> None:
    helped = render_help(lang)
    assert_escaped(helped)
    word = "question" if lang == "en" else "întrebare"
    size = "size" if lang == "en" else "dimensiune"  # the language's own verb
    shown = helped["blocks"][0]["text"]["text"]
    assert f"`/gpu &lt;{word}&gt;`" in shown and f"/gpu {size} &lt;model&gt;" in shown
    assert f"`/gpu &lt;{word}&gt;`" in helped["text"]
    for which in ("size_usage", "recommend_usage"):
        usage = render_usage(which, lang)
        assert_escaped(usage)
        assert "&lt;model&gt;" in usage["text"]
    for msg in (render_invalid("context <8192> & more", lang), render_starting(lang),
                render_ack(lang), render_failed("<rid>&1", lang),
                render_unknown_model("<b>lama</b> & co", ["a<b>", "c&d"], lang,
                                     "size_usage")):
        assert_escaped(msg)
    unknown = render_unknown_model("<b>lama</b> & co", ["a<b>"], lang)
    assert "*&lt;b&gt;lama&lt;/b&gt; &amp; co*" in unknown["text"]
    assert "`a&lt;b&gt;`" in unknown["text"]
    assert "&amp;lt;" not in unknown["text"]  # escaped once, not twice


def _special_answer(lang: str = "en") -> AskResponse:
    offers = [OfferNumbers(offer_id="o1", provider="R&D <cloud>", gpu="H100 <SXM>",
                           gpu_count=2, nodes=1, weights="bf16", pricing_model="on_demand",
                           per_hour_usd=2.0, per_month_usd=1460.0, as_of="2026-01-01",
                           as_of_kind="assumed", price_date="<2026-01-01",
                           why="cheapest & fits <8k>")]
    return AskResponse(
        answer="Use <b>fp8</b> & 2 x H100 > 1 x H200.\n\nSee <https://x.example|this>.",
        lang=lang,
        passages=[PassageOut(id="p1", title="KV cache & <context>", topic="t<1>",
                             text="a & b", score=1.0)],
        extracted=Extracted(),
        numbers=Numbers(sizing=SizingNumbers(
            model="m", model_name="Model <x> & y", weights="bf16", context_tokens=4096,
            total_gib=1.0, weights_gib=1.0, kv_cache_gib=0.5, fits_on=["1 x A&B <80GB>"]),
            recommendations=offers),
        follow_up="Say <model> & precision", confidence=1.0, closest_topics=[])


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_answers_escape_control_characters(lang: str) -> None:
    msg = render_answer(_special_answer(lang), "what <about> & that?",
                        public_url="https://gpu.example.com")
    assert_escaped(msg)
    assert msg["text"].startswith("Use &lt;b&gt;fp8&lt;/b&gt; &amp; 2 x H100 &gt; 1 x H200.")
    rendered = " ".join(mrkdwn_texts(msg))
    for piece in ("Model &lt;x&gt; &amp; y", "1 x A&amp;B &lt;80GB&gt;", "R&amp;D &lt;cloud&gt;",
                  "H100 &lt;SXM&gt;", "KV cache &amp; &lt;context&gt;",
                  "Say &lt;model&gt; &amp; precision"):
        assert piece in rendered, piece
    assert "&amp;amp;" not in rendered and "&amp;lt;" not in rendered
    # the link to the web page is a URL, not mrkdwn: the question is percent-encoded there
    # (and the answer's language goes with it, so the page opens in it)
    button = next(b for b in msg["blocks"] if b["type"] == "actions")["elements"][0]
    assert button["url"] == \
        f"https://gpu.example.com/?q=what+%3Cabout%3E+%26+that%3F&lang={lang}"


def test_commands_escape_what_they_echo(registry: Registry) -> None:
    data = _data(registry)
    for text in ("help", "ajutor", "size <b>lama</b> & co", "size", "recommend",
                 "recommend llama 3.1 8b $2/h", "size llama 3 70b int4 32k",
                 "recommend <x> & $2/h", "size llama 3 8b 99999999"):
        assert_escaped(run_command(parse_command(text), data))
