"""Audit regress4 #3, #6, #8, #10.

#3: "United States", "United Kingdom", "Statele Unite", "Regatul Unit", "Marea Britanie" and the
cities providers' regions name ("London"/"Londra", "Paris", "Frankfurt", "Tokyo") were no place:
"A100 per hour in the United States" quoted $0.72 at verda (Finland), Slack said "Not
understood: `united`, `states`". They are regions.toml [aliases] now (a city is its country).
#6: Romanian priced "0,00 USD trafic de ieșire" beside a month of serving where English priced
$36 (AWS, 500 GB) and $111.64 (GCP, 1 TB).
#8: a multi-node run with a deadline in the US: the reason said only the deadline, /v1/ask "the
catalog has no offer" of fast-network machines, where AWS p5.48xlarge is there, flagged suspect.
#10: Slack /gpu recommend: "on-demand"/"on demand" not understood; "50 de tokeni/s per
utilizator" dropped; a bare "50 tok/s" with users read as a total where /v1/ask reads it per
user."""

from __future__ import annotations

import re

import msgspec

from service.adapters.slack.commands import BotData, parse_command, run_command
from service.domain.answer.intent import place_named
from service.domain.catalog.regions import parse_region_filter
from service.domain.recommend.recommend import recommend
from service.domain.recommend.types import RecommendationRequest
from tests.unit.ask_fixtures import TODAY, ask, catalog, head, knowledge
from tests.unit.slack_blocks import all_text


def _slack(text: str) -> str:
    data = BotData(catalog=catalog(), today=TODAY, knowledge=knowledge(),
                   public_url="https://gpu.example.com", messages=knowledge().messages)
    return all_text(run_command(parse_command(text), data)).replace("\xa0", " ")


def _ro(q: str) -> str:
    return head(ask(q)).replace("\xa0", " ")


# ------------------------------------------------------------------ #3 place names

def test_place_names_and_cities_are_aliases_read_as_their_country() -> None:
    places = catalog().registry.places
    assert places["united states"] == "US" and places["statele unite"] == "US"
    assert places["marea britanie"] == "GB" and places["londra"] == "GB"
    assert places["frankfurt"] == "DE" and places["tokyo"] == "JP"
    assert place_named("a100 per hour in the united states", places) == ("us", "united states")
    assert place_named("cat costa un h100 la londra", places) == ("gb", "londra")
    assert place_named("h100 in statele unite ale americii", places) == (
        "us", "statele unite ale americii")
    said = parse_region_filter(["London"], catalog().regions, "region").said()
    assert said == "London: United Kingdom (GB)"


def test_ask_united_states_is_the_us_filter() -> None:
    a = head(ask("How much is an A100 per hour in the United States?"))
    assert "$0.72/h per GPU at verda" not in a  # Finland
    assert "Only offers located in the US are counted" in a
    h100 = head(ask("What does an H100 cost in the United States?"))
    assert "costs from $1.80/h per GPU at vast" in h100  # as "in the US"
    assert "hyperbolic" not in h100.split(" (on-demand")[0]
    ro = _ro("Cât costă un H100 în Statele Unite?")
    assert "costă de la 1,80 USD/oră pe GPU la vast" in ro and "aflate în SUA" in ro


def test_ask_united_kingdom_and_london_in_both_languages() -> None:
    uk = head(ask("H100 price in the UK")).split(" (on-demand")[0]
    assert uk.endswith("$8.94/h per GPU at aws")
    for q in ("H100 price in the United Kingdom", "How much does an H100 cost in London?"):
        a = head(ask(q))
        assert a.split(" (on-demand")[0] == uk, q
        # a city is said as its country with the city (audit regress5 #2)
        assert ("Only offers located in the UK are counted" in a if "London" not in q
                else "Only offers located in the UK (London) are counted" in a), q
    for q in ("Cât costă un H100 în Regatul Unit?", "Cât costă un H100 în Marea Britanie?",
              "Cât costă un H100 la Londra?"):
        a = _ro(q)
        assert "costă de la 8,94 USD/oră pe GPU la aws" in a, q
        assert "aflate în Regatul Unit" in a and "Furnizorul" not in a, q
    paris = head(ask("How much does an H100 cost in Paris?"))
    assert "Only offers located in France (Paris) are counted" in paris


def test_slack_reads_the_united_states() -> None:
    offers = _slack("offers h100 in the united states")
    assert "Not understood" not in offers
    assert "Cheapest offers of H100 in United States" in offers
    assert "mithril" not in offers and "hyperbolic" not in offers  # unplaced, worldwide
    rec = _slack("recommend llama 3.1 8b in the united states")
    assert "Not understood" not in rec and "Place         United States (us)" in rec


# ------------------------------------------------------------------ #6 one-off egress, RO

def test_romanian_one_off_egress_beside_serving_is_priced_as_english() -> None:
    en = head(ask("How much does it cost to serve Llama 3.1 8B on an H100 at AWS for a month "
                  "and move 500 GB out once?"))
    assert "$36.00 egress" in en and "$4,991/month" in en
    for q in ("Cât costă să servesc Llama 3.1 8B pe un H100 la AWS o lună și să mut 500 GB "
              "o singură dată?",
              "Cât costă să servesc Llama 3.1 8B pe un H100 la AWS o lună plus un transfer unic "
              "de 500 GB?",
              "Cât costă să servesc Llama 3.1 8B pe un H100 la AWS o lună și să transfer 500 GB "
              "o singură dată în afara AWS?"):
        ro = _ro(q)
        assert "36,00 USD trafic de ieșire" in ro, q
        assert "4.991 USD/lună" in ro and "0,00 USD trafic" not in ro, q
    gcp_en = head(ask("How much does it cost to serve Llama 3.1 8B on an H100 at GCP for a "
                      "month and download 1 TB once?"))
    gcp_ro = _ro("Cât costă să servesc Llama 3.1 8B pe un H100 la GCP o lună și să descarc "
                 "1 TB o singură dată?")
    assert "$111.64 for 1,000 GB of egress" in gcp_en
    assert "111,64 USD pentru 1.000 GB de trafic de ieșire" in gcp_ro


# ------------------------------------------------------------------ #8 flagged fast network

_US_PRETRAIN = {"model": "llama 3.1 8b", "workload": "pretrain", "training_tokens": 1e12,
                "gpus": ["H100"], "max_job_hours": 700, "allow_multi_node": True,
                "regions": ["us"]}


def test_deadline_in_the_us_ranks_the_fast_network_machines_once_flagged() -> None:
    """AWS's p5.48xlarge ($55.04, its price after AWS's June 2025 cut) was flagged as far
    above other providers' median, and the US pre-train within 700 h had no option, its
    reason pointing at include_suspect; judged against AWS's own prices it is trusted, and
    the run ranks on it as include_suspect had ranked it (8 nodes; 7 since fix/trainperf
    counts the network between nodes once: re-pinned, as /v1/ask's plan below)."""
    rec = recommend(msgspec.convert(_US_PRETRAIN, RecommendationRequest), catalog(), TODAY)
    assert rec.options, rec.reason
    assert rec.options[0].offer.provider == "aws" and rec.options[0].nodes == 7
    assert rec.options[0].offer.instance_type == "p5.48xlarge"


def test_ask_prices_the_us_pretrain_on_the_fast_network_machines() -> None:
    a = head(ask("How many H100 to pretrain Llama 3.1 8B on 1T tokens in 30 days in the US?"))
    # the recommendations' plan for the same run (buyer audit 29b #2: one planner)
    assert "takes 7 nodes of 8 × NVIDIA H100 SXM5 80GB (56 GPUs)" in a
    assert "the catalog has no offer" not in a
    per = catalog().offers_by_id["aws-p5-48xlarge"].on_demand_usd_h * 7  # 7 p5 nodes
    assert f"at aws (on-demand, ${per:,.2f}/h for the 7 nodes" in a, a
    assert "No price:" not in a, a
    ro = _ro("Câte H100 îmi trebuie ca să preantrenez Llama 3.1 8B pe 1T tokeni în 30 de zile "
             "în SUA?")
    assert "catalogul nu are o ofertă" not in ro
    assert "au prețuri semnalate ca suspecte" not in ro and "7 noduri de 8 ×" in ro, ro
    assert "la aws" in ro, ro


# ------------------------------------------------------------------ #10 Slack readings

def test_slack_on_demand_is_read() -> None:
    for text in ("recommend llama 3.1 70b on-demand", "recommend llama 3.1 70b on demand"):
        out = _slack(text)
        assert "Not understood" not in out, text
        assert "Spot          not used (on-demand prices asked)" in out, text


def test_slack_romanian_per_user_target() -> None:
    out = _slack("recomandă llama 3.1 70b la cerere 50 de tokeni/s per utilizator")
    assert "Nu am înțeles" not in out
    assert "Țintă de viteză  50 de tokeni/s per utilizator" in out
    en = _slack("recommend llama 3.1 70b 50 tok/s per user")
    # the same setup as English: 8 x V100 at ~87 tok/s per user since trainnet (4 x V100 at
    # ~54 miss the 2 s first-token target over their quad's NVLink rings: 2,020 ms)
    m = re.search(r"~(\d+) tok/s per user", en)
    assert m is not None and int(m[1]) >= 50, en
    assert f"~{m[1]} tok/s per utilizator" in out, out


def test_slack_and_ask_read_a_bare_rate_with_users_per_user() -> None:
    out = _slack("recommend llama 3.1 70b 50 tok/s 20 users")
    assert ("Speed target  50 tokens/s per user (each user's, as /v1/ask reads it; "
            "“in total”: all users together)") in out
    assert "in total (all users together)" not in out.split("Speed target")[1].split("\n")[0]
    # re-pinned: serving start transient (d85c4ba+1): was 2 instances of 2 x H100 at hyperbolic
    assert "4 instances of 8 x NVIDIA Tesla V100 SXM2 16GB at verda" in out
    a = head(ask("Which GPU for Llama 3.1 70B at 50 tok/s for 20 users?"))
    assert a.startswith("For 50 tokens/s per user, the cheapest setup in the catalog is 4 "
                        "instances of 8 × NVIDIA Tesla V100 SXM2 16GB")
    assert "(verda, $4.40/h, on-demand)" in a  # re-pinned: serving start transient (d85c4ba+1)
    # said in total, it stays a total
    total = _slack("recommend llama 3.1 70b 50 tok/s in total 20 users")
    assert "50 output tokens/s in total (all users together)" in total
    assert "Not understood" not in total
