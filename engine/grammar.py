"""Nouns that know their grammar, so one message reads right in English and in French.

A message names things through its arguments: a card, a unit, a resource, a player. When an
argument is rendered it becomes a `Phrase`: its text in the reader's language plus what a
sentence needs to know about it (docs/i18n.md, "Grammar"):

- English: the article ("a" or "an", from the sound of the first word unless the data says
  otherwise), the plural, whether it is a proper name ("Abigail", a player) or already
  determined ("your chicken", "Red's Golem") and so takes no article;
- French: gender, number, elision before a vowel or a mute h (le/la/l', du/de la/de l'/des,
  au/à la/à l'/aux), the plural, proper or determined.

A text asks for a form with a format spec after the placeholder's name:

    English  {card}      Iron Golem          French  {card}     Golem de fer
             {card:a}    an Iron Golem               {card:un}  un Golem de fer
             {card:the}  the Iron Golem              {card:le}  le Golem de fer / l'Éruption
             {card:pl}   Iron Golems                 {card:du}  du Golem de fer / de la Tour
             {who:The}   The Challenger / Alix       {card:au}  au Golem / à la Tour / à l'Unité
                                                     {who:de}   de Bleu / d'Alix
                                                     {card:pl}, {card:les}, {card:des}

A capital first letter in the spec capitalises the result (sentence starts); `{x:Cap}` only
capitalises. A spec with `|`
picks a word by the argument's grammar instead of printing it: English "singular|plural"
("{unit} {unit:is|are}"), French "masculine|feminine" or "m|f|m plural|f plural"
("éliminé|éliminée").

Which nouns have which features is data: `engine/<slug>/data/grammar.json` (English) and
`grammar.<language>.json`, keyed by message id:

    {"nouns": {"wfci.card.abigail.name": "proper f", "wfci.unit.machine": "head=card"},
     "plurals": {"wfci.card.iron_golem.name": "Golems de fer"}}

A feature string holds words separated by spaces: `m`/`f` (gender), `pl` (the text is plural),
`proper` (a name: no article), `det` (the text has its own determiner), `h` (an aspirated h: no
elision), `a`/`an` (English article where the sound rule is wrong) and `head=<argument>` (a
phrase message takes the features of that argument: "{who}'s {card}" is as feminine as its
card).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

_ROOT = Path(__file__).resolve().parent
LANGUAGES = ("en", "fr")
VOWELS = "aeiouyàâäéèêëîïôöùûüœæ"


class GrammarError(ValueError):
    """A text asks a form its argument cannot give (strict rendering, for the tests)."""


class Features:
    __slots__ = ("gender", "plural", "proper", "determined", "aspirated", "article", "head", "plural_text")

    def __init__(self, spec: str = "", plural_text: str | None = None):
        words = spec.split()
        self.gender = "f" if "f" in words else "m" if "m" in words else None
        self.plural = "pl" in words
        self.proper = "proper" in words
        self.determined = "det" in words
        self.aspirated = "h" in words
        self.article = "an" if "an" in words else "a" if "a" in words else None
        self.head = next((w[5:] for w in words if w.startswith("head=")), None)
        self.plural_text = plural_text
        unknown = [w for w in words if w not in {"f", "m", "pl", "proper", "det", "h", "an", "a"} and not w.startswith("head=")]
        if unknown:
            raise GrammarError(f"unknown grammar words {unknown} in {spec!r}")

    def copy(self) -> "Features":
        new = Features()
        for slot in self.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new


def _grammar_file(prefix: str, language: str) -> Path:
    name = "grammar.json" if language == "en" else f"grammar.{language}.json"
    return (_ROOT / "data" / name) if prefix == "engine" else (_ROOT / prefix / "data" / name)


@lru_cache(maxsize=None)
def table(prefix: str, language: str) -> dict:
    """The grammar of one game's nouns in a language: message id → Features."""
    path = _grammar_file(prefix, language)
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    plurals = data.get("plurals", {})
    out = {mid: Features(spec, plurals.get(mid)) for mid, spec in data.get("nouns", {}).items()}
    for mid, text in plurals.items():
        out.setdefault(mid, Features("", text))
    return out


def features(message_id: str, language: str) -> Features | None:
    return table(message_id.split(".", 1)[0], language).get(message_id)


# ------------------------------------------------------------------ phrases


class Phrase(str):
    """A rendered argument: its text, and the grammar that the spec of a placeholder uses."""

    language: str
    grammar: Features
    strict: bool

    def __new__(cls, text: str, language: str = "en", grammar: Features | None = None, strict: bool = False):
        phrase = super().__new__(cls, text)
        phrase.language = language if language in RULES else "en"
        phrase.grammar = grammar or Features()
        phrase.strict = strict
        return phrase

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if "|" in spec:
            return RULES[self.language].choose(self, spec.split("|"))
        form = spec.lower()
        out = str(self) if form == "cap" else RULES[self.language].form(self, form)
        if out is None:
            if self.strict:
                raise GrammarError(f"no {spec!r} form in {self.language} for {str(self)!r}")
            out = str(self)
        return capitalise(out) if spec[0].isupper() else out

    def plural_text(self) -> str:
        if self.grammar.plural:
            return str(self)
        if self.grammar.plural_text:
            return self.grammar.plural_text
        return RULES[self.language].pluralise(str(self))

    def needs_gender(self) -> str:
        if self.grammar.gender is None:
            if self.strict:
                raise GrammarError(f"{str(self)!r} has no gender in {self.language}")
            return "m"
        return self.grammar.gender


class ListPhrase(Phrase):
    """Items joined by a list message ("a, b and c"): a spec applies to each item."""

    items: list
    pattern: tuple

    def __new__(cls, items: list, head_sep: str, last: str, language: str = "en", strict: bool = False):
        text = _join([str(i) for i in items], head_sep, last)
        grammar = Features("pl" if len(items) > 1 else "")
        genders = {getattr(getattr(i, "grammar", None), "gender", None) for i in items}
        grammar.gender = "f" if genders == {"f"} else "m"
        if len(items) == 1 and isinstance(items[0], Phrase):
            grammar = items[0].grammar
        phrase = super().__new__(cls, text, language, grammar, strict)
        phrase.items, phrase.pattern = items, (head_sep, last)
        return phrase

    def __format__(self, spec: str) -> str:
        if not spec or "|" in spec:
            return super().__format__(spec)
        parts = [format(item, spec if n == 0 else spec.lower()) if isinstance(item, Phrase) else str(item)
                 for n, item in enumerate(self.items)]
        return _join(parts, *self.pattern)


def _join(items: list[str], head_sep: str, last: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return last.format(head=head_sep.join(items[:-1]), last=items[-1])


def capitalise(text: str) -> str:
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text


def first_word(text: str) -> str:
    m = re.search(r"[\w+]+", text)
    return m.group(0) if m else ""


# ------------------------------------------------------------------ languages


class English:
    SPECS = ("a", "the", "pl")
    CONSONANT_SOUNDS = re.compile(r"(?i)^(?:uni|use|usu|uti|ute|eu|ewe|one\b|once\b|ur[aeiou])")
    VOWEL_SOUNDS = re.compile(r"(?i)^(?:hour|honest|honou?r|heir|8|11|18)")
    IRREGULAR = {"die": "dice", "sheep": "sheep", "goose": "geese", "hay": "hay", "corn": "corn", "grass": "grass",
                 "wood": "wood", "stone": "stone", "metal": "metal", "chick": "chicks", "chicken": "chickens"}

    def an(self, phrase: Phrase) -> bool:
        if phrase.grammar.article:
            return phrase.grammar.article == "an"
        word = first_word(str(phrase))
        if not word or word[0] == "+":
            return False
        if self.VOWEL_SOUNDS.match(word):
            return True
        if word[0].isdigit() or self.CONSONANT_SOUNDS.match(word):
            return False
        return word[0].lower() in "aeiou"

    def form(self, phrase: Phrase, form: str) -> str | None:
        g = phrase.grammar
        bare = g.proper or g.determined
        if form == "the":
            return str(phrase) if bare else f"the {phrase}"
        if form == "a":
            if bare or g.plural:
                return str(phrase)
            return f"{'an' if self.an(phrase) else 'a'} {phrase}"
        if form == "pl":
            return phrase.plural_text()
        return None

    def choose(self, phrase: Phrase, options: list[str]) -> str:
        if len(options) != 2:
            raise GrammarError(f"English picks between singular|plural, not {options}")
        return options[1 if phrase.grammar.plural else 0]

    def pluralise(self, text: str) -> str:
        words = text.split(" ")
        last = words[-1]
        lower = last.lower()
        if lower in self.IRREGULAR:
            new = self.IRREGULAR[lower]
            new = new[0].upper() + new[1:] if last[0].isupper() else new
        elif re.search(r"(s|x|z|ch|sh)$", lower):
            new = last + "es"
        elif re.search(r"[^aeiou]y$", lower):
            new = last[:-1] + "ies"
        else:
            new = last + "s"
        return " ".join(words[:-1] + [new])


class French:
    SPECS = ("le", "un", "du", "de", "au", "pl", "les", "des", "que")
    # Words whose h is aspirated (no elision before them): "le Hardi", "la Hache".
    ASPIRATED = {"hache", "hardi", "hasard", "haut", "haute", "héros", "hibou", "homard", "honte", "hurricane",
                 "hameau", "hangar", "harpe", "hérisson", "huit", "hutte"}

    def elides(self, phrase: Phrase | str) -> bool:
        text = str(phrase).lstrip("«\u202f\u00a0 ")
        if not text:
            return False
        if isinstance(phrase, Phrase) and phrase.grammar.aspirated:
            return False
        first = text[0].lower()
        if first == "h":
            return first_word(text).lower() not in self.ASPIRATED
        return first in VOWELS and first_word(text).lower() not in {"onze", "oui", "ouate", "yaourt"}

    def form(self, phrase: Phrase, form: str) -> str | None:
        g = phrase.grammar
        bare = g.proper or g.determined
        text = str(phrase)
        plural = g.plural
        if form in ("les", "des", "pl"):
            if bare:
                return None if form == "pl" else self.form(phrase, "le" if form == "les" else "du")
            text, plural = phrase.plural_text(), True
            form = {"les": "le", "des": "un", "pl": ""}[form]
            if not form:
                return text
        if form == "de":
            return self._de(text, phrase)
        if form == "que":
            return f"qu'{text}" if self.elides(phrase) else f"que {text}"
        if bare:
            if form == "du":
                return self._de(text, phrase)
            if form == "au":
                return self._contract("à", text)
            return text
        elide = self.elides(phrase if text == str(phrase) else text)
        if plural:
            return {"le": "les ", "un": "des ", "du": "des ", "au": "aux "}[form] + text
        gender = phrase.needs_gender()
        if form == "un":
            return ("une " if gender == "f" else "un ") + text
        if elide:
            return {"le": "l'", "du": "de l'", "au": "à l'"}[form] + text
        if gender == "f":
            return {"le": "la ", "du": "de la ", "au": "à la "}[form] + text
        return {"le": "le ", "du": "du ", "au": "au "}[form] + text

    def _de(self, text: str, phrase: Phrase) -> str:
        if text.startswith(("le ", "les ")):
            return self._contract("de", text)
        return f"d'{text}" if self.elides(phrase if text == str(phrase) else text) else f"de {text}"

    @staticmethod
    def _contract(word: str, text: str) -> str:
        """à or de before a name that carries its own article: à le → au, de les → des."""
        for article, forms in (("le ", {"à": "au ", "de": "du "}), ("les ", {"à": "aux ", "de": "des "})):
            if text.startswith(article):
                return forms[word] + text[len(article):]
        return f"{word} {text}"

    def choose(self, phrase: Phrase, options: list[str]) -> str:
        if len(options) not in (2, 4):
            raise GrammarError(f"French picks between masculine|feminine (and their plurals), not {options}")
        index = 1 if phrase.needs_gender() == "f" else 0
        if len(options) == 4 and phrase.grammar.plural:
            index += 2
        return options[index]

    def pluralise(self, text: str) -> str:
        """The plural of a noun phrase: its head (the words before a preposition) takes the mark."""
        words = text.split(" ")
        stop = next((i for i, w in enumerate(words) if i and (w in ("de", "du", "des", "à", "au", "aux", "en")
                                                            or w.startswith(("d'", "l'")))), len(words))
        return " ".join([self.pluralise_word(w) for w in words[:stop]] + words[stop:])

    @staticmethod
    def pluralise_word(word: str) -> str:
        lower = word.lower()
        if not word or not word[0].isalpha() or lower.endswith(("s", "x", "z")):
            return word
        if lower.endswith(("eau", "au", "eu")) and lower not in ("pneu", "bleu"):
            return word + "x"
        if lower.endswith("al") and lower not in ("bal", "carnaval", "festival", "chacal", "récital"):
            return word[:-2] + "aux"
        return word + "s"


RULES = {"en": English(), "fr": French()}


def language_of(code: str | None) -> str:
    """The grammar language for a Django language code ("fr-ca" → "fr")."""
    base = (code or "en").split("-")[0].lower()
    return base if base in RULES else "en"
