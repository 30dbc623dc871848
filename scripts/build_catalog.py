#!/usr/bin/env python3
"""Regenerate ``catalog/offers/*.csv`` and ``catalog/providers.toml`` from the reference price
tables, so the shipped offer catalog is reproducible.

    .venv/bin/python scripts/build_catalog.py /work/shared/reference/catalog_sources
    .venv/bin/python scripts/build_catalog.py SOURCES --dry-run   # show the diff, write nothing

``SOURCES`` is the ``catalog_sources`` directory (skypilot-catalog/v8/*/vms.csv and
fsdl-cloud-gpus/cloud-gpus.csv); ``--policies`` (default: ``SOURCES/../provider_policies``) holds
providers.csv and hyperscaler_prices.csv.

Data decisions (each also visible in the offers' ``source`` field or the provider ``note``):

* SkyPilot v8 snapshot: every provider directory present, ``as_of`` 2026-09-30 (SOURCES.md:
  "date unknown, treat as 2026-Q3").
* hyperscaler_prices.csv (AWS/GCP/Azure, one region each) come from SkyPilot catalogs at named
  commits with no date exposed: ``as_of`` 2026-09-30 as well. Hand checks in ``HYPERSCALER_FIXES``.
  For an AWS/GCP/Azure instance type in both this file and FSDL, this (newer) row wins.
* FSDL cloud-gpus.csv (``as_of`` 2025-03-07) only for providers SkyPilot does not cover;
  FSDL "Datacrunch" is Verda (renamed), covered by SkyPilot.
* CoreWeave: three list prices quoted in providers.csv (coreweave.com/pricing harvest
  2026-09-20); no other CoreWeave source.
* Provider policies: numbers only where providers.csv states them; unknown stays null.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.adapters.catalog_files import load_registry  # noqa: E402
from service.adapters.importers import (  # noqa: E402
    FSDL_AS_OF,
    FSDL_SOURCE,
    SKYPILOT_AS_OF,
    SKYPILOT_SOURCE,
    HyperscalerFix,
    ImportResult,
    diff_offers,
    interconnect,
    offers_csv,
    parse_fsdl,
    parse_hyperscaler,
    parse_skypilot,
    slug,
    write_offers,
)
from service.adapters.offers_files import load_offers  # noqa: E402
from service.domain.catalog.offers import Offer  # noqa: E402
from service.domain.catalog.registry import Registry  # noqa: E402

HYPERSCALER_AS_OF = dt.date(2026, 9, 30)
COREWEAVE_AS_OF = dt.date(2026, 9, 20)


_AZ_NC_A100 = ("MicrosoftDocs/azure-docs articles/virtual-machines/nc-a100-v4-series.md: "
               "'powered by NVIDIA A100 PCIe GPU ... 80GB memory each'")
_AZ_NC_H100 = ("MicrosoftDocs/azure-docs NCads H100 v5-series page: 'up to 2 NVIDIA H100 NVL GPUs "
               "with 94GB memory each'")
HYPERSCALER_FIXES: dict[str, HyperscalerFix] = {
    "p5.48xlarge": HyperscalerFix(network="efa", network_gbps=3200,
                                  note="network: EFA 3200 Gb/s per node"),
    "Standard_ND96isr_H100_v5": HyperscalerFix(
        gpu_count=8, network="infiniband", network_gbps=3200,
        note="8 GPUs (the v6 catalog's AcceleratorCount 12 is a bug); InfiniBand 400 Gb/s per "
             "GPU x 8 per providers.csv Azure row (datareceipts README)"),
    "Standard_NC24ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100),
    "Standard_NC48ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100),
    "Standard_NC96ads_A100_v4": HyperscalerFix(gpu="a100-pcie-80gb", note=_AZ_NC_A100),
    "Standard_NC40ads_H100_v5": HyperscalerFix(gpu="h100-nvl", note=_AZ_NC_H100),
    "Standard_NC80adis_H100_v5": HyperscalerFix(gpu="h100-nvl", note=_AZ_NC_H100),
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
            dict(spot_available=True)),
    "azure": ("Microsoft Azure", "Microsoft Azure (N-series)",
              dict(billing_granularity="second", minimum_charge_s=60, spot_available=True)),
    "oci": ("Oracle Cloud Infrastructure", "Oracle Cloud (OCI)",
            dict(billing_granularity="second", minimum_charge_s=60, spot_available=True)),
    "lambda": ("Lambda", "Lambda (Lambda Cloud)",
               dict(billing_granularity="minute", storage_usd_per_gb_month=0.20,
                    egress_usd_per_gb=0.0)),
    "runpod": ("RunPod", "RunPod (Secure + Community Cloud)",
               dict(billing_granularity="second", spot_available=True,
                    storage_usd_per_gb_month=0.07, egress_usd_per_gb=0.0)),
    "vast": ("Vast.ai", "Vast.ai", dict(billing_granularity="second", spot_available=True)),
    "coreweave": ("CoreWeave", "CoreWeave", dict(spot_available=True)),
    "paperspace": ("Paperspace (DigitalOcean)", "Paperspace (DigitalOcean)",
                   dict(billing_granularity="second")),
    "nebius": ("Nebius AI Cloud", "Nebius AI Cloud",
               dict(billing_granularity="second", spot_available=True, spot_notice_s=60,
                    storage_usd_per_gb_month=0.0147)),
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
}
_HAND_NOTES = {
    "aws": "billing_granularity 'second' holds for Amazon Linux/Ubuntu only (per-hour for AMIs "
           "with a separate hourly OS charge).",
    "gcp": "Spot VMs have no maximum run time; legacy preemptible VMs stop after 24 h "
           "(spot_max_runtime_h left null).",
    "azure": "billing granularity and 60 s minimum from a secondary source only.",
    "oci": "minimum_charge_s 60 is for VM shapes; bare-metal GPU shapes (BM.GPU.*) have a "
           "3600 s minimum per start.",
    "lambda": "storage $0.20/GiB-month is the billing doc's example rate.",
    "runpod": "spot only via API/CLI bidding; storage $0.07 is the network-volume rate (<1 TB).",
    "nebius": "storage $0.0147 is Object Storage Standard ($/GiB per 730 h).",
    "ovhcloud": "hourly or monthly billing chosen at creation (hourly is the default).",
    "coreweave": "billing increment not stated (pricing is hourly).",
}
_CSV_TEXT_FIELDS = ("reserved_terms", "storage_type", "egress_note", "multinode_network")


def _dates(text: str) -> list[dt.date]:
    return [dt.date.fromisoformat(d) for d in re.findall(r"\d{4}-\d{2}-\d{2}", text)]


def provider_tables(policies: Path, used: set[str], offer_sources: dict[str, set[str]]
                    ) -> list[dict[str, Any]]:
    rows = {r["provider"]: r for r in csv.DictReader(
        (policies / "providers.csv").open(encoding="utf-8", newline=""))}
    out: list[dict[str, Any]] = []
    for pid in sorted(used):
        name, row_name, numbers = PROVIDERS[pid]
        t: dict[str, Any] = {"id": pid, "name": name, **numbers}
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
    return json.dumps(str(v), ensure_ascii=False)


def providers_toml(tables: list[dict[str, Any]]) -> str:
    lines = ["# Cloud providers: billing and policy terms. Generated by scripts/build_catalog.py",
             "# from /work/shared/reference/provider_policies/providers.csv. A key left out is",
             "# unknown (never guessed).", ""]
    order = ("id", "name", "billing_granularity", "minimum_charge_s", "storage_usd_per_gb_month",
             "storage_type", "egress_usd_per_gb", "egress_note", "spot_available",
             "spot_notice_s", "spot_max_runtime_h", "reserved_terms", "multinode_network",
             "as_of", "source", "note")
    for t in tables:
        lines.append("[[provider]]")
        for k in order:
            if k in t and t[k] not in (None, ""):
                lines.append(f"{k} = {_toml_value(t[k])}")
        lines.append("")
    return "\n".join(lines)


def coreweave_offers(registry: Registry) -> list[Offer]:
    out = []
    for c in COREWEAVE:
        gpu = registry.gpus[str(c["gpu"])]
        count = int(str(c["gpu_count"]))
        ic = interconnect(gpu, count)
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
            as_of=COREWEAVE_AS_OF, source=source))
    return out


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

    sky = sources / "skypilot-catalog" / "v8"
    sky_providers = sorted(d.name for d in sky.iterdir()
                           if d.is_dir() and (d / "vms.csv").is_file())
    for name in sky_providers:
        text = (sky / name / "vms.csv").read_text(encoding="utf-8")
        take(f"skypilot/{name}", parse_skypilot(text, name, SKYPILOT_AS_OF,
                                                SKYPILOT_SOURCE.format(name=name), registry))
    hyper = parse_hyperscaler((policies / "hyperscaler_prices.csv").read_text(encoding="utf-8"),
                              HYPERSCALER_AS_OF, registry, HYPERSCALER_FIXES,
                              note="as_of: catalog commit date not exposed; treated as 2026-Q3 "
                                   "like the SkyPilot v8 snapshot")
    take("hyperscaler_prices", hyper)
    hyper_types = {(o.provider, o.instance_type.lower()) for o in hyper.offers}

    fsdl_text = (sources / "fsdl-cloud-gpus" / "cloud-gpus.csv").read_text(encoding="utf-8")
    fsdl_all = parse_fsdl(fsdl_text, FSDL_AS_OF, FSDL_SOURCE, registry)
    fsdl_providers = {o.provider for o in fsdl_all.offers}
    wanted = fsdl_providers - set(sky_providers) - set(FSDL_COVERED_ELSEWHERE)
    fsdl = parse_fsdl(fsdl_text, FSDL_AS_OF, FSDL_SOURCE, registry, providers=wanted)
    kept = [o for o in fsdl.offers if (o.provider, o.instance_type.lower()) not in hyper_types]
    replaced = len(fsdl.offers) - len(kept)
    fsdl.offers = kept
    take("fsdl", fsdl)
    for o in coreweave_offers(registry):
        by_provider[o.provider].append(o)

    notes = (f"FSDL providers used: {', '.join(sorted(wanted))}; skipped as covered by SkyPilot: "
             f"{', '.join(sorted(fsdl_providers - wanted))}; {replaced} FSDL AWS/GCP/Azure offers "
             "replaced by newer hyperscaler_prices rows")
    for pid, offers in by_provider.items():
        ids = Counter(o.id for o in offers)
        dup = [i for i, n in ids.items() if n > 1]
        if dup:
            raise SystemExit(f"duplicate offer ids for {pid}: {dup}")
    return by_provider, unmapped, skipped, notes


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
