"""Buyer audit 31b, storage, reservations, provider policy and region labels (#4, #5, #6, #7,
#9, #10): object storage is priced at the catalog's object-storage rate, a stopped RunPod
pod's volume at its stopped rate, a training cost "including storage" gives the job and its
storage, a reserved instance type says the catalog has no reserved price and quotes the
provider's terms, GCP preemptible VMs' 24 h limit is answered, and an AWS Local Zone's
offers are no longer labelled with the parent region."""

from __future__ import annotations

import pytest

from tests.unit.kb_fixtures import ask, catalog, head


@pytest.mark.parametrize(("q", "cost", "rate", "block"), [
    ("How much to store a 140 GB model on AWS S3 per month?", "$3.22", "$0.023", "$11.20"),
    ("Cât costă să stochez un model de 140 GB pe AWS S3 pe lună?", "3,22 USD", "0,023 USD",
     "11,20 USD"),
    # GCP's Cloud Storage Standard, $0.020 per GiB (storage_unit): 10,000 GB = 9,313 GiB
    ("How much to store 10 TB of datasets on GCP per month?", "$186.26", "$0.020", "$931.32"),
    ("Cât costă să stochez 10 TB de seturi de date pe GCP pe lună?", "186,26 USD", "0,020 USD",
     "931,32 USD"),
])
def test_object_storage_at_its_own_rate(q: str, cost: str, rate: str, block: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.index(cost) < text.index(block), text  # the object rate leads, block after
    assert rate in text
    assert r.numbers.asked is not None
    assert r.numbers.asked.quantity == "storage_usd_per_month"


def test_s3_named_with_its_source() -> None:
    text = head(ask("How much to store a 140 GB model on AWS S3 per month?"))
    assert "S3 Standard" in text and "aws.amazon.com/s3/pricing" in text


def test_block_storage_unchanged() -> None:
    text = head(ask("How much to store 500 GB of checkpoints on AWS per month?"))
    assert "$40.00" in text and "object" not in text


@pytest.mark.parametrize(("q", "stopped", "network"), [
    ("How much does a stopped RunPod pod with a 500 GB volume disk cost per month while "
     "stopped?", "$100.00", "$35.00"),
    ("Cât costă un pod RunPod oprit cu un volum de 500 GB pe lună?", "100,00 USD", "35,00 USD"),
])
def test_stopped_runpod_volume(q: str, stopped: str, network: str) -> None:
    r = ask(q)
    text = head(r)
    assert text.index(stopped) < text.index(network), text
    assert r.numbers.asked is not None and r.numbers.asked.value == pytest.approx(100.0)
    assert catalog().providers_by_id["runpod"].stopped_storage_usd_per_gb_month == 0.2


@pytest.mark.parametrize(("q", "words"), [
    ("How much does it cost to train Llama 3.1 8B with LoRA on 50M tokens, including storage "
     "of checkpoints?", ("compute +", "storage of the weights and checkpoints", "in all")),
    ("Cât costă antrenarea Llama 3.1 8B cu LoRA pe 50M de tokeni, inclusiv stocarea "
     "checkpoint-urilor?", ("calcul +", "stocare a greutăților", "în total")),
])
def test_training_cost_with_storage(q: str, words: tuple[str, ...]) -> None:
    r = ask(q)
    text = head(r)
    assert r.numbers.asked is not None and r.numbers.asked.quantity == "per_job_usd"
    assert all(x in text for x in words), text


@pytest.mark.parametrize(("q", "none", "terms"), [
    ("How much does a 3-year reserved p5.48xlarge cost on AWS?",
     "no reserved price for the p5.48xlarge", "up to 72% off"),
    ("Cât costă un p5.48xlarge rezervat pe 3 ani la AWS?",
     "nu are niciun preț rezervat pentru p5.48xlarge", "up to 72% off"),
])
def test_reserved_instance_type(q: str, none: str, terms: str) -> None:
    text = head(ask(q))
    assert text.startswith(none[:0]) and none in text and terms in text
    assert text.index(none) < text.index("55")  # said before the on-demand price


@pytest.mark.parametrize(("q", "limit"), [
    ("Do GCP preemptible VMs have a maximum runtime?", "24 hours"),
    ("Au VM-urile preemptibile GCP o durată maximă de rulare?", "24 de ore"),
])
def test_gcp_preemptible_runtime(q: str, limit: str) -> None:
    r = ask(q)
    assert limit in head(r)
    assert r.numbers.asked is not None
    assert (r.numbers.asked.quantity, r.numbers.asked.value) == ("preemptible_max_runtime_h", 24)


def test_local_zone_is_its_own_region() -> None:
    from service.adapters.importers import _LOCAL_ZONE_ID

    assert _LOCAL_ZONE_ID.fullmatch("use1-atl2-az1")
    assert not _LOCAL_ZONE_ID.fullmatch("use1-az1")
    for o in catalog().offers:
        if o.provider == "aws":
            assert not any("atl2" in r and r.startswith("us-east-1") for r in o.regions), o.id


@pytest.mark.parametrize("q", [
    "What is the price of a p5.48xlarge per GPU-hour?",
    "Cât costă un p5.48xlarge pe oră?",
])
def test_local_zone_spot_not_us_east_1(q: str) -> None:
    r = ask(q)
    spot = next(s for s in r.answer.split(". ") if s.startswith("Spot"))
    assert "us-east-1" not in spot and "use1-atl2-az1" in spot
    assert "Local Zone" in r.answer


@pytest.mark.parametrize(("q", "price"), [
    ("How much does 140 GB on AWS S3 cost per month?", "$3.22"),
    ("Cât costă pe lună 140 GB în AWS S3?", "3,22 USD"),
])
def test_an_object_store_named_without_store_is_storage(q: str, price: str) -> None:
    # "140 GB on AWS S3" with no "store" verb was a guidance passage (review of fix/storage)
    assert price in head(ask(q))


def test_egress_from_s3_stays_egress() -> None:
    # a guard (passes on the base too): egress named, no storage month added
    h = head(ask("How much is egress from S3 for 5 TB?"))
    assert "$441.00" in h and "Storing" not in h
