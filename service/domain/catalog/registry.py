"""The in-memory registry of models, GPUs and engines, with name resolution."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from service.domain.catalog.derived import Derived
from service.domain.catalog.engines import Engine, Engines
from service.domain.catalog.gpus import GPU, GpuFamily, GpuReading, UnlistedGpu
from service.domain.catalog.kernels import Kernels
from service.domain.catalog.kinds import kind_of_name, models_like, models_near
from service.domain.catalog.models import ModelEntry
from service.domain.catalog.names import NameIndex, norm, plain_gpu_name
from service.domain.fields import NAME_MAX


class Registry:
    def __init__(self, models: Sequence[ModelEntry], gpus: Sequence[GPU],
                 engines: Sequence[Engine] = (), kernels: Kernels | None = None,
                 readings: Sequence[GpuReading] = (),
                 unlisted: Sequence[UnlistedGpu] = (),
                 families: Sequence[GpuFamily] = ()) -> None:
        self.models = {m.id: m for m in models}
        self.gpus = {g.id: g for g in gpus}
        self.model_names = NameIndex("model")
        for m in models:
            self.model_names.add(m.id, [m.name, m.hf_repo, *m.aliases])
        # a model number alone is the RTX card's ("4090"), as /v1/ask reads "a 4090"
        self.gpu_names = NameIndex("gpu", number_prefix="rtx")
        for g in gpus:
            self.gpu_names.add(g.id, [g.name, *g.aliases], group=g.vendor)
        self.gpu_readings = {r.id: r for r in readings if r.gpu in self.gpus}
        """Names that stand for more than one product, each read as the card buyers rent
        under it (``catalog/gpus.toml`` ``[[reading]]``: "RTX 6000" is the RTX 6000 Ada, "MI300"
        the MI300X), by id; one whose card is not in the catalog is left out."""
        for r in self.gpu_readings.values():
            self.gpu_names.add_reading(r.gpu, r.id, r.names)
        self.unlisted_gpus = {u.id: u for u in unlisted}
        """Real accelerators the catalog has no entry for (``[[unlisted]]``: the MI250, the
        MI300A), by id: named, they are said to be missing, with the nearest cards."""
        for u in unlisted:
            near = [g for g in u.nearest if g in self.gpus]
            self.gpu_names.add_unlisted(
                u.id, [u.name, *u.aliases], near,
                f"{u.name} is not in the catalog" + (
                    f": an APU (CPU cores and a GPU sharing one memory), not the "
                    f"{self.gpus[u.sibling].name}" if u.kind == "apu" and u.sibling in self.gpus
                    else f": a different card from the {self.gpus[u.sibling].name}, whose "
                    "figures are not its own" if u.sibling in self.gpus else ""))
        self.gpu_families = {f.id: f for f in families
                             if f.gpu in self.gpus and f.other in self.gpus}
        """Cards sold in several memory sizes under one name (``catalog/gpus.toml``
        ``[[family]]``: "A100", "V100"), by id: one card's fit or speed reads the name as the
        family's ``gpu``; a price or a setup weighs every variant (:meth:`memory_family`)."""
        self._family_names = {norm(n): f for f in self.gpu_families.values() for n in f.names}
        self._family_cards = {g: f for f in self.gpu_families.values() for g in f.variants}
        self.engines = Engines(engines)
        """The inference engines (``catalog/engines.toml``) by id, with the defaulting rules."""
        self.kernels = kernels if kernels is not None else Kernels()
        """What runs where (``catalog/kernels.toml``): engine platforms and the kernel rules
        per engine x precision x GPU; empty: every combination runs."""
        self.derived = Derived()
        """Tables derived from the names (the entity extractor's), kept with the registry."""
        self.places: dict[str, str] = {}
        """Place words a question may write (``catalog/regions.toml`` [aliases]: "united
        states", "statele unite", "londra"), folded, -> the region filter value they stand for
        (a country code, a continent or a group id); set by the catalog loader, empty for a
        registry loaded without the regions."""
        self.provider_aliases: dict[str, str] = {}
        """Other names of the providers as ``catalog/providers.toml`` writes them ("DataCrunch",
        "Lambda Labs", "Google Cloud") -> the provider's id, in the file's order; set by the
        catalog loader, read by /v1/ask and Slack in a question as the providers filters read
        them (:attr:`Catalog.provider_names`)."""
        self.cities: frozenset[str] = frozenset()
        """The words of :attr:`places` that are cities (``catalog/regions.toml`` ``cities``:
        "london", "londra", "milan"), read in a question only where located; set by the
        catalog loader with :attr:`places`."""

    @property
    def conflicts(self) -> list[str]:
        return self.model_names.conflicts + self.gpu_names.conflicts

    def model(self, name: str) -> ModelEntry:
        return self.models[self.model_names.resolve(name, self.suggest_models)]

    def suggest_models(self, name: str, limit: int = 3) -> list[str]:
        """The model ids an unknown model's name may have meant, best first: where the name
        says what the model does (:func:`~service.domain.catalog.kinds.kind_of_name`: "xtts
        v2" speaks, "e5-large" embeds), the catalog's models that do the same (as /v1/ask's
        unknown-model answer names them), then those of the broader kind (audio, diffusion),
        each nearest in spelling first, never a model of another kind ("xtts v2" was offered
        deepseek-v2 and sd-2.1); else the nearest spellings of any model."""
        kind = kind_of_name(name)
        if kind is None:
            return self.model_names.suggest(name, limit)
        like = {m.id for m in models_like(self.models.values(), kind)}
        found = self.model_names.suggest(name, limit, among=like) if like else []
        near = {m.id for m in models_near(self.models.values(), kind)} - like
        if len(found) < limit and near:
            found += self.model_names.suggest(name, limit - len(found), among=near)
        return found

    def gpu(self, name: str) -> GPU:
        return self.gpus[self.gpu_names.resolve(name)]

    def gpu_reading(self, name: str) -> GpuReading | None:
        """The reading ``name`` is ("RTX 6000": the RTX 6000 Ada, also the Quadro RTX 6000),
        or None: a card's own name, alias or id reads as that card alone."""
        rid = self.gpu_names.reading(name)
        return self.gpu_readings.get(rid) if rid is not None else None

    def memory_family(self, name: str) -> GpuFamily | None:
        """The family of memory variants ``name`` names bare ("A100", "NVIDIA A100",
        "a100s"), or None: a name with a memory size or a form factor ("A100 80GB") is one
        card or a listing's set, never the family (catalog/gpus.toml ``[[family]]``)."""
        if len(name) > NAME_MAX:
            return None
        # asked by every sizing with a GPU: the answer per spelling, kept with this registry
        # (a reload makes a new one), so the name is not parsed again for each request
        return cast(tuple[GpuFamily | None], self.derived.lru(
            "registry.memory_family", 512).get_or_make(
            name, lambda: (self._memory_family(name),)))[0]

    def _memory_family(self, name: str) -> GpuFamily | None:
        key = norm(plain_gpu_name(name))
        found = self._family_names.get(key)
        if found is None and key.endswith("s"):
            found = self._family_names.get(key[:-1])  # "A100s"
        return found

    def family_of_card(self, gid: str) -> GpuFamily | None:
        """The ``[[family]]`` card ``gid`` is a variant of ("a100-sxm-80gb": the A100's)."""
        return self._family_cards.get(gid)

    def unlisted_gpu(self, name: str) -> UnlistedGpu | None:
        """The real accelerator the catalog lacks that ``name`` names ("MI250"), or None."""
        uid = self.gpu_names.unlisted(name)
        return self.unlisted_gpus.get(uid) if uid is not None else None

    def find_gpu_label(self, name: str) -> GPU | None:
        """The GPU a provider's or a source's label names, by the cards' own spellings only,
        never a buyer's reading: Lambda's and Seeweb's "RTX6000" is the Quadro RTX 6000,
        where a buyer's "RTX 6000" reads as the RTX 6000 Ada (:meth:`gpu_reading`)."""
        gid = self.gpu_names.lookup(name, readings=False)
        return self.gpus[gid] if gid else None

    def gpu_family(self, name: str) -> list[str]:
        """The GPU ids a family name stands for (``A100``: every A100 variant), sorted; empty
        when ``name`` is one GPU's id or name, or matches fewer than two variants. A single
        GPU lookup (:meth:`gpu`, sizing) still reads such a name as the variant its alias
        names; a listing filter matches them all."""
        found = self.derived.lru("registry.gpu_family", 512).get_or_make(
            name, lambda: tuple(self._gpu_family(name)))
        return [str(gid) for gid in cast(tuple[str, ...], found)]

    def _gpu_family(self, name: str) -> list[str]:
        key = norm(name)
        if any(key in (norm(g.id), norm(g.name)) for g in self.gpus.values()):
            return []
        found = self.gpu_names.variants(name)
        reading = self.gpu_reading(name)
        if reading is not None:
            # "RTX 6000": the card read and the others the name stands for, as listed
            found = sorted({*found, reading.gpu, *(g for g in reading.also if g in self.gpus)})
        return found if len(found) > 1 else []

    def one_gpu(self, name: str) -> GPU:
        """The one GPU ``name`` stands for wherever one card is sized (/v1/sizing's ``gpu``,
        /v1/ask's ``context.gpu``, as its question reads the name): the card its id, name or
        alias names, the maker's word in front or not ("NVIDIA H100" is "H100": the alias
        of the H100 SXM5, as "A100" is the A100 SXM4 40GB's; ``/v1/gpus/{id}`` answers the
        same card); a family name no alias names ("A100 SXM": the 40GB and the 80GB) its
        card with the least memory, what fits there fitting on the others (``/v1/gpus/{id}``
        lists them in a 404); anything else the NotFound with the nearest ids. A listing
        filter (/v1/offers ``gpu``, /v1/recommendations ``gpus``) reads a family as every
        card of it instead (:meth:`gpu_family`)."""
        found = self.find_gpu(name)
        if found is not None:
            return found
        family = [self.gpus[g] for g in self.gpu_family(name) if g in self.gpus]
        if family:
            return min(family, key=lambda g: (g.total_gib, g.id))
        return self.gpu(name)

    def find_gpu(self, name: str) -> GPU | None:
        gid = self.gpu_names.lookup(name)
        return self.gpus[gid] if gid else None

    def find_model(self, name: str) -> ModelEntry | None:
        mid = self.model_names.lookup(name)
        return self.models[mid] if mid else None
