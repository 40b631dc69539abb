"""What every text a player reads must respect, in English and in French (docs/i18n.md).

`problems(text, language)` lists what is wrong with a rendered text: a placeholder or a message
id shown as it is, a match named by its id, "a" before a vowel sound, "1" before a plural noun,
French high punctuation without its no-break space, straight quotes, a missing elision or
contraction ("de le", "la Unité"), English words left in a French text. The message test and the
page test both use it, so a rule is written once.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

NBSP = "\u00a0\u202f"

# Names as printed, which stay English in a French text and keep their own punctuation.
PROPER_NAMES = (
    "War for Chicken Island", "Chicken Island Online", "Chicken Island", "Chicken Run", "Chicken Die!",
    "Barnyard Generals", "Battle Cars", "Battle Car", "Eat Mor Chikin", "Foster Farms", "Looney Hollow",
    "Icehouse", "Treehouse", "Mecha Chickens", "Change Now!", "Rally!", "Glicko-2", "Glicko", "Elo", "HTMX",
    "JavaScript", "GitHub", "E-mail", "e-mail", "Web Push", "Django",
)

LEAKS = [
    (re.compile(r"\{[A-Za-z_]\w*(?::[^{}]*)?\}|\{\}"), "a placeholder"),
    (re.compile(r"%\(\w+\)[sdr]?"), "a placeholder"),
    (re.compile(r"\b(?:wfci|chickenrun|chickendie|barnyard|engine)\.[a-z0-9_]+\.[a-z0-9_.]+"), "a message id"),
    (re.compile(r"\b(?:wfci|chickenrun|chickendie|barnyard|race) #\d+"), "a match named by its id"),
    (re.compile(r"\b(?:None|True|False)\b(?!\.$| yet\b)"), "a Python value"),  # not "None." or "None yet."
]

# English: "a" before a vowel sound, "an" before a consonant sound.
ARTICLE = re.compile(r"(?<![\w'’-])([Aa]n?) ([+]?[\w’'-]+)")
CONSONANT_SOUND_VOWELS = re.compile(r"(?i)^(?:uni|use|usu|ute|uti|uk|ur[aeiou]|eu|ewe|one\b|once\b)")
VOWEL_SOUND_CONSONANTS = re.compile(r"(?i)^(?:hour|honest|honou?r|heir|8|11|18|80|8\d\b)")

ONE_PLURAL = re.compile(r"(?<![\w.,+-])1 ([A-Za-zÀ-ÿœŒ][\w’'-]*)")
PLURAL_WORDS = {"dice", "geese", "sheep", "chevaux", "gens"}
SINGULAR_S = {
    "bonus", "class", "pass", "status", "bois", "fois", "pas", "corps", "mois", "temps", "dos", "repos", "prix",
    "choix", "voix", "croix", "poids", "bras", "campus", "virus", "plus", "moins", "sous", "dans", "gras", "maïs", "avis",
    "relais", "souris", "héros", "puis", "après", "très",
    "progress", "less", "this", "is", "was", "has", "its", "his", "us", "as", "yes", "versus", "focus",
    "alias", "chaos", "process", "access", "success", "cross", "boss", "loss", "miss", "kiss",
}

FRENCH_PUNCTUATION = re.compile(r"(.)([:;?!])")
FRENCH_ELISION = re.compile(
    r"(?<![\w’'-])(de|le|la|que|ne|se|je|me|te|ce|jusque|lorsque|puisque) ([aeiouyàâäéèêëîïôöùûüœæ][\w’'-]*)",
    re.IGNORECASE,
)
FRENCH_CONTRACTION = re.compile(r"(?<![\w’'-])(de|à) (le|les) (?!(?:voir|prendre|placer|mettre|déplacer)\b)", re.IGNORECASE)
ELISION_EXCEPTIONS = {"un", "une", "uns", "unes", "onze", "ouate", "yaourt", "oui", "ouistiti", "yeti", "yéti"}
DOUBLED = re.compile(r"(?<![\w’'-])(the|a|an|le|la|les|de|des|du|un|une|to|of|à) \1(?![\w’'-])", re.IGNORECASE)
# "1 grass, 1 grass and 1 grass": one count per thing, summed
COUNTED_TWICE = re.compile(r"(?<![\w’'-])(\d+ [^\W\d]+)(?:, | and | et )(?:.*?(?:, | and | et ))?\1(?![\w’'-])")
NEVER = re.compile(r"(?!)")
BOT_IN_ENGLISH = {"fr": re.compile(r"\b(Random|Sensible|Farmer|Rooster|General|Skirmisher)(?: \d+)? \((?:robot|bot)\)")}
# "Rooster (bot)'s Chick": a possessive glued to a bracket
GLUED_POSSESSIVE = re.compile(r"\)['’]s(?![\w’'-])")
# "Soldat de pierre de Bleu (Bleu)": a word said again in brackets right after it
SAID_TWICE = re.compile(r"(?<![\w’'-])([^\W\d][\w’'-]*) \(\1\)")
# A French unit named without its article where a sentence needs one: as the subject of a verb
# ("Soldat de pierre de Bleu a attaqué…") or after a verb or "de" ("a attaqué Soldat de fer…").
FRENCH_UNITS = r"(?:Soldat|Golem|Poulet|Tour|Canon|Char|Leader)"
FRENCH_BARE_UNIT = (
    re.compile(rf"(?:^|[:;]\s?|\. )({FRENCH_UNITS}\b[^.;:!?()]*? (?:a|est|perd|reçoit|échoue|attaque)) "),
    re.compile(rf"(?<![\w’'-])((?:a attaqué|attaque|Attaque de|élimine|bat) {FRENCH_UNITS})\b"),
)
# Words of French that no English sentence has ("alice a abandonné." on an English page).
FRENCH_WORDS = re.compile(
    r"(?<![\w’'-])(a abandonné|abandonné|a perdu|au temps|une|avec|partie|est|sont|vous|votre|joueur|joueuse|"
    r"robot|tour de)(?![\w’'-])"
)
STACKED_ARTICLES = {
    "en": re.compile(r"(?<![\w’'-])(a|an|the) (a|an|the|your|their|its)(?![\w’'-])", re.IGNORECASE),
    "fr": re.compile(r"(?<![\w’'-])(le|la|les|un|une|des|du) (le|la|les|un|une|du|des|au|aux|l’|l')(?![\w-])",
                     re.IGNORECASE),
}
# Words of English that no French sentence needs (proper names are removed first).
ENGLISH_WORDS = re.compile(
    r"(?<![\w’'-])(the|and|with|your|yours|their|per|days?|hours?|minutes?|weeks?|moves?|turns?|players?|wins?|"
    r"of|is|are|you|this|that|from|by|waiting|choose|pick|step|steps|must|which|who|when|where|has|have|"
    r"chickens|chicken|attack|attacks|none|nothing|open|seat|round|rounds|draw|end|ends|takes?|plays?)"
    r"(?![\w’'-])",
)
PROMPT_NOUN = {"en": re.compile(r"\bYou must [A-Z]"), "fr": re.compile(r"\bVous devez [A-ZÀ-Ý]")}


def _vowel_sound(word: str) -> bool:
    word = word.lstrip("+'’")
    if not word:
        return False
    if VOWEL_SOUND_CONSONANTS.match(word):
        return True
    if word[0].isdigit():
        return False
    if CONSONANT_SOUND_VOWELS.match(word):
        return False
    if len(word) == 1 or word.isupper() and len(word) <= 3:  # letters read by name: "an F", "an HP"
        return word[0].upper() in "AEFHILMNORSX"
    return word[0].lower() in "aeiou"


def _plural(word: str, language: str) -> bool:
    lower = word.lower()
    if lower in PLURAL_WORDS:
        return True
    if lower in SINGULAR_S or len(lower) <= 2:
        return False
    if language == "en":
        return lower.endswith("s") and not lower.endswith(("ss", "us", "is"))
    return lower.endswith(("s", "x")) and not lower.endswith(("ss", "us"))


def _without_proper_names(text: str, names=()) -> str:
    for name in sorted((*PROPER_NAMES, *names), key=len, reverse=True):
        if name:
            text = text.replace(name, "Xq")
    return text


def problems(text: str, language: str, names=()) -> list[str]:
    """What is wrong with one text a reader sees; `names` are proper names it may contain
    (players, bots), which keep their own spelling."""
    found = []
    for pattern, what in LEAKS:
        for m in pattern.finditer(text):
            found.append(f"{what} {m.group(0)!r}")
    plain = _without_proper_names(text)
    for m in DOUBLED.finditer(plain):
        found.append(f"a doubled word {m.group(0)!r}")
    for m in COUNTED_TWICE.finditer(plain):
        found.append(f"a thing counted twice in one list {m.group(0)!r}")
    for m in BOT_IN_ENGLISH.get(language, NEVER).finditer(text):
        found.append(f"a bot named in English {m.group(0)!r}")
    for m in GLUED_POSSESSIVE.finditer(text):
        found.append(f"'s glued to a bracket {text[max(0, m.start() - 20):m.end() + 10]!r}")
    for m in SAID_TWICE.finditer(plain):
        found.append(f"a word said twice {m.group(0)!r}")
    for m in STACKED_ARTICLES[language].finditer(plain):
        found.append(f"two determiners {m.group(0)!r}")
    for m in ONE_PLURAL.finditer(plain):
        if _plural(m.group(1), language) and m.group(1) not in names:
            found.append(f"1 with a plural {m.group(0)!r}")
    m = PROMPT_NOUN[language].search(plain)
    if m:
        found.append(f"a prompt that is not a sentence {plain[m.start():m.start() + 30]!r}")
    if language == "en":
        for m in ARTICLE.finditer(plain):
            article, word = m.group(1).lower(), m.group(2)
            if word.lower() in ("xq",) or m.group(1) == "A" and re.search(r"[(,] $", plain[:m.start()]):
                continue  # a legend's letter: "(G grass, A apple)"
            if (article == "a") == _vowel_sound(word):
                found.append(f"{m.group(1)!r} before {word!r}")
        for m in FRENCH_WORDS.finditer(plain):
            found.append(f"French {m.group(0)!r} in {plain[max(0, m.start() - 25):m.end() + 25]!r}")
    else:
        found += _french_problems(text, plain)
    return found


def _french_problems(text: str, plain: str) -> list[str]:
    found = []
    for token in re.split(r"\s", plain):
        if "://" in token or re.search(r"\d:\d", token) or token.startswith(("/", "@")):
            continue
        for m in FRENCH_PUNCTUATION.finditer(token):
            before, mark = m.group(1), m.group(2)
            if before in NBSP or before in "?!" and mark in "?!":
                continue
            found.append(f"no no-break space before {mark!r} in {token!r}")
    for m in re.finditer(r"(^|[^" + NBSP + r"])([:;?!])", plain):
        if m.start(2) > 0 and plain[m.start(2) - 1] == " ":
            found.append(f"a plain space before {m.group(2)!r}: {plain[max(0, m.start() - 20):m.end() + 5]!r}")
    for m in re.finditer(r"«(.)|(.)»", plain):
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        if inner not in NBSP:
            found.append(f"« » without no-break spaces inside: {plain[max(0, m.start() - 10):m.end() + 10]!r}")
    for m in re.finditer(r"[\"“”]", plain):
        found.append(f"English quotes in French: {plain[max(0, m.start() - 15):m.end() + 15]!r}")
    for m in FRENCH_ELISION.finditer(plain):
        if m.group(2).lower() not in ELISION_EXCEPTIONS:
            found.append(f"no elision in {m.group(0)!r}")
    for m in FRENCH_CONTRACTION.finditer(plain):
        found.append(f"no contraction in {m.group(0)!r}")
    for m in ENGLISH_WORDS.finditer(re.sub(r"«[^»]*»", "«»", plain)):  # a quoted word is a literal
        found.append(f"English {m.group(0)!r} in {plain[max(0, m.start() - 25):m.end() + 25]!r}")
    for pattern in FRENCH_BARE_UNIT:
        for m in pattern.finditer(plain):
            found.append(f"a unit without its article {m.group(1)!r}")
    english_names = _english_names()
    if english_names:
        for m in english_names.finditer(plain):
            found.append(f"a game's name in English {m.group(0)!r} in {plain[max(0, m.start() - 25):m.end() + 25]!r}")
    return found


@lru_cache(maxsize=None)
def _english_names():
    """The English names of the games' cards, leaders and units whose French differs: a French
    page that shows one forgot to translate an engine name ("Brother Pecksworth")."""
    names = set()
    for path in (Path(__file__).resolve().parent.parent / "engine").glob("*/data/messages.json"):
        french_path = path.with_name("messages.fr.json")
        if not french_path.exists():
            continue
        english, french = (json.loads(f.read_text(encoding="utf-8")) for f in (path, french_path))
        for key, text in english.items():
            if (key.endswith(".name") and isinstance(text, str) and len(text) > 3 and
                    any(part in key for part in (".card.", ".unit.", ".leader."))
                    and isinstance(french.get(key), str) and french[key] != text and text not in PROPER_NAMES):
                names.add(text)
    if not names:
        return None
    return re.compile(r"(?<![\w’'-])(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                      + r")(?![\w’'-])")


INLINE = {"a", "abbr", "b", "bdi", "cite", "code", "em", "i", "kbd", "mark", "q", "s", "small", "span",
          "strong", "sub", "sup", "time", "u", "var", "wbr", "data", "dfn"}


class _Visible(HTMLParser):
    """The text of a page a reader sees or hears, one piece per block (a sentence with a link
    inside stays whole): text outside scripts and styles, and the titles, labels and
    alternatives that browsers and screen readers give."""

    ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "data-title", "aria-description")
    SKIP = {"script", "style", "template"}
    VOID = {"br", "hr", "img", "input", "meta", "link", "source", "area", "col", "embed", "param", "track"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.block: list[str] = []
        self.skipping = 0
        self.hidden = 0
        self.blocks: list[bool] = []

    def _flush(self):
        text = "".join(self.block)
        if text.strip():
            self.parts.append(text)
        self.block = []

    def handle_starttag(self, tag, attrs):
        if self.hidden:  # inside a decorative element (aria-hidden): count its open tags
            self.hidden += tag not in self.VOID
            return
        if dict(attrs).get("aria-hidden") == "true" and tag not in self.VOID:
            self.hidden = 1
            return
        if tag in self.SKIP:
            self.skipping += 1
        values = dict(attrs)
        block = tag not in INLINE or "v" in (values.get("class") or "").split()  # a log line's number
        if tag not in self.VOID:
            self.blocks.append(block)
        if block:
            self._flush()
        for name, value in attrs:
            if name in self.ATTRIBUTES and value:
                self.parts.append(value)
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"])

    def handle_startendtag(self, tag, attrs):
        if self.hidden or dict(attrs).get("aria-hidden") == "true":
            return
        self.handle_starttag(tag, attrs)
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_endtag(self, tag):
        if self.hidden:
            self.hidden -= 1
            return
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1
        block = self.blocks.pop() if self.blocks else tag not in INLINE
        if block:
            self._flush()

    def handle_data(self, data):
        if not self.skipping and not self.hidden:
            self.block.append(data)

    def close(self):
        super().close()
        self._flush()


def visible_texts(html: str) -> list[str]:
    """The page's texts, one per block or attribute, whitespace folded (not no-break spaces)."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return [re.sub(r"[ \t\r\n]+", " ", part).strip() for part in parser.parts if part.strip()]
