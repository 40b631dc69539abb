"""Every engine message of every game, rendered in English and in French with representative
arguments, reads as a correct sentence.

What each placeholder takes is in the game's `data/arguments.json` (docs/i18n.md, "Writing a
message"): nouns of each gender and number, vowel-initial names, counts of 1 and more, nested
phrases. Each message is rendered with the first value of every kind, then with every other
value of one kind at a time, strictly (a form a noun cannot give, a missing argument or a
French noun without its gender fails), and each text is held to tests/wording.py.
"""

from __future__ import annotations

import json
import string
from functools import lru_cache
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

import engine
from engine import grammar, messages
from games import texts
from tests.wording import problems

ENGINE = Path(engine.__file__).resolve().parent
PO = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
GAMES = sorted(p.parent.parent.name for p in ENGINE.glob("*/data/messages.json"))
PEOPLE = ["Alix", "Bertrand", "Odile", "Kurt"]  # seats 0-3: names, one vowel-initial for elisions
DEPTH = 3


def folder(prefix: str) -> Path:
    return ENGINE / "data" if prefix == "engine" else ENGINE / prefix / "data"


@lru_cache(maxsize=None)
def schema(prefix: str) -> dict:
    path = folder(prefix) / "arguments.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"kinds": {}, "placeholders": {}, "messages": {}}


def fields(text) -> set[str]:
    texts_ = text.values() if isinstance(text, dict) else [text]
    return {f for t in texts_ for _, f, _, _ in string.Formatter().parse(t) if f}


def kind_of(prefix: str, message_id: str, placeholder: str) -> str | None:
    s = schema(prefix)
    return s["messages"].get(message_id, {}).get(placeholder) or s["placeholders"].get(placeholder)


def values(prefix: str, kind: str, depth: int) -> list:
    """The concrete arguments of a kind: messages get their own arguments filled in."""
    out = []
    for item in schema(prefix)["kinds"].get(kind, []):
        if isinstance(item, str) and item.startswith("@"):
            out += values(prefix, item[1:], depth)
        elif isinstance(item, dict) and "list" in item:
            pool = values(prefix, item["list"], depth)
            sizes = item.get("sizes", (1, 2, 3))
            out += [messages.listing("engine.list.and", pool[:size]) for size in sizes if len(pool) >= size]
        elif isinstance(item, dict) and "plain" in item:
            pool = values(prefix, item["plain"], depth)
            out += [pool[:size] for size in (1, 2) if len(pool) >= size]
        elif isinstance(item, str) and messages.known(item):
            out.append(message(item, depth + 1))
        else:
            out.append(item)
    return out


def base_args(message_id: str, depth: int) -> dict:
    prefix = message_id.split(".", 1)[0]
    args = {}
    for name in sorted(fields(messages.english(message_id))):
        kind = kind_of(prefix, message_id, name)
        pool = values(prefix, kind, depth) if kind and depth < DEPTH else []
        args[name] = pool[0] if pool else (1 if name == "n" else "x")
    return args


def message(message_id: str, depth: int = 0) -> dict:
    return messages.msg(message_id, **base_args(message_id, depth))


def variants(message_id: str):
    """The message with base arguments, then each other value of one placeholder at a time."""
    prefix = message_id.split(".", 1)[0]
    base = base_args(message_id, 0)
    yield base
    for name in sorted(base):
        kind = kind_of(prefix, message_id, name)
        for value in values(prefix, kind, 0)[1:] if kind else []:
            yield {**base, name: value}


def names() -> list:
    return [grammar.Phrase(n, grammar.language_of(translation.get_language()), grammar.Features("proper"), strict=True)
            for n in PEOPLE]


def every_id(prefix: str) -> list[str]:
    return sorted(messages.catalog(prefix))


@pytest.fixture(scope="module")
def french_catalog():
    catalog = {}
    for entry in polib.pofile(str(PO)):
        if not entry.obsolete and "fuzzy" not in entry.flags and entry.translated():
            catalog[(entry.msgctxt, entry.msgid)] = entry
    return catalog


def test_every_placeholder_has_a_kind():
    """A new placeholder needs a kind in arguments.json, so the test below can render it."""
    missing = []
    for prefix in ["engine", *GAMES]:
        for mid in every_id(prefix):
            if mid in messages.LIST_SEPARATORS:
                continue
            for name in fields(messages.english(mid)):
                kind = kind_of(prefix, mid, name)
                if kind is None or (kind not in schema(prefix)["kinds"]):
                    missing.append(f"{mid}: {{{name}}} ({kind})")
    assert missing == [], "placeholders without a kind in arguments.json:\n" + "\n".join(missing)


@pytest.mark.parametrize("prefix", ["engine", *GAMES])
def test_every_message_reads_well_in_english_and_french(prefix, french_catalog):
    wrong: list[str] = []
    for mid in every_id(prefix):
        english = messages.english(mid)
        source = english["one"] if isinstance(english, dict) else english
        if (mid, source) not in french_catalog:
            wrong.append(f"{mid}: no French in the catalog")
        if mid in messages.LIST_SEPARATORS:
            renders = [messages.listing(mid, PEOPLE[:size]) for size in (1, 2, 3)]
            args_list = []
        else:
            args_list = list(variants(mid))
            renders = [messages.msg(mid, **args) for args in args_list]
        for language in ("en", "fr"):
            with translation.override(language):
                seen = set()
                for m in renders:
                    try:
                        text = texts.render(m, names(), strict=True)
                    except grammar.GrammarError as exc:
                        wrong.append(f"{mid} [{language}]: {exc}")
                        break
                    if text in seen:
                        continue
                    seen.add(text)
                    for problem in problems(text, language):
                        wrong.append(f"{mid} [{language}]: {problem} — {text!r}")
    unique = list(dict.fromkeys(wrong))
    assert unique == [], f"{len(unique)} problems:\n" + "\n".join(unique[:80])
