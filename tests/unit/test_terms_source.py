"""An amount of egress or storage priced at a provider carries that price's own date and source
(the date the source shows, never the offer snapshot's), as a per-GB question's answer does:
"how much does it cost to egress 5 TB from AWS?" said "$441.00" with neither (buyer audit,
session 15)."""

from __future__ import annotations

from tests.unit.ask_fixtures import ask, catalog, head


def test_egress_amount_is_dated_and_sourced() -> None:
    r = ask("how much does it cost to egress 5 TB from AWS?")
    aws = catalog().providers_by_id["aws"]
    assert "2026-" in aws.egress_source
    text = head(r)
    assert "The internet egress price at Amazon Web Services (EC2) is as of 2026-" in text
    assert "(source: aws.amazon.com/" in text


def test_storage_amount_is_dated_in_romanian() -> None:
    text = head(ask("cât costă să stochez 2 TB la runpod pe lună?"))
    assert "Prețul pentru stocare la RunPod este din 2026-" in text
    assert "(sursa: " in text


def test_month_total_names_the_terms_sources() -> None:
    # the recommendation-priced month (runpod's storage known, its egress free and sourced)
    text = head(ask("cost per month for llama 3.1 8b on an RTX 4090 with 500 GB of storage "
                    "and 2 TB egress"))
    assert "at runpod" in text
    assert "The storage price at RunPod is as of 2026-" in text
    assert "The internet egress price at RunPod" in text
