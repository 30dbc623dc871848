"""An offer whose date is only assumed (a SkyPilot row: "date unknown; no later than
2026-09-30") is suspect where the same provider prices the same machine (GPU, GPU count, price
kind) with a dated price more than SAME_PRICE apart: Hyperstack's n3-H100x1 at an undated
$1.90 against its own rate card's $2.50 (read 2026-08-26) ranked first with no word of the
conflict. Agreeing prices, and another machine of the same GPU count (AWS g4dn.xlarge, 4
vCPUs, against the dated g4dn.2xlarge, 8 vCPUs), are not flagged. /v1/ask's Romanian
localiser says the new reason."""

from __future__ import annotations

import datetime as dt
import functools

from service.adapters.catalog_loader import load_catalog
from service.adapters.messages_files import shipped_messages
from service.domain.answer.core_warnings import localise
from service.domain.catalog.offers import AsOfKind, Offer
from service.domain.catalog.snapshot import Catalog
from service.domain.catalog.trust import assess
from service.paths import default_data_dir

UNDATED = dt.date(2026, 9, 30)
DATED = dt.date(2026, 8, 26)
REASON = ("on-demand $1.90/GPU-hour conflicts with the provider's own dated price $2.50 "
          "(as of 2026-08-26), and the undated price's age is unknown")


@functools.cache
def shipped() -> Catalog:
    return load_catalog(default_data_dir("catalog"))


def _offer(oid: str, od: float, as_of: dt.date, kind: AsOfKind, provider: str = "hs",
           count: int = 1, vcpus: int | None = None) -> Offer:
    return Offer(id=oid, provider=provider, instance_type=oid, gpu="h100-pcie",
                 gpu_count=count, on_demand_usd_h=od, regions=[], as_of=as_of,
                 as_of_kind=kind, vcpus=vcpus, source="test")


def test_an_undated_price_that_disagrees_with_the_dated_one_is_suspect() -> None:
    offers = [_offer("undated", 1.90, UNDATED, "assumed", vcpus=28),
              _offer("dated", 2.50, DATED, "retrieved"),
              _offer("published", 2.60, DATED, "published")]
    _, trust = assess(offers, 90)
    # the nearest dated price is the one named
    assert trust["undated"].suspect_reasons == (REASON,)
    assert trust["undated"].doubts() == (REASON,)
    assert not trust["undated"].high_outlier_only
    # the dated prices are not doubted by the undated one
    assert "dated" not in trust and "published" not in trust


def test_agreeing_prices_and_other_shapes_are_not_flagged() -> None:
    offers = [_offer("undated", 2.45, UNDATED, "assumed"),
              _offer("dated", 2.50, DATED, "retrieved"),
              # another count at the dated price per GPU-hour: agrees
              _offer("undated-x8", 8 * 2.50, UNDATED, "assumed", count=8),
              # another provider
              _offer("other", 1.90, UNDATED, "assumed", provider="market"),
              # the same count, another machine (4 vCPUs against 8)
              _offer("small", 1.90, UNDATED, "assumed", provider="aws", vcpus=4),
              _offer("big", 2.50, DATED, "published", provider="aws", vcpus=8)]
    _, trust = assess(offers, 90)
    assert trust == {}


def test_the_shipped_hyperstack_h100_pcie_is_flagged() -> None:
    cat = shipped()
    assert cat.trust_of("hyperstack-n3-h100x1").suspect_reasons == (REASON,)
    # the dated rate card row itself stays trusted
    assert not cat.trust_of("hyperstack-nvidia-h100-pcie-on-demand-per-gpu-hour").suspect
    # AWS's g4dn.xlarge ($0.526, 4 vCPUs) is not the dated g4dn.2xlarge ($0.75, 8 vCPUs)
    assert not any("conflicts" in r for r in cat.trust_of("aws-g4dn-xlarge").suspect_reasons)
    flagged = sorted(oid for oid, t in cat.trust.items()
                     if any("conflicts with the provider's own dated price" in r
                            for r in t.suspect_reasons))
    assert flagged == [
        "hyperstack-n3-h100-sxm5x8", "hyperstack-n3-h100x1", "hyperstack-n3-h100x2",
        "hyperstack-n3-h100x4", "hyperstack-n3-h100x8", "hyperstack-n3-h100x8-nvlink",
        "mithril-h100-80gb-sxm-8x", "mithril-h200-8x",
        "nebius-gpu-b200-sxm-8gpu-160vcpu-1792gb", "nebius-gpu-b200-sxm-a-8gpu-160vcpu-1792gb",
        "nebius-gpu-h100-sxm-1gpu-16vcpu-200gb", "nebius-gpu-h100-sxm-8gpu-128vcpu-1600gb",
        "nebius-gpu-h200-sxm-1gpu-16vcpu-200gb", "nebius-gpu-h200-sxm-8gpu-128vcpu-1600gb",
        "runpod-1x-a100-80gb-secure", "runpod-2x-a100-80gb-secure",
        "runpod-3x-a100-80gb-secure"]
    # the FSDL table's 2025 AWS p3 price is stale: no evidence against SkyPilot's regional
    # rows of other counts (ap-northeast-1's p3.2xlarge at $4.19 is an outlier, not a conflict)
    assert not any("conflicts" in r
                   for r in cat.trust_of("aws-p3-2xlarge-ap-northeast-1-apne1-az1").suspect_reasons)


def test_another_count_is_compared_per_gpu_hour_with_a_fresh_dated_price() -> None:
    """Hyperstack's n3-H100x2/x4/x8 at an undated $1.90 per GPU-hour ranked first for H100
    PCIe with providers=[hyperstack] while its rate card (per GPU-hour, any count) says
    $2.50; a stale dated price at another count is no evidence."""
    fresh = [_offer("undated-x8", 8 * 1.90, UNDATED, "assumed", count=8, vcpus=252),
             _offer("card", 2.50, DATED, "retrieved")]
    _, trust = assess(fresh, 90)
    assert trust["undated-x8"].suspect_reasons == (REASON,)
    assert "card" not in trust
    # the same machine's dated price, when there is one, is the one compared
    same = [*fresh, _offer("box", 8 * 1.92, DATED, "retrieved", count=8)]
    assert "undated-x8" not in assess(same, 90)[1]
    # a dated price older than the stale limit (against the catalog's newest date) is not
    old = [_offer("undated-x8", 8 * 1.90, UNDATED, "assumed", count=8),
           _offer("card", 2.50, dt.date(2025, 3, 7), "published")]
    assert assess(old, 90)[1] == {}


def _say(text: str, lang: str) -> str:
    m = shipped_messages()
    return localise(text, m.section(lang, "answer"), m.formatter(lang),
                    m.section(lang, "pricing"))


def test_the_romanian_localiser_says_the_conflict() -> None:
    text = "suspect price: " + REASON
    assert _say(text, "ro") == (
        "preț suspect: prețul la cerere de 1,90\u00a0USD/GPU-oră contrazice prețul datat al "
        "furnizorului însuși, de 2,50\u00a0USD (din 2026-08-26), iar vechimea prețului "
        "nedatat este necunoscută")
    assert _say(text, "en") == (
        "suspect price: on-demand $1.90/GPU-hour conflicts with the provider's own dated "
        "price $2.50 (as of 2026-08-26), and the undated price's age is unknown")
    # with a caution (Mithril's SkyPilot rows), the conflict first, "; "-joined: each said
    reasons = shipped().trust_of("mithril-h200-8x").suspect_reasons
    assert reasons[0] == ("spot $1.00/GPU-hour conflicts with the provider's own dated price "
                          "$2.16 (as of 2026-09-20), and the undated price's age is unknown")
    assert reasons[1].startswith("the source cautions: ")
    said = _say("suspect price: " + "; ".join(reasons), "ro")
    assert said.startswith(
        "preț suspect: prețul spot de 1,00 USD/GPU-oră contrazice prețul datat al "
        "furnizorului însuși, de 2,16 USD (din 2026-09-20), iar vechimea prețului "
        "nedatat este necunoscută; sursa avertizează: ")
