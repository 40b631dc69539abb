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
import re
import string
from functools import lru_cache
from pathlib import Path

from . import grammar

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


def render(message, names=None, text_of=None, language: str = "en", strict: bool = False) -> str:
    """The message as a sentence. `names` maps seat → player name (a string or a `Phrase`);
    `text_of(id, args)` gives the template in the reader's language (English from the data files
    by default); `language` picks the grammar of its nouns (engine/grammar.py). `strict` raises
    where a lenient rendering would print a bare word: the tests render that way."""
    return str(_phrase(message, names, text_of, grammar.language_of(language), strict))


def _phrase(message, names, text_of, language: str, strict: bool):
    if isinstance(message, str):  # a line stored before texts became messages
        return message
    if not is_message(message):
        return str(message)
    args = message.get("args") or {}
    if message["id"] in LIST_SEPARATORS:
        return _render_list(message, names, text_of, language, strict)
    text = text_of(message["id"], args) if text_of else choose_plural(english(message["id"]), args)
    if text is None:
        if strict:
            raise grammar.GrammarError(f"unknown message id {message['id']}")
        return message["id"]
    values = {key: _arg(value, names, text_of, language, strict) for key, value in args.items()}
    try:
        out = possessives(_FORMATTER[strict].vformat(text, (), values), values.values())
    except (KeyError, IndexError, ValueError) as exc:
        if strict:
            raise grammar.GrammarError(f"{message['id']}: {exc!r} in {text!r}") from exc
        return text
    return grammar.Phrase(out, language, _features(message["id"], args, values, language), strict)


def _features(message_id: str, args: dict, values: dict, language: str) -> grammar.Features:
    """What a sentence knows of this message as a noun: its own grammar data, the grammar of its
    head argument ("{who}'s {card}" is a card), and the number of a counted text."""
    own = grammar.features(message_id, language) or grammar.Features()
    head = values.get(own.head) if own.head else None
    if isinstance(head, grammar.Phrase):
        found = head.grammar.copy()
        found.plural_text, found.head = None, None
        found.gender = own.gender or found.gender
        found.plural = own.plural or found.plural
        found.proper = own.proper or found.proper
        found.determined = own.determined or found.determined
        found.aspirated = own.aspirated or found.aspirated
        found.article = own.article or found.article
        return found
    if isinstance(english(message_id), dict) and args.get("n", 1) != 1:
        found = own.copy()
        found.plural = True
        return found
    return own


class _Formatter(string.Formatter):
    """str.format where a spec that its value cannot take prints the bare value (or raises, strict)."""

    def __init__(self, strict: bool):
        self.strict = strict

    def format_field(self, value, format_spec):
        try:
            return format(value, format_spec)
        except ValueError:
            if self.strict:
                raise grammar.GrammarError(f"{value!r} cannot take the form {format_spec!r}") from None
            return str(value)


_FORMATTER = {False: _Formatter(False), True: _Formatter(True)}


def _render_list(message, names, text_of, language, strict):
    items = [_arg(item, names, text_of, language, strict) for item in message["args"].get("items", [])]
    items = [item if isinstance(item, grammar.Phrase) else str(item) for item in items if str(item)]
    text = (text_of(message["id"], {}) if text_of else english(message["id"])) if len(items) > 1 else "{last}"
    return grammar.ListPhrase(items, LIST_SEPARATORS[message["id"]], text, language, strict)


def fill(template: str, args: dict, strict: bool = False) -> str:
    """A template filled with already rendered arguments (phrases keep their grammar)."""
    return possessives(_FORMATTER[strict].vformat(template, (), args), args.values())


_QUALIFIED = re.compile(r"^(.*\S) \([^()]*\)$")


def possessives(text: str, values) -> str:
    """A name with a qualifier in brackets ("Rooster (bot)", "alice (the Farmer bot standing
    in)") takes the English possessive on the name itself ("Rooster's Chick"), never glued to
    the bracket ("Rooster (bot)'s Chick"); the bracket says what the seat is wherever the name
    stands alone."""
    for value in values:
        if not isinstance(value, str) or not value.endswith(")"):
            continue
        m = _QUALIFIED.match(str(value))
        if m:
            for mark in ("'s", "’s"):
                text = text.replace(f"{value}{mark}", f"{m.group(1)}{mark}")
    return text


def render_arg(value, names=None, text_of=None, language: str = "en", strict: bool = False):
    return _arg(value, names, text_of, grammar.language_of(language), strict)


def _arg(value, names, text_of, language: str, strict: bool):
    if isinstance(value, dict) and set(value) == {"seat"}:
        n = value["seat"]
        if names is not None and isinstance(n, int) and 0 <= n < len(names) and names[n]:
            name = names[n]
            if isinstance(name, grammar.Phrase):
                return name
            return grammar.Phrase(str(name), language, grammar.Features("proper"), strict)
        return grammar.Phrase(f"Player {n + 1}" if isinstance(n, int) else str(n), language, grammar.Features("proper"), strict)
    if is_message(value):
        return _phrase(value, names, text_of, language, strict)
    if isinstance(value, list):  # a plain list: its items joined by commas
        items = [_arg(v, names, text_of, language, strict) for v in value]
        items = [item if isinstance(item, grammar.Phrase) else str(item) for item in items]
        return grammar.ListPhrase(items, ", ", "{head}, {last}", language, strict)
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
