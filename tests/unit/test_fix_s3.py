"""Recommendations (audit serve, second round, #3-#5): the default time-to-first-token target
gets the thin-margin warning a stated one gets, said as the default; an offer over the budget
under spot is listed at the spot price its reason was priced at; and an alternative that
quotes a stale or suspect price says so, with its age. Each new sentence is read back in
Romanian."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.answer.localised import localise_recommendation
from service.domain.recommend.alternatives import price_caveat
from service.domain.recommend.types import Alternative, Recommendation
from tests.unit.rec_fixtures import TODAY, fake, offer, real, shipped

NBSP = "\u00a0"
SGLANG_70B = {"model": "llama 3.1 70b", "engine": "sglang", "gpus": ["H100"],
              "concurrent_requests": 32, "context_tokens": 2048, "output_tokens": 512}


def say(text: str, lang: str = "ro") -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


def thin(warnings: list[str]) -> list[str]:
    return [w for w in warnings if w.startswith("thin margin: time to first token")]


# -- #3: the default TTFT target gets the thin-margin check ------------------------------------

def test_the_default_ttft_target_met_by_a_thin_margin_is_warned() -> None:
    top = real(**SGLANG_70B).options[0]
    ttft = top.performance.time_to_first_token_ms
    assert ttft is not None and 1990 < ttft <= 2000  # 1,999.9 ms against the default 2,000
    [w] = thin(top.warnings)
    assert w.startswith("thin margin: time to first token 2,000 ms against the default "
                        "2,000 ms target; in 1 of 5 measured runs (SGLang, dense models, "), w
    assert "% longer than this model, which would miss the target: measure before " \
           "committing; set max_time_to_first_token_ms to change it" in w, w
    assert w.endswith("; set max_time_to_first_token_ms to change it")


def test_a_stated_ttft_target_keeps_its_own_words() -> None:
    top = real(**SGLANG_70B, max_time_to_first_token_ms=2000).options[0]
    [w] = thin(top.warnings)
    assert "2,000 ms against the 2,000 ms target;" in w
    assert "default" not in w and w.endswith("measure before committing")


def test_a_default_target_is_flagged_only_within_the_band() -> None:
    # 8B at one user on vLLM: flagged exactly where a run the band's share longer would miss
    band = shipped().perf.serving_error_band("vllm", False, "ttft")
    assert band is not None
    options = real(model="llama 3.1 8b", concurrent_requests=1).options
    for o in options:
        ttft = o.performance.time_to_first_token_ms or 0.0
        assert bool(thin(o.warnings)) == (ttft * band.measured_over_model > 2000), (ttft, o)
    assert any(not thin(o.warnings) for o in options)


def test_the_default_thin_margin_is_said_in_romanian() -> None:
    en = ("thin margin: time to first token 2,000 ms against the default 2,000 ms target; in "
          "1 of 5 measured runs (SGLang, dense models, 100 rows) it was more than 23 % longer "
          "than this model, which would miss the target: measure before committing; set "
          "max_time_to_first_token_ms to change it")
    assert say(en) == (
        "marjă mică: primul token după 2.000 ms față de ținta implicită de 2.000 ms; în 1 din "
        "5 rulări măsurate (SGLang, modele dense, 100 de rânduri) a durat cu peste 23 % mai "
        "mult decât acest model, ceea ce ar rata ținta: măsurați înainte de a vă angaja; "
        "setați max_time_to_first_token_ms pentru a o schimba")
    every = en.replace("(SGLang,", "(every engine measured,")
    assert "(toate motoarele măsurate, modele dense" in say(every)
    assert "ținta implicită de 2.000 ms" in say(every)


# -- #4: a rejected offer under spot shows the price its reason used --------------------------

def test_an_offer_over_budget_on_spot_is_listed_at_its_spot_price() -> None:
    # a 3 s first-token target: since trainnet 4 x V100 SXM2 take 2,020 ms for one request of
    # 70B (their quad's NVLink rings, 100 GB/s each way), past the 2 s default, which would
    # reject the offer before its price (it was over budget by $13,445 in 100 instances)
    r = real(model="llama 3.1 70b", concurrent_requests=100, max_usd_per_month=2000,
             interruptible=True, max_time_to_first_token_ms=3000)
    [x] = [x for x in r.rejected if x.offer_id == "primeintellect-datacrunch-4xv100-16gb-20-90"]
    m = re.match(r"over budget by \$([\d,]+)/month \((\d+) instances of 4 x .*: "
                 r"\$([\d,]+)/month\)$", x.reason)
    assert m is not None, x.reason
    over, total = (int(g.replace(",", "")) for g in (m[1], m[3]))
    assert total - over == 2000 and int(m[2]) > 1, x.reason  # (34 instances, $3,251 over)
    assert (x.price_usd_h, x.price_kind) == (0.20, "spot")  # was 0.55, on_demand


@pytest.mark.parametrize(("interruptible", "price", "kind"),
                         [(True, 1.0, "spot"), (False, 3.0, "on_demand")])
def test_the_rejected_price_is_the_one_its_reason_priced(interruptible: bool, price: float,
                                                         kind: str) -> None:
    o = offer("alpha-h100", "h100-sxm", 1, 3.0, spot=1.0)
    r = fake([o], model="llama 3.1 8b", concurrent_requests=1, max_usd_per_month=100,
             interruptible=interruptible)
    assert not r.options
    [x] = [x for x in r.rejected if x.offer_id == "alpha-h100"]
    assert x.reason.startswith("over budget by $"), x.reason
    assert (x.price_usd_h, x.price_kind) == (price, kind)
    # the reason's monthly total is that hourly price over 720 h (spot: with its restarts),
    # plus storage: $1/h on spot is ~$7xx, never the $2,160 of $3/h on-demand
    total = float(x.reason.rsplit("($", 1)[1].split("/month")[0].replace(",", ""))
    assert price * 720 <= total < price * 720 * 1.2


# -- #5: an alternative on a stale, suspect price says so -------------------------------------

def test_an_alternative_on_a_stale_suspect_price_carries_a_caveat() -> None:
    # re-pinned: serving start transient (d85c4ba+1): the stale, suspect 1 x H100 at dataoorts
    # now leads at the default 2 s; held to 1 s it is the relaxed target's alternative
    r = real(model="llama 3.1 70b", concurrent_requests=20, include_stale=True,
             include_suspect=True, max_time_to_first_token_ms=1000)
    # re-pinned: serving start transient (d85c4ba+1)
    [a] = [a for a in r.alternatives if a.change == "relax TTFT to 2,000 ms"]
    assert a.offer_id is not None and a.offer_id.startswith("dataoorts-")
    days = (TODAY - dt.date(2025, 3, 7)).days  # 636 on the fixtures' day
    # re-pinned: serving start transient (d85c4ba+1)
    assert a.effect.endswith(f"(vs $1,654); caution: its price is {days:,} days old and "
                             "flagged as suspect"), a.effect
    ro = localise_recommendation(r, shipped_messages(), "ro")
    [ra] = [x for x, y in zip(ro.alternatives, r.alternatives, strict=True) if y is a]
    # re-pinned: serving start transient (d85c4ba+1)
    assert ra.effect.endswith(f"(față de 1.654{NBSP}USD); atenție: prețul are {days} de zile "
                              "și e semnalat ca suspect"), ra.effect


def test_an_alternative_on_a_trusted_price_has_no_caveat() -> None:
    r = real(model="llama 3.1 70b", concurrent_requests=20)
    assert r.alternatives
    assert not [a for a in r.alternatives if "caution" in a.effect]


@pytest.mark.parametrize(("days", "suspect", "en", "ro"), [
    (636, True, "; caution: its price is 636 days old and flagged as suspect",
     "; atenție: prețul are 636 de zile și e semnalat ca suspect"),
    (1234, False, "; caution: its price is 1,234 days old",
     "; atenție: prețul are 1.234 de zile"),
    (113, False, "; caution: its price is 113 days old", "; atenție: prețul are 113 zile"),
    (None, True, "; caution: its price is flagged as suspect",
     "; atenție: prețul e semnalat ca suspect"),
    (None, False, "", ""),
])
def test_each_caveat_is_read_back_in_romanian(days: int | None, suspect: bool, en: str,
                                              ro: str) -> None:
    assert price_caveat(days, suspect) == en
    effect = ("a first token within 4 s instead of 2 s: 1 x NVIDIA H100 SXM5 80GB at "
              f"dataoorts, $504/month (vs $1,360){en}")
    m = shipped_messages()
    rec = Recommendation(model="m", workload="serving", options=[], rejected=[],
                         alternatives=[Alternative(change="relax TTFT to 4,000 ms",
                                                   effect=effect)],
                         reason=None, catalog_version="t", assumptions=[])
    said = localise_recommendation(rec, m, "ro").alternatives[0].effect
    assert said == ("primul token în 4 s în loc de 2 s: 1 × NVIDIA H100 SXM5 80GB la "
                    f"dataoorts, 504{NBSP}USD/lună (față de 1.360{NBSP}USD){ro}"), said


def test_an_answer_says_the_default_target_is_met_by_a_thin_margin() -> None:
    from tests.unit.ask_fixtures import ask
    r = ask("what gpu should I rent for gpt-oss 20b serving 100 users at 4k context?")
    # re-pinned after fix/gptoss (session 31): 1,844 -> 1,906 ms
    # with its figures beside the words (a thin margin said without them left the buyer to
    # find 1,844 ms among the warnings)
    assert ("That first-token time (1,906 ms) meets the default 2,000 ms target by a thin "
            "margin: measure before committing (see the warnings).") in r.answer, r.answer
    assert "against the default 2,000 ms target;" in r.answer
    ro = ask("ce GPU să închiriez pentru gpt-oss 20b, 100 de utilizatori, context de 4k?")
    assert ("Timpul până la primul token (1.906 ms) atinge ținta implicită de 2.000 ms cu o "
            "marjă mică") in ro.answer, ro.answer
    assert "față de ținta implicită de 2.000 ms;" in ro.answer, ro.answer


def test_a_thin_speed_margin_is_said_with_its_figures() -> None:
    from tests.unit.ask_fixtures import ask
    r = ask("cheapest gpu for mistral 7b at 60 tokens/s per user for 50 users")
    # fix/pcienvl: 63.3 on 4 x RTX 5070 (was 61.8 on lium's 8 x RTX 3090, a "pcie" machine
    # whose tensor-parallel pairs were timed over an NVLink bridge it lacks)
    assert "That speed (63.3 tokens/s per user) meets the 60 tokens/s target by a thin margin" \
        in r.answer, r.answer
    ro = ask("cel mai ieftin GPU pentru mistral 7b la 60 de tokeni/s per utilizator pentru 50 "
             "de utilizatori")
    assert "Viteza (63,3 tokeni/s per utilizator) atinge ținta de 60 de tokeni/s" in ro.answer, \
        ro.answer
