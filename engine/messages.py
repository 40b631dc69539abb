"""Texts as messages (DESIGN.md, "Texts"): engines never build sentences.

A prompt, a log line or a refusal is `{"id": "wfci.log.build", "args": {...}}`. The English
text of each id lives in its game's data file (`engine/<slug>/data/messages.json`, platform
ids in `engine/data/messages.json`); the site renders the same message in each reader's
language through its translation catalogs, with the id as the context. Rendering here gives
English only: for tests, self-play reports and clients that have no catalog.

Arguments are JSON values. Two shapes are special, so a sentence can name things the site
renders in the reader's language:
- `{"seat": n}`: a player; rendered as the player's name where known, else "Player n+1";
- `{"id": ..., "args": ...}`: a nested message, such as a card's name (`msg("wfci.card.x.name")`).

A text is a `str.format` template (`"{who} builds {machine} on {hex}."`), or for a count a
dict `{"one": ..., "other": ...}` chosen by the argument `n`.

A list of fragments is a message of a list id (`listing("engine.list.and", [...])`): its
text joins the leading items (`{head}`, with the id's separator) to the last one (`{last}`),
so "a, b and c" reads "a, b et c" in French.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_ROOT = Path(__file__).resolve().parent


def msg(id: str, **args) -> dict:
    """A message: the stable id and its JSON arguments."""
    return {"id": id, "args": args}


def seat(n: int) -> dict:
    """An argument naming a player by seat; each viewer's page puts the name in."""
    return {"seat": n}


# The separator between leading items of each list id; the text puts in the last one.
LIST_SEPARATORS = {"engine.list.and": ", ", "engine.list.or": ", ", "engine.list.sentences": " "}


def listing(id: str, items: list) -> dict:
    """A list message: items (messages or plain values) joined by the list id's text."""
    return msg(id, items=list(items))


def is_message(value) -> bool:
    return isinstance(value, dict) and isinstance(value.get("id"), str) and set(value) <= {"id", "args"}


def _catalog_file(prefix: str, language: str = "en") -> Path:
    name = "messages.json" if language == "en" else f"messages.{language}.json"
    if prefix == "engine":
        return _ROOT / "data" / name
    return _ROOT / prefix / "data" / name


@lru_cache(maxsize=None)
def catalog(prefix: str, language: str = "en") -> dict:
    """The texts of one game's ids (the id's first dotted part names the game) in a language;
    English is the source, other languages sit beside it (`messages.fr.json`)."""
    path = _catalog_file(prefix, language)
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def english(message_id: str):
    """The English text (or plural dict) of an id, or None when the id is unknown."""
    return catalog(message_id.split(".", 1)[0]).get(message_id)


def translated(message_id: str, language: str):
    """The text (or plural dict) of an id in another language, or None when it has none."""
    return catalog(message_id.split(".", 1)[0], language).get(message_id)


def known(message_id: str) -> bool:
    return english(message_id) is not None


def choose_plural(text, args: dict) -> str:
    if isinstance(text, dict):
        n = args.get("n", 1)
        return text["one"] if n == 1 else text["other"]
    return text


def render(message, names=None, text_of=None) -> str:
    """The message as a sentence. `names` maps seat → player name; `text_of(id, args)` gives the
    template in the reader's language (English from the data files by default)."""
    if isinstance(message, str):  # a line stored before texts became messages
        return message
    if not is_message(message):
        return str(message)
    args = message.get("args") or {}
    if message["id"] in LIST_SEPARATORS:
        return _render_list(message, names, text_of)
    text = text_of(message["id"], args) if text_of else choose_plural(english(message["id"]), args)
    if text is None:
        return message["id"]
    values = {key: render_arg(value, names, text_of) for key, value in args.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def _render_list(message, names, text_of) -> str:
    items = [str(render_arg(item, names, text_of)) for item in message["args"].get("items", [])]
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    text = text_of(message["id"], {}) if text_of else english(message["id"])
    head = LIST_SEPARATORS[message["id"]].join(items[:-1])
    return text.format(head=head, last=items[-1])


def render_arg(value, names=None, text_of=None):
    if isinstance(value, dict) and set(value) == {"seat"}:
        n = value["seat"]
        if names is not None and isinstance(n, int) and 0 <= n < len(names) and names[n]:
            return names[n]
        return f"Player {n + 1}" if isinstance(n, int) else str(n)
    if is_message(value):
        return render(value, names, text_of)
    if isinstance(value, list):
        return ", ".join(str(render_arg(v, names, text_of)) for v in value)
    return value


def ids_in(message) -> list[str]:
    """Every message id used in a message, nested ones included (for completeness checks)."""
    found: list[str] = []
    if is_message(message):
        found.append(message["id"])
        for value in (message.get("args") or {}).values():
            found.extend(ids_in(value))
    elif isinstance(message, list):
        for value in message:
            found.extend(ids_in(value))
    return found
