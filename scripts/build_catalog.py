#!/usr/bin/env python3
"""Regenerate ``catalog/offers/*.csv`` and ``catalog/providers.toml`` from the reference price
tables, so the shipped offer catalog is reproducible.

    .venv/bin/python scripts/build_catalog.py /work/shared/reference/catalog_sources
    .venv/bin/python scripts/build_catalog.py SOURCES --dry-run   # show the diff, write nothing

``SOURCES`` is the ``catalog_sources`` directory (skypilot-catalog-newer/, skypilot-catalog/v8/
*/vms.csv and fsdl-cloud-gpus/cloud-gpus.csv); ``--policies`` (default:
``SOURCES/../provider_policies``) holds providers.csv and hyperscaler_prices.csv; hand-read page
rows come from ``catalog/sources/pricing_pages.csv``.

Data decisions (each also visible in the offers' ``source``, ``as_of_kind`` and ``caution``
fields or the provider ``note``):

* skypilot-catalog-newer (SOURCE.txt: v9 where available, else v8, each file pinned to a commit
  whose date is unknown): ``as_of`` 2026-09-30 ``assumed`` (the upper bound the repository uses
  for the SkyPilot snapshot); the source names the upstream file and commit. A complete file
  replaces the provider's v8 file; the partial AWS/GCP files and the RunPod sample replace the
  rows of the instance types they price. SOURCE.txt's warnings go into ``caution``
  (``NEWER_CAUTIONS``); its placeholders (GCP 700.0, Mithril $0.01/GPU-h) are dropped and
  reported (``-v``). GCP's v9 rows are GPU-only prices: the TPU slices become offers; the GPU
  rows re-price the GPU part of the hyperscaler_prices GCP totals (us-central1 host VM + GPU).
* SkyPilot v8 snapshot: the providers the newer files do not cover, ``as_of`` 2026-09-30
  ``assumed`` (SOURCES.md: "date unknown, treat as 2026-Q3"). For SkyPilot files, an instance
  type priced differently by region keeps every price level as an offer of its own.
* hyperscaler_prices.csv (AWS/GCP/Azure, one region each) come from SkyPilot catalogs at named
  commits with no date exposed: ``as_of`` 2026-09-30 ``assumed`` as well. Hand checks in
  ``HYPERSCALER_FIXES``; the row's own warnings ("looks anomalous", CAUTION, a cross-check
  listing another price) go into ``caution``. For an AWS/GCP/Azure instance type in both this
  file and FSDL, this (newer) row wins; a newer SkyPilot row of the same type wins over both.
* FSDL cloud-gpus.csv (``as_of`` 2025-03-07 ``published``: the table's last edit) only for
  providers SkyPilot does not cover; FSDL "Datacrunch" is Verda (renamed), covered by SkyPilot.
* CoreWeave: three list prices quoted in providers.csv (coreweave.com/pricing harvest
  2026-09-20, ``retrieved``); the other CoreWeave rows of that page are in pricing_pages.csv.
* pricing_pages.csv: prices read from providers' pricing pages through dated transcriptions;
  ``retrieved`` with the read date each transcription states.
* Provider policies: numbers only where providers.csv states them; unknown stays null.
* Node network (between nodes): ``catalog/sources/node_network.toml``, one rule per provider and
  instance family with its source; the first matching rule fills ``network`` / ``network_gbps``
  (an offer's ``source`` is left as it is: the rule file is the provenance). Unknown stays empty.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import fnmatch
import json
import re
import sys
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import msgspec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.adapters.catalog_files import load_registry  # noqa: E402
from service.adapters.importers import (  # noqa: E402
    FSDL_AS_OF,
    FSDL_SOURCE,
    RESELLER_SEPARATORS,
    SKYPILOT_AS_OF,
    SKYPILOT_SOURCE,
    HyperscalerFix,
    ImportResult,
    SnapshotDate,
    diff_offers,
    interconnect,
    offers_csv,
    parse_fsdl,
    parse_hyperscaler,
    parse_pricing_pages,
    parse_skypilot,
    slug,
    write_offers,
)
from service.adapters.offers_files import load_offers  # noqa: E402
from service.domain.catalog.offers import AsOfKind, Network, Offer  # noqa: E402
from service.domain.catalog.registry import Registry  # noqa: E402
from service.domain.catalog.trust import duplicates  # noqa: E402

HYPERSCALER_AS_OF = dt.date(2026, 9, 30)
# The Azure rows of hyperscaler_prices.csv come from an older snapshot than the AWS/GCP rows:
# SkyPilot's catalogs/v6/azure/vms.csv @098741e (provider_policies/README.md: "the Azure file
# is an older v6 snapshot"; no v7/v8 Azure file was available). The commit's date is not
# exposed. v6 was SkyPilot's latest catalog schema from 2024-12 (skypilot-catalog PR #106,
# 2024-12-13: "we bump the version to v6") until 2025-04-28, when v7 was copied from v6 for
# newer SkyPilot releases (skypilot-catalog PR #116); the v8-era README lists only v7 and v8
# as "still being updated periodically", and Azure's catalog is not among the automatically
# refreshed ones (AWS, GCP, Lambda). So the Azure prices are assumed no later than the end of
# v6 as the latest schema, not the 2026-Q3 bound of the v8/v9 files.
AZURE_SNAPSHOT = SnapshotDate(
    as_of=dt.date(2025, 4, 28),
    note="as_of: SkyPilot catalog v6 snapshot, commit date not exposed; assumed no later than "
         "2025-04-28, when v7 replaced v6 as SkyPilot's latest catalog schema (skypilot-catalog "
         "PR #116 copied v6 to v7; PR #106 of 2024-12-13 had made v6 the latest), so older "
         "than the v8/v9 files dated 2026-09-30")
COREWEAVE_AS_OF = dt.date(2026, 9, 20)

# skypilot-catalog-newer/: files pinned to commits whose dates are unknown (SOURCE.txt). The
# upper bound is the one the repository already uses for the SkyPilot snapshot (2026-Q3).
NEWER_DIR = "skypilot-catalog-newer"
NEWER_AS_OF = dt.date(2026, 9, 30)
_NEWER_SRC = "skypilot-catalog-newer/SOURCE.txt"
# Per provider: a caution for every row of the file, and cautions by instance type; each
# quotes SOURCE.txt.
NEWER_CAUTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "mithril": (f"{_NEWER_SRC}: 'PRICES LOOK WRONG: A100x8 $0.08, A100x1 $0.01, B200x8 $0.08, "
                "H100x8 $8.0 (spot equals on-demand)'", {}),
    "seeweb": ("", {"ECS1GPU8": f"{_NEWER_SRC}: 'ECS1GPU8 is named 1GPU but lists 4x H100'"}),
    "aws": ("", {"p5e.48xlarge": f"{_NEWER_SRC}: 'p5e.48xlarge has an empty on-demand Price "
                                 "(capacity-block only)'"}),
    "shadeform": ("", {"lambdalabs_H100-sxm5x8": f"{_NEWER_SRC}: 'Shadeform "
                       "lambdalabs_H100-sxm5x8 = 23.92 vs Lambda's own catalog gpu_8x_h100_sxm5 "
                       "= 31.92 (different snapshots or pricing)'"}),
    "lambda": ("", {"gpu_8x_h100_sxm5": f"{_NEWER_SRC}: 'Shadeform lambdalabs_H100-sxm5x8 = "
                    "23.92 vs Lambda's own catalog gpu_8x_h100_sxm5 = 31.92 (different "
                    "snapshots or pricing)'"}),
}
# Hand-read rows from providers' public pricing pages (see the file's header comment).
PRICING_PAGES = ROOT / "catalog" / "sources" / "pricing_pages.csv"


_AZ_NC_A100 = ("MicrosoftDocs/azure-docs articles/virtual-machines/nc-a100-v4-series.md: "
               "'powered by NVIDIA A100 PCIe GPU ... 80GB memory each'")
_AZ_NC_H100 = ("MicrosoftDocs/azure-docs NCads H100 v5-series page: 'up to 2 NVIDIA H100 NVL GPUs "
               "with 94GB memory each'")


def _az_vcpu_gap(vcpus: int, row: float, other: float) -> str:
    """The hand check of an Azure row that the datareceipts cross-check prices higher: the
    gap is the same amount per vCPU on every such row (and nothing on the NC24ads/NC40ads rows
    where the two agree), the shape of a per-vCPU operating-system licence meter (Windows)
    rather than a price change. SkyPilot's fetcher keeps Linux meters only
    (sky/catalog/data_fetchers/fetch_azure.py get_pricing_df drops product names containing
    ' Win'). Which price Azure's Linux meter gives now is not read: the row stays doubted."""
    gap = round(other - row, 3)
    return (f"hand check: the cross-check's ${other:g}/h is ${gap:g}/h (${gap / vcpus:.3f} per "
            f"vCPU-hour x {vcpus} vCPUs) above this row, the same per-vCPU gap as on the other "
            "Azure NC rows it prices higher and none on NC24ads/NC40ads: likely a Windows "
            "(per-vCPU licence) meter against SkyPilot's Linux-only price (fetch_azure.py drops "
            "' Win' products); the current Linux price is not verified")


HYPERSCALER_FIXES: dict[str, HyperscalerFix] = {
    "p5.48xlarge": HyperscalerFix(network="efa", network_gbps=3200,
                                  note="network: EFA 3200 Gb/s per node"),
    "Standard_ND96isr_H100_v5": HyperscalerFix(
        gpu_count=8, network="infiniband", network_gbps=3200,
        note="8 GPUs (the v6 catalog's AcceleratorCount 12 is a bug); InfiniBand 400 Gb/s per "
             "GPU x 8 per providers.csv Azure row (datareceipts README)"),
    "Standard_NC24ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100),
    "Standard_NC48ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100,
                                               caution=_az_vcpu_gap(48, 7.346, 9.554)),
    "Standard_NC96ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100,
                                               caution=_az_vcpu_gap(96, 14.692, 19.108)),
    "Standard_NC40ads_H100_v5": HyperscalerFix(gpu="h100-nvl", note=_AZ_NC_H100),
    "Standard_NC80adis_H100_v5": HyperscalerFix(gpu="h100-nvl", note=_AZ_NC_H100,
                                                caution=_az_vcpu_gap(80, 13.96, 17.64)),
    **{f"a2-ultragpu-{n}g": HyperscalerFix(
        drop_spot=True, note="GCP catalog A100-80GB GPU row has spot above on-demand; spot "
                             "price not trusted") for n in (1, 2, 4, 8)},
}

# Provider ids covered by the SkyPilot snapshot; FSDL rows of these are not used.
FSDL_COVERED_ELSEWHERE = {"datacrunch": "verda (Datacrunch renamed), SkyPilot snapshot"}

COREWEAVE_SOURCE = ("provider_policies/providers.csv CoreWeave row: coreweave.com/pricing "
                    "harvested 2026-09-20 via raw.githubusercontent.com/api-evangelist/coreweave/"
                    "main/plans/coreweave-plans-pricing.yml")
COREWEAVE = [
    dict(instance_type="HGX H100 (8-GPU node)", gpu="h100-sxm", gpu_count=8,
         on_demand_usd_h=49.24, spot_usd_h=19.71, region="NA"),
    dict(instance_type="HGX B200 (8-GPU node)", gpu="b200", gpu_count=8,
         on_demand_usd_h=68.80, spot_usd_h=34.11, region=""),
    dict(instance_type="GB200 NVL72 (4-GPU node)", gpu="gb200", gpu_count=4,
         on_demand_usd_h=42.00, spot_usd_h=None, region=""),
]

# id -> (display name, providers.csv row or None, hand-read numbers from that row)
PROVIDERS: dict[str, tuple[str, str | None, dict[str, Any]]] = {
    "aws": ("Amazon Web Services (EC2)", "AWS (EC2 GPU)",
            dict(billing_granularity="second", minimum_charge_s=60, spot_available=True,
                 spot_notice_s=120)),
    "gcp": ("Google Cloud (Compute Engine)", "Google Cloud (Compute Engine GPUs)",
            dict(billing_granularity="second", minimum_charge_s=60, spot_available=True)),
    "azure": ("Microsoft Azure", "Microsoft Azure (N-series)",
              dict(billing_granularity="second", minimum_charge_s=60, spot_available=True)),
    "oci": ("Oracle Cloud Infrastructure", "Oracle Cloud (OCI)",
            dict(billing_granularity="second", minimum_charge_s=60, spot_available=True)),
    "lambda": ("Lambda", "Lambda (Lambda Cloud)", dict(billing_granularity="minute")),
    "runpod": ("RunPod", "RunPod (Secure + Community Cloud)",
               dict(billing_granularity="second", spot_available=True)),
    "vast": ("Vast.ai", "Vast.ai", dict(billing_granularity="second", spot_available=True)),
    "coreweave": ("CoreWeave", "CoreWeave", dict(spot_available=True)),
    "paperspace": ("Paperspace (DigitalOcean)", "Paperspace (DigitalOcean)",
                   dict(billing_granularity="second")),
    "nebius": ("Nebius AI Cloud", "Nebius AI Cloud",
               dict(billing_granularity="second", spot_available=True, spot_notice_s=60)),
    "hyperstack": ("Hyperstack (NexGen Cloud)", "Hyperstack (NexGen Cloud)",
                   dict(billing_granularity="minute", spot_available=True)),
    "cudo": ("Cudo Compute", "Cudo Compute", {}),
    "jarvislabs": ("Jarvislabs", "Jarvislabs", {}),
    "fluidstack": ("FluidStack", "FluidStack", {}),
    "ovhcloud": ("OVHcloud", "OVHcloud", dict(billing_granularity="hour")),
    "primeintellect": ("Prime Intellect (marketplace)", None, {}),
    "shadeform": ("Shadeform (marketplace)", None, {}),
    "lium": ("Lium", None, {}),
    "seeweb": ("Seeweb", None, {}),
    "verda": ("Verda (formerly DataCrunch)", None, {}),
    "yotta": ("Yotta", None, {}),
    "mithril": ("Mithril", None, {}),
    "hyperbolic": ("Hyperbolic", None, {}),
    "exoscale": ("Exoscale", None, {}),
    "oblivus": ("Oblivus Cloud", None, {}),
    "latitude": ("Latitude.sh", None, {}),
    "novonimbus": ("NovoNimbus", None, {}),
    "cr8dl": ("CR8DL", None, {}),
    "dataoorts": ("Dataoorts", None, {}),
    "daytona": ("Daytona", None, {}),
    "crusoe": ("Crusoe Cloud", None, {}),
    # billing not sourced: the pricing page's 2025 rule ("Droplets are billed hourly with a
    # minimum charge of one hour", validated 2025-04-22) is gone from its 2026 version
    # (validated 2026-05-28), which bills CPU Droplets per second and states no rule for GPU
    # Droplets (see _DIGITALOCEAN_NOTE)
    "digitalocean": ("DigitalOcean (GPU Droplets)", None, {}),
    "openrelay": ("OpenRelay", None, {}),
}
_DIGITALOCEAN_NOTE = (
    "Billing granularity not sourced (null): docs.digitalocean.com/products/droplets/details/"
    "pricing no longer says 'Droplets are billed hourly with a minimum charge of one hour' "
    "(its version validated 2025-04-22); the version validated 2026-05-28 says 'CPU Droplets "
    "are billed per second with a minimum charge of 60 seconds or $0.01, whichever is higher' "
    "and states no billing rule for GPU Droplets (DigitalOcean's staff on its community "
    "questions: 'as of January 1, 2026, DigitalOcean bills Droplets per second'), so the GPU "
    "Droplets' granularity and minimum are unknown; spot terms not sourced (null); the cost "
    "terms given (egress) come from catalog/sources/cost_terms.toml with their sources.")
_HAND_NOTES = {
    "aws": "billing_granularity 'second' holds for Amazon Linux/Ubuntu only (per-hour for AMIs "
           "with a separate hourly OS charge).",
    "gcp": "Spot VMs have no maximum run time; legacy preemptible VMs stop after 24 h "
           "(spot_max_runtime_h left null). Billing per second after a 60 s minimum: "
           "cloud.google.com/compute/vm-instance-pricing#billingmodel ('All vCPUs, GPUs, and "
           "GB of memory are charged a minimum of 1 minute ... After 1 minute, instances are "
           "charged in 1-second increments'), quoted verbatim by several public copies (not "
           "read directly; a vendor-docs comparison checked in September 2026 gives the same "
           "'Per second, 1 minute').",
    "azure": "billing granularity and 60 s minimum from a secondary source only.",
    "oci": "minimum_charge_s 60 is for VM shapes; bare-metal shapes (BM.*, BM.GPU.* included) "
           "have a 3600 s minimum per start (minimum_charges).",
    "lambda": "storage $0.20/GiB-month is the billing doc's example rate.",
    "runpod": "spot only via API/CLI bidding; storage $0.07 is the network-volume rate (<1 TB).",
    "nebius": "$0.0147 is Object Storage Standard ($/GiB per 730 h); the disk price is unknown.",
    "ovhcloud": "hourly or monthly billing chosen at creation (hourly is the default).",
    "coreweave": "billing increment not stated (pricing is hourly).",
}
_CSV_TEXT_FIELDS = ("reserved_terms", "storage_type", "egress_note", "multinode_network")


def _dates(text: str) -> list[dt.date]:
    return [dt.date.fromisoformat(d) for d in re.findall(r"\d{4}-\d{2}-\d{2}", text)]


# --- cost terms (storage, egress tiers, minimum charges, reserved prices) ---------------------
COST_TERMS = ROOT / "catalog" / "sources" / "cost_terms.toml"
"""Hand-sourced cost terms: [[provider]] tables merged into providers.toml, [[reserved]] rules
filling the offers' reserved columns (see the file's header)."""
_COST_KEYS = ("storage_usd_per_gb_month", "storage_tiers", "object_storage_usd_per_gb_month",
              "stopped_storage_usd_per_gb_month",
              "storage_unit",
              "storage_type", "storage_source", "egress_usd_per_gb", "egress_tiers",
              "egress_unit", "egress_note", "egress_source", "minimum_charges")


PROVIDER_NAMES = ROOT / "catalog" / "sources" / "provider_names.toml"
"""Other names people write for a provider ([[provider]] id, aliases), copied into
providers.toml as its ``aliases`` (see the file's header)."""


def load_provider_names(path: Path = PROVIDER_NAMES) -> dict[str, list[str]]:
    """provider id -> its aliases from ``path``; an unknown key or a provider twice is an
    error."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    for table in data.get("provider", []):
        pid = table["id"]
        extra = sorted(set(table) - {"id", "aliases"})
        if extra:
            raise SystemExit(f"{path.name}: provider {pid!r}: unknown key(s) {extra}")
        if pid in out:
            raise SystemExit(f"{path.name}: provider {pid!r} twice")
        out[pid] = [str(a) for a in table.get("aliases", [])]
    return out


def load_cost_terms(path: Path = COST_TERMS) -> tuple[dict[str, dict[str, Any]],
                                                      list[dict[str, Any]]]:
    """(provider id -> cost keys, reserved rules) from ``path``; unknown keys are errors."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    providers: dict[str, dict[str, Any]] = {}
    for table in data.get("provider", []):
        pid = table["id"]
        extra = sorted(set(table) - {"id", *_COST_KEYS})
        if extra:
            raise SystemExit(f"{path.name}: provider {pid!r}: unknown key(s) {extra}")
        if pid in providers:
            raise SystemExit(f"{path.name}: provider {pid!r} twice")
        providers[pid] = {k: v for k, v in table.items() if k != "id"}
    rules = list(data.get("reserved", []))
    for i, r in enumerate(rules, 1):
        if not isinstance(r.get("as_of"), dt.date) or r.get("as_of_kind") not in get_args(AsOfKind):
            raise SystemExit(f"{path.name}: reserved rule {i} needs as_of (a date) and as_of_kind "
                             f"(one of {', '.join(get_args(AsOfKind))})")
    return providers, rules


def _reserved_rule(rules: list[dict[str, Any]], o: Offer) -> dict[str, Any] | None:
    for r in rules:
        if r.get("offer_id"):
            if r["offer_id"] == o.id:
                return r
            continue
        if r.get("provider") != o.provider or r.get("gpu") != o.gpu:
            continue
        if fnmatch.fnmatchcase(o.instance_type.lower(),
                               str(r.get("instance_pattern", "*")).lower()):
            return r
    return None


def apply_reserved(by_provider: dict[str, list[Offer]], path: Path = COST_TERMS) -> list[str]:
    """Fill ``reserved_usd_h`` / ``reserved_term`` from the [[reserved]] rules of the cost
    terms file (the rule's source appended to the offer's ``source``); offers that already
    carry a reserved price keep it. Returns one line per rule applied or refused."""
    _, rules = load_cost_terms(path)
    log: list[str] = []
    for offers in by_provider.values():
        for i, o in enumerate(offers):
            rule = _reserved_rule(rules, o) if o.reserved_usd_h is None else None
            if rule is None:
                continue
            price = (float(rule["usd_h"]) if "usd_h" in rule  # a whole-offer price
                     else round(float(rule["usd_per_gpu_h"]) * o.gpu_count, 4))
            if o.on_demand_usd_h is not None and price >= o.on_demand_usd_h:
                log.append(f"reserved NOT applied to {o.id}: ${price}/h is not below on-demand "
                           f"${o.on_demand_usd_h}/h")
                continue
            offers[i] = msgspec.structs.replace(
                o, reserved_usd_h=price, reserved_term=str(rule["term"]),
                reserved_as_of=rule["as_of"], reserved_as_of_kind=rule["as_of_kind"],
                source=f"{o.source}; reserved: {rule['source']}")
            log.append(f"reserved {o.id}: ${price}/h ({rule['term']})")
    return log


# --- node network (between nodes) ------------------------------------------------------------
NODE_NETWORK = ROOT / "catalog" / "sources" / "node_network.toml"
"""Hand-sourced node networks per provider and instance family: [[rule]] tables filling the
offers' network / network_gbps columns (see the file's header)."""
_NETWORK_KEYS = ("provider", "instance_pattern", "gpu", "network", "network_gbps", "source",
                 "note")


def load_node_network(path: Path = NODE_NETWORK) -> list[dict[str, Any]]:
    """The [[rule]] tables of ``path``, checked: known keys only, a source each, a network from
    the catalog's ``Network`` values, a positive bandwidth only with a network."""
    rules = list(tomllib.loads(path.read_text(encoding="utf-8")).get("rule", []))
    allowed = set(get_args(Network))
    for i, r in enumerate(rules, 1):
        where = f"{path.name}: rule {i} ({r.get('provider')} {r.get('instance_pattern')!r})"
        extra = sorted(set(r) - set(_NETWORK_KEYS))
        if extra:
            raise SystemExit(f"{where}: unknown key(s) {extra}")
        if not r.get("provider") or not r.get("instance_pattern") or not r.get("source"):
            raise SystemExit(f"{where}: provider, instance_pattern and source are required")
        if "network" in r and r["network"] not in allowed:
            raise SystemExit(f"{where}: network {r['network']!r} is not one of {sorted(allowed)}")
        gbps = r.get("network_gbps")
        if gbps is not None and ("network" not in r or not 0 < float(gbps) <= 100_000):
            raise SystemExit(f"{where}: network_gbps needs a network and 0 < Gb/s <= 100000")
    return rules


def _network_rule(rules: list[dict[str, Any]], o: Offer) -> dict[str, Any] | None:
    for r in rules:
        if r["provider"] != o.provider or r.get("gpu", o.gpu) != o.gpu:
            continue
        if fnmatch.fnmatchcase(o.instance_type.lower(), str(r["instance_pattern"]).lower()):
            return r
    return None


def apply_node_network(by_provider: dict[str, list[Offer]], path: Path = NODE_NETWORK
                       ) -> list[str]:
    """Fill ``network`` / ``network_gbps`` from the first matching rule of the node network file
    (the file is the provenance: ``source`` is left as it is). An offer that already has a
    network must agree with its rule, else the build stops. Returns one line per rule with the
    offers it filled."""
    rules = load_node_network(path)
    filled: Counter[int] = Counter()
    for offers in by_provider.values():
        for i, o in enumerate(offers):
            rule = _network_rule(rules, o)
            if rule is None or "network" not in rule:
                continue
            gbps = rule.get("network_gbps")
            gbps = float(gbps) if gbps is not None else None
            if o.network is not None:
                if (o.network, o.network_gbps) != (rule["network"], gbps):
                    raise SystemExit(f"{path.name}: {o.id} has network {o.network} "
                                     f"{o.network_gbps} Gb/s, the rule says {rule['network']} "
                                     f"{gbps} Gb/s")
                continue
            offers[i] = msgspec.structs.replace(o, network=rule["network"], network_gbps=gbps)
            filled[rules.index(rule)] += 1
    return [f"network {rules[k]['provider']} {rules[k]['instance_pattern']}: "
            f"{rules[k]['network']} {rules[k].get('network_gbps', '?')} Gb/s -> {n} offers"
            for k, n in sorted(filled.items())]


def provider_tables(policies: Path, used: set[str], offer_sources: dict[str, set[str]],
                    cost_terms: dict[str, dict[str, Any]] | None = None
                    ) -> list[dict[str, Any]]:
    rows = {r["provider"]: r for r in csv.DictReader(
        (policies / "providers.csv").open(encoding="utf-8", newline=""))}
    if cost_terms is None:
        cost_terms = load_cost_terms()[0]
    aliases = load_provider_names()
    out: list[dict[str, Any]] = []
    for pid in sorted(used):
        name, row_name, numbers = PROVIDERS[pid]
        t: dict[str, Any] = {"id": pid, "name": name, "aliases": aliases.get(pid, []),
                             **numbers}
        notes: list[str] = []
        row = rows.get(row_name) if row_name else None
        if row is not None and "not sourced" in (row.get("note") or ""):
            t["as_of"] = SKYPILOT_AS_OF
            t["source"] = "provider_policies/providers.csv (row marked 'not sourced')"
            notes.append("Policy row is a placeholder marked 'not sourced' in providers.csv: "
                         "billing, minimum charge, storage, egress and spot terms unknown "
                         "(null), not guessed.")
        elif row is not None:
            for f in _CSV_TEXT_FIELDS:
                if row.get(f):
                    t[f] = row[f]
            dates = _dates(row.get("as_of", ""))
            if dates:
                t["as_of"] = max(dates)
            else:
                t["as_of"] = SKYPILOT_AS_OF
                notes.append(f"as_of: policy source undated ({row.get('as_of')}); set to the "
                             "offer snapshot date 2026-09-30.")
            t["source"] = f"provider_policies/providers.csv row {row_name!r}: {row['source']}"
            if row.get("note"):
                notes.append(row["note"])
            if pid in _HAND_NOTES:
                notes.append(_HAND_NOTES[pid])
        else:
            t["as_of"] = SKYPILOT_AS_OF
            t["source"] = ("no policy source (provider not in provider_policies/providers.csv); "
                           "offers from " + "; ".join(sorted(offer_sources.get(pid, set()))))
            notes.append("Billing, minimum charge, storage, egress and spot terms not sourced: "
                         "all null.")
        # cost terms (catalog/sources/cost_terms.toml) override the policy row's text fields
        # ("not found", "not captured") with the sourced values
        t.update(cost_terms.get(pid, {}))
        if pid in cost_terms and (row is None or "not sourced" in (row.get("note") or "")):
            notes[-1] = ("Billing and spot terms not sourced (null); the cost terms given "
                         "(storage, egress, minimum charges) come from "
                         "catalog/sources/cost_terms.toml with their sources.")
            if pid == "digitalocean":
                notes[-1] = _DIGITALOCEAN_NOTE
        t["note"] = " ".join(notes)
        out.append(t)
    return out


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list | tuple):
        return "[\n" + "".join(f"    {_toml_value(x)},\n" for x in v) + "]"
    return json.dumps(str(v), ensure_ascii=False)


def providers_toml(tables: list[dict[str, Any]]) -> str:
    lines = ["# Cloud providers: billing, policy and cost terms. Generated by",
             "# scripts/build_catalog.py from",
             "# /work/shared/reference/provider_policies/providers.csv,",
             "# catalog/sources/cost_terms.toml and catalog/sources/provider_names.toml.",
             "# A key left out is unknown (never guessed).",
             ""]
    order = ("id", "name", "aliases", "billing_granularity", "minimum_charge_s", "minimum_charges",
             "storage_usd_per_gb_month", "storage_tiers", "object_storage_usd_per_gb_month",
             "stopped_storage_usd_per_gb_month", "storage_unit", "storage_type",
             "storage_source", "egress_usd_per_gb",
             "egress_tiers", "egress_unit", "egress_note", "egress_source", "spot_available",
             "spot_notice_s", "spot_max_runtime_h", "reserved_terms", "multinode_network",
             "as_of", "source", "note")
    for t in tables:
        lines.append("[[provider]]")
        for k in order:
            if k in t and t[k] not in (None, "", [], ()):
                lines.append(f"{k} = {_toml_value(t[k])}")
        lines.append("")
    return "\n".join(lines)


def coreweave_offers(registry: Registry) -> list[Offer]:
    out = []
    for c in COREWEAVE:
        gpu = registry.gpus[str(c["gpu"])]
        count = int(str(c["gpu_count"]))
        ic = interconnect(gpu, count, str(c["instance_type"]))
        source = COREWEAVE_SOURCE
        if gpu.id == "gb200":
            ic = "nvswitch"
            source += "; GB200 NVL72 rack (NVLink Switch domain), priced per 4-GPU node"
        out.append(Offer(
            id=slug(f"coreweave-{c['instance_type']}"), provider="coreweave",
            instance_type=str(c["instance_type"]),
            regions=[str(c["region"])] if c["region"] else [], gpu=gpu.id, gpu_count=count,
            interconnect=ic, on_demand_usd_h=float(str(c["on_demand_usd_h"])),
            spot_usd_h=float(str(c["spot_usd_h"])) if c["spot_usd_h"] is not None else None,
            as_of=COREWEAVE_AS_OF, as_of_kind="retrieved", source=source))
    return out


@dataclass
class NewerFile:
    """One file of skypilot-catalog-newer/ and its SOURCE.txt row."""

    provider: str
    path: Path
    catalog: str
    upstream: str
    commit: str
    rows: str
    notes: str

    @property
    def partial(self) -> bool:
        return self.rows.startswith(("PARTIAL", "SAMPLE"))

    @property
    def source(self) -> str:
        return (f"SkyPilot catalog {self.catalog} {self.upstream} @ {self.commit} "
                f"(github.com/skypilot-org/skypilot-catalog; stored copy "
                f"{NEWER_DIR}/{self.provider}/{self.path.name}: {self.rows}; commit date "
                f"unknown, assumed no later than {NEWER_AS_OF.isoformat()})")


def newer_files(root: Path) -> list[NewerFile]:
    """The files of ``root`` (skypilot-catalog-newer) with their SOURCE.txt table rows."""
    meta: dict[str, list[str]] = {}
    for line in (root / "SOURCE.txt").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) == 6 and (root / cells[0]).is_dir():
            meta[cells[0]] = cells
    out = []
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        if d.name not in meta:
            raise SystemExit(f"{d}: no row in {root / 'SOURCE.txt'}")
        _, catalog, upstream, commit, rows, notes = meta[d.name]
        for f in sorted(d.glob("*.csv")):
            out.append(NewerFile(d.name, f, catalog, upstream, commit, rows, notes))
    return out


_GCP_PARTS = re.compile(r"host ([0-9.]+)/([0-9.]+) \+ GPU ([0-9.]+)/([0-9.]+) \(OD/spot\)")
_GCP_GPU_ROW = re.compile(r"GPU row \((\S+) x(\d+)\)")


def gcp_accelerator_prices(text: str) -> dict[tuple[str, int, str], tuple[float, float | None]]:
    """(accelerator, count, region) -> cheapest (on-demand, spot) over the region's zones, from
    the v9 GCP accelerator-only rows (GPU price without the host VM)."""
    out: dict[tuple[str, int, str], tuple[float, float | None]] = {}
    for r in csv.DictReader(text.splitlines()):
        if r["InstanceType"] or not r["Price"]:
            continue
        key = (r["AcceleratorName"], int(float(r["AcceleratorCount"])), r["Region"])
        od = float(r["Price"])
        spot = float(r["SpotPrice"]) if r["SpotPrice"] else None
        if key not in out or (od, spot or 1e9) < (out[key][0], out[key][1] or 1e9):
            out[key] = (od, spot)
    return out


def refresh_gcp(offers: list[Offer], v9: dict[tuple[str, int, str], tuple[float, float | None]],
                f: NewerFile, skipped: list[str]) -> list[Offer]:
    """The hyperscaler_prices GCP rows (host VM + GPU, us-central1, SkyPilot v8 @006059e) with
    their GPU part re-read from the v9 accelerator rows where v9 prices it."""
    out = []
    for o in offers:
        parts, acc = _GCP_PARTS.search(o.source), _GCP_GPU_ROW.search(o.source)
        price = v9.get((acc.group(1), int(acc.group(2)), "us-central1")) if parts and acc else None
        if price is None or parts is None or acc is None:
            out.append(o)
            continue
        host_od, host_spot, gpu_od, gpu_spot = (float(x) for x in parts.groups())
        new_od, new_spot = price
        where = (f"v9 GPU row {acc.group(1)} x{acc.group(2)} us-central1 from {f.upstream} @ "
                 f"{f.commit} ({NEWER_DIR}/gcp/{f.path.name}): ${new_od:g}/"
                 + (f"${new_spot:g}" if new_spot is not None else "-") + " (OD/spot)")
        if (new_od, new_spot) == (gpu_od, gpu_spot):
            out.append(msgspec.structs.replace(o, source=f"{o.source} | GPU part unchanged in "
                                               f"{where}"))
            continue
        cautions = [o.caution] if o.caution else []
        total_spot: float | None = None
        if new_spot is not None and new_spot > new_od:
            cautions.append(f"v9 GPU spot ${new_spot:g}/h is above its on-demand ${new_od:g}/h "
                            "(impossible); spot price dropped")
            skipped.append(f"gcp {o.instance_type}: {where}: spot above on-demand, spot dropped")
        elif new_spot is not None:
            total_spot = round(host_spot + new_spot, 5)
        total_od = round(host_od + new_od, 5)
        skipped.append(f"gcp {o.instance_type}: total re-priced from ${o.on_demand_usd_h}/"
                       f"${o.spot_usd_h} to ${total_od}/${total_spot} (host v8 + GPU v9)")
        out.append(msgspec.structs.replace(
            o, on_demand_usd_h=total_od, spot_usd_h=total_spot,
            caution=" | ".join(c for c in cautions if c),
            source=(f"{o.source} | re-priced: host VM ${host_od:g}/${host_spot:g} (v8, above) "
                    f"+ {where}")))
    return out


def network_fix(o: Offer) -> Offer:
    """``o`` with the network of its instance type's hand check (HYPERSCALER_FIXES), if any."""
    fix = HYPERSCALER_FIXES.get(o.instance_type)
    if fix is None or not fix.network:
        return o
    return msgspec.structs.replace(o, network=fix.network, network_gbps=fix.network_gbps,
                                   source=f"{o.source} | {fix.note}")


def build(sources: Path, policies: Path, registry: Registry
          ) -> tuple[dict[str, list[Offer]], dict[str, dict[str, int]], list[str], str]:
    by_provider: dict[str, list[Offer]] = defaultdict(list)
    unmapped: dict[str, dict[str, int]] = {}
    skipped: list[str] = []

    def take(label: str, res: ImportResult) -> None:
        for o in res.offers:
            by_provider[o.provider].append(o)
        if res.unmapped:
            unmapped[label] = res.unmapped
        skipped.extend(res.skipped)

    # 1. skypilot-catalog-newer: a complete file replaces the provider's v8 file; partial files
    #    (AWS, GCP) and the RunPod sample replace the rows of the instance types they price.
    newer = newer_files(sources / NEWER_DIR) if (sources / NEWER_DIR).is_dir() else []
    complete = {f.provider for f in newer if not f.partial}
    newer_offers: list[Offer] = []
    gcp_v9: dict[tuple[str, int, str], tuple[float, float | None]] = {}
    gcp_file: NewerFile | None = None
    # marketplaces last: their resold rows take the GPU variant of their upstream's own rows
    # (importers "Resold machines"), so the upstream's offers must be in by_provider first
    for f in sorted(newer, key=lambda f: f.provider in RESELLER_SEPARATORS):
        text = f.path.read_text(encoding="utf-8")
        file_caution, type_cautions = NEWER_CAUTIONS.get(f.provider, ("", {}))
        res = parse_skypilot(text, f.provider, NEWER_AS_OF, f.source, registry,
                             as_of_kind="assumed", caution=file_caution, cautions=type_cautions,
                             what=f"{NEWER_DIR}/{f.provider}/{f.path.name}",
                             split_regions=True, upstream=by_provider)
        if f.provider == "aws":  # the hand-checked network figures hold for newer rows too
            res.offers = [network_fix(o) for o in res.offers]
        take(f"skypilot-newer/{f.provider}", res)
        newer_offers.extend(res.offers)
        if f.provider == "gcp":
            gcp_v9, gcp_file = gcp_accelerator_prices(text), f
    newer_types = {(o.provider, o.instance_type.lower()) for o in newer_offers}
    newer_shapes = {(o.provider, o.gpu, o.gpu_count) for o in newer_offers}

    sky = sources / "skypilot-catalog" / "v8"
    sky_providers = sorted(d.name for d in sky.iterdir()
                           if d.is_dir() and (d / "vms.csv").is_file())
    replaced_v8 = sorted(set(sky_providers) & complete)
    for name in sorted(sky_providers, key=lambda n: n in RESELLER_SEPARATORS):
        if name in complete:
            continue
        text = (sky / name / "vms.csv").read_text(encoding="utf-8")
        res = parse_skypilot(text, name, SKYPILOT_AS_OF, SKYPILOT_SOURCE.format(name=name),
                             registry, as_of_kind="assumed", split_regions=True,
                             upstream=by_provider)
        res.offers = [o for o in res.offers if (o.provider, o.instance_type.lower())
                      not in newer_types]
        take(f"skypilot/{name}", res)
    hyper = parse_hyperscaler((policies / "hyperscaler_prices.csv").read_text(encoding="utf-8"),
                              HYPERSCALER_AS_OF, registry, HYPERSCALER_FIXES,
                              note="as_of: catalog commit date not exposed; treated as 2026-Q3 "
                                   "like the SkyPilot v8 snapshot", as_of_kind="assumed",
                              dates={"azure": AZURE_SNAPSHOT})
    hyper_types = {(o.provider, o.instance_type.lower()) for o in hyper.offers}
    n_hyper = len(hyper.offers)
    hyper.offers = [o for o in hyper.offers
                    if (o.provider, o.instance_type.lower()) not in newer_types]
    hyper_replaced = n_hyper - len(hyper.offers)
    if gcp_file is not None:
        gcp = [o for o in hyper.offers if o.provider == "gcp"]
        rest = [o for o in hyper.offers if o.provider != "gcp"]
        hyper.offers = rest + refresh_gcp(gcp, gcp_v9, gcp_file, skipped)
    take("hyperscaler_prices", hyper)

    fsdl_text = (sources / "fsdl-cloud-gpus" / "cloud-gpus.csv").read_text(encoding="utf-8")
    fsdl_all = parse_fsdl(fsdl_text, FSDL_AS_OF, FSDL_SOURCE, registry)
    fsdl_providers = {o.provider for o in fsdl_all.offers}
    wanted = fsdl_providers - set(sky_providers) - complete - set(FSDL_COVERED_ELSEWHERE)
    fsdl = parse_fsdl(fsdl_text, FSDL_AS_OF, FSDL_SOURCE, registry, providers=wanted)
    kept = [o for o in fsdl.offers if (o.provider, o.instance_type.lower()) not in hyper_types
            and (o.provider, o.instance_type.lower()) not in newer_types]
    replaced = len(fsdl.offers) - len(kept)
    superseded = [o for o in kept if (o.provider, o.gpu, o.gpu_count) in newer_shapes]
    kept = [o for o in kept if (o.provider, o.gpu, o.gpu_count) not in newer_shapes]
    skipped.extend(f"fsdl {o.id}: superseded by a newer SkyPilot row of the same provider, GPU "
                   f"and count" for o in superseded)
    fsdl.offers = kept
    take("fsdl", fsdl)
    for o in coreweave_offers(registry):
        by_provider[o.provider].append(o)
    if PRICING_PAGES.is_file():
        pages = parse_pricing_pages(PRICING_PAGES.read_text(encoding="utf-8"), registry)
        take("pricing_pages", pages)

    notes = (f"skypilot-catalog-newer: {len(newer)} files, {len(newer_offers)} offers; v8 files "
             f"replaced: {', '.join(replaced_v8)}; {hyper_replaced} hyperscaler_prices rows "
             f"replaced by newer rows of the same instance type\n"
             f"FSDL providers used: {', '.join(sorted(wanted))}; skipped as covered by SkyPilot: "
             f"{', '.join(sorted(fsdl_providers - wanted))}; {replaced} FSDL offers replaced by "
             f"newer rows of the same instance type; {len(superseded)} superseded by newer rows "
             "of the same provider, GPU and count")
    for pid, offers in by_provider.items():
        ids = Counter(o.id for o in offers)
        dup = [i for i, n in ids.items() if n > 1]
        if dup:
            raise SystemExit(f"duplicate offer ids for {pid}: {dup}")
    notes += "\n" + collapse_duplicates(by_provider)
    # node networks (catalog/sources/node_network.toml): part of the offers themselves
    notes += "".join("\n  " + line for line in apply_node_network(by_provider))
    return by_provider, unmapped, skipped, notes


def collapse_duplicates(by_provider: dict[str, list[Offer]]) -> str:
    """Drop every offer that duplicates another of its provider (same GPU count, prices and
    regions under another instance name; ``service.domain.catalog.trust.duplicates``): the
    one with the smallest id stays and its source names the other instance types. A note of
    what was collapsed."""
    lines = []
    for pid, offers in by_provider.items():
        dup = duplicates(offers)
        if not dup:
            continue
        twins: dict[str, list[str]] = defaultdict(list)
        by_id = {o.id: o for o in offers}
        for d, keep in sorted(dup.items()):
            twins[keep].append(by_id[d].instance_type)
            lines.append(f"  {d} -> {keep}")
        by_provider[pid] = [
            msgspec.structs.replace(o, source=o.source + "; also sold as "
                                    + ", ".join(twins[o.id]) + " at the same prices")
            if o.id in twins else o
            for o in offers if o.id not in dup]
    return f"{len(lines)} duplicate offers collapsed" + ("".join("\n" + x for x in lines))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", type=Path, help="catalog_sources directory")
    ap.add_argument("--policies", type=Path, default=None,
                    help="provider_policies directory (default: SOURCES/../provider_policies)")
    ap.add_argument("--catalog", type=Path, default=ROOT / "catalog")
    ap.add_argument("--dry-run", action="store_true", help="print the diff, write nothing")
    ap.add_argument("--verbose", "-v", action="store_true", help="list skipped rows")
    args = ap.parse_args(argv)
    policies = args.policies or args.sources.parent / "provider_policies"
    catalog: Path = args.catalog
    registry = load_registry(catalog).registry

    by_provider, unmapped, skipped, notes = build(args.sources, policies, registry)
    # cost terms: reserved prices from catalog/sources/cost_terms.toml (scripts' cost-terms part)
    reserved_log = apply_reserved(by_provider)
    sources_of: dict[str, set[str]] = defaultdict(set)
    for pid, offers in by_provider.items():
        for o in offers:
            sources_of[pid].add(o.source.split(" (")[0])
    toml_text = providers_toml(provider_tables(policies, set(by_provider), sources_of))

    old_offers: list[Offer] = []
    if (catalog / "offers").is_dir() and (catalog / "providers.toml").is_file():
        old_offers, _, _ = load_offers(catalog, registry)
    new_offers = [o for offers in by_provider.values() for o in offers]
    d = diff_offers(old_offers, new_offers)

    total = len(new_offers)
    print(f"{len(by_provider)} providers, {total} offers")
    for pid in sorted(by_provider):
        print(f"  {pid:15} {len(by_provider[pid]):4}")
    covered = {o.gpu for o in new_offers}
    missing = sorted(set(registry.gpus) - covered)
    print(f"GPUs covered: {len(covered)}/{len(registry.gpus)}; no offer: {', '.join(missing)}")
    print("unmapped GPU names (rows):")
    for label, names in unmapped.items():
        print(f"  {label}: " + ", ".join(f"{k} ({v})" for k, v in names.items()))
    print(notes)
    for line in reserved_log:
        print("  " + line)
    if args.verbose:
        print("skipped / changed rows:")
        for s in skipped:
            print("  " + s)
    print(f"diff vs current catalog: {len(d.added)} added, {len(d.changed)} changed, "
          f"{len(d.removed)} removed, {len(d.price_changes)} price changes")
    if args.dry_run:
        for pc in d.price_changes[:50]:
            print(f"  {pc.id} {pc.field}: {pc.old} -> {pc.new}")
        return 0

    out_dir = catalog / "offers"
    out_dir.mkdir(parents=True, exist_ok=True)
    for pid, offers in sorted(by_provider.items()):
        path = out_dir / f"{pid}.csv"
        if not path.exists() or path.read_text(encoding="utf-8") != offers_csv(offers):
            write_offers(path, offers)
    for stale in out_dir.glob("*.csv"):
        if stale.stem not in by_provider:
            stale.unlink()
    (catalog / "providers.toml").write_text(toml_text, encoding="utf-8")
    _, _, problems = load_offers(catalog, registry)
    for p in problems:
        print(f"PROBLEM {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
