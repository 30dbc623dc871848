"""The offers' own names as a buyer writes them: a provider's instance type ("p5.48xlarge",
"a3-highgpu-8g", "gpu_1x_h100_sxm5") or a catalog offer id ("aws-p4d-24xlarge"), read in a
question's text. Made from the offers themselves (no list of names kept in code), once per
snapshot (:attr:`Catalog.instance_index`), so a reload with new offers reads their names.

A name is read only where it cannot be a GPU's or a model's: Daytona's "1x-H100" or Lium's
"B200_1x" are a count and a card as anyone writes them, and reading them as those providers'
machines would answer a GPU's price with one provider's row. A word shaped like the names of
a provider's line ("p9.99xlarge" beside "p5.48xlarge": the same letters, other digits) that
no offer has is reported as an unknown instance, never priced as something else."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from service.domain.catalog.offers import Offer

_WORD = re.compile(r"(?<![\w.:/-])[a-z0-9][a-z0-9._:\-]*+")
"""A word of a question that may be an instance's name: letters, digits and the dots,
underscores, dashes and colons the providers' names use ("p4d.24xlarge", "gpu_1x_a10")."""
_RO_SUFFIX = re.compile(r"-(?:ul|ului|uri|urile|urilor|ii|le)$")
"""A Romanian article joined to a name ("p5.48xlarge-ul")."""
_COUNT = re.compile(r"(?<![a-z0-9])\d{1,3}x(?![a-z0-9])|(?<![a-z0-9])x\d{1,3}(?![a-z0-9])"
                    r"|(?<=[a-z])x\d{1,3}$")
"""A count of GPUs in a name ("1x", "x8"): what a count-and-card name is left with without
it is a card."""


def _skeleton(name: str) -> str:
    """``name`` with every run of digits one mark: the shape of a provider's line
    ("p5.48xlarge" and "p9.99xlarge" are both "p#.#xlarge")."""
    return re.sub(r"\d++", "#", name)


def _worded(name: str) -> bool:
    """Whether ``name`` is written as one word with a letter, a digit and a joining mark
    ("p5.48xlarge", "a3-highgpu-8g"): the names a question can carry whole. Names with
    spaces or parentheses ("1x A100 (80 GB) (12 vCPU, ...)") are descriptions, not names
    anyone types."""
    return (len(name) >= 5 and _WORD.fullmatch(name) is not None
            and any(c.isdigit() for c in name) and any(c.isalpha() for c in name)
            and any(c in "._-:" for c in name))


@dataclass(frozen=True)
class InstanceIndex:
    """Offer ids by the lower-case name a question may write (instance types and offer
    ids), and the shapes of the instance types (:func:`_skeleton`) for the unknown ones."""

    by_name: Mapping[str, tuple[str, ...]]
    shapes: Mapping[str, tuple[str, ...]]
    """Shape -> the instance types of that shape, as the offers write them."""

    def read(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the names of ``text`` that an offer has, in the order written; the words shaped
        like an instance type that no offer has), each once."""
        found: list[str] = []
        unknown: list[str] = []
        for m in _WORD.finditer(text.lower()):
            word = m.group(0).rstrip(".:-_")
            for w in (word, _RO_SUFFIX.sub("", word)):
                if w in self.by_name:
                    if w not in found:
                        found.append(w)
                    break
            else:
                bare = _RO_SUFFIX.sub("", word)
                if (_worded(bare) and _skeleton(bare) in self.shapes and bare not in unknown
                        and any(c.isdigit() for c in bare)):
                    unknown.append(bare)
        return tuple(found), tuple(unknown)

    def like(self, name: str) -> tuple[str, ...]:
        """The instance types of ``name``'s shape ("p9.99xlarge": "p5.48xlarge", ...)."""
        return self.shapes.get(_skeleton(name), ())

    def offers(self, names: Iterable[str]) -> tuple[str, ...]:
        """The offer ids of ``names`` (as :meth:`read` gives them), each once."""
        return tuple(dict.fromkeys(i for n in names for i in self.by_name.get(n, ())))


def instance_index(offers: Iterable[Offer], is_card: Callable[[str], bool]) -> InstanceIndex:
    """The index of ``offers``' names; ``is_card`` tells a name that reads as a GPU or a
    model (the registry's names), which is never indexed (see the module docstring)."""
    by_name: dict[str, list[str]] = {}
    shapes: dict[str, list[str]] = {}
    for o in offers:
        names = [o.id.lower()]
        kind = o.instance_type.strip().lower()
        if _worded(kind) and not is_card(kind) and not is_card(_COUNT.sub(" ", kind)):
            names.append(kind)
            same = shapes.setdefault(_skeleton(kind), [])
            if o.instance_type.strip() not in same:
                same.append(o.instance_type.strip())
        for n in names:
            ids = by_name.setdefault(n, [])
            if o.id not in ids:
                ids.append(o.id)
    # a shape every word with digits has ("#.#", "#-#"): no line of names
    return InstanceIndex({k: tuple(v) for k, v in by_name.items()},
                         {s: tuple(v) for s, v in shapes.items()
                          if sum(c.isalpha() for c in s) >= 2})
