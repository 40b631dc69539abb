"""The cards and the table rules, read from the data files beside this module.

Action cards are instances `cd-01`…`cd-60`, numbered in the order of `data/cards.json`. Eggs,
Chicks and Hens come from an unlimited supply (D-2), so they are counts and flock entries,
never instances.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
CHICK, HEN = "chick", "hen"


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    with (DATA / name).open(encoding="utf-8") as fh:
        return json.load(fh)


def rules() -> dict:
    return _load("rules.json")


@lru_cache(maxsize=None)
def card_types() -> dict[str, dict]:
    return {card["kind"]: card for card in _load("cards.json")["cards"]}


@lru_cache(maxsize=None)
def all_ids() -> tuple[str, ...]:
    ids = []
    for card in _load("cards.json")["cards"]:
        ids.extend([card["kind"]] * card["count"])
    return tuple(f"cd-{n:02d}" for n in range(1, len(ids) + 1))


@lru_cache(maxsize=None)
def _kinds() -> dict[str, str]:
    kinds = []
    for card in _load("cards.json")["cards"]:
        kinds.extend([card["kind"]] * card["count"])
    return dict(zip(all_ids(), kinds))


def kind(card_id: str) -> str:
    return _kinds()[card_id]


def info(card_id_or_kind: str) -> dict:
    """A card's data; a Chick or Hen from the supply is a plain card of category "supply"."""
    kind = _kinds().get(card_id_or_kind, card_id_or_kind)
    return card_types().get(kind) or {"kind": kind, "category": "supply", "tags": []}


def category(card_id: str) -> str:
    return info(card_id)["category"]


def has_tag(kind_or_id: str, tag: str) -> bool:
    return tag in info(kind_or_id)["tags"]


def is_instant(card_id: str) -> bool:
    return category(card_id) == "instant"


def card_view(card_id: str) -> dict:
    """A card the viewer may see: its instance id, kind and category."""
    card = info(card_id)
    return {"id": card_id, "kind": card["kind"], "category": card["category"]}
