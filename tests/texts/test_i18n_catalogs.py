"""The French catalog stays complete: every site string and every engine message translated.

How the catalogs are made and kept is in docs/i18n.md.
"""

import os
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import polib
import pytest
from django.conf import settings

from games.management.commands import compile_catalogs, engine_messages

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w*(?=[:}])")  # a name, whatever form it asks ("{card:le}")


def entry_name(entry) -> str:
    return f"{entry.msgctxt}|{entry.msgid}" if entry.msgctxt else entry.msgid


def translations(catalog) -> dict:
    """(context, msgid) → the translated strings of every live, non-fuzzy, translated entry."""
    found = {}
    for entry in catalog:
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if entry.obsolete or "fuzzy" in entry.flags or not all(texts):
            continue
        found[(entry.msgctxt, entry.msgid)] = texts
    return found


@pytest.fixture(scope="module")
def french():
    return polib.pofile(str(PO))


def test_every_french_entry_is_translated_and_none_is_fuzzy(french):
    assert french.metadata.get("Language") == "fr"
    assert not french.metadata_is_fuzzy
    untranslated = [entry_name(e) for e in french.untranslated_entries()]
    fuzzy = [entry_name(e) for e in french.fuzzy_entries()]
    assert untranslated == [], f"{len(untranslated)} untranslated, e.g. {untranslated[:10]}"
    assert fuzzy == [], f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:10]}"


def test_translations_keep_every_placeholder(french):
    wrong = []
    for entry in french.translated_entries():
        sources = [entry.msgid, entry.msgid_plural] if entry.msgid_plural else [entry.msgid]
        expected = set(PLACEHOLDER.findall(" ".join(sources)))
        texts = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for text in texts:
            got = set(PLACEHOLDER.findall(text))
            # A singular may spell out its count ("une fois") instead of %(n)s.
            if got != expected and not (entry.msgid_plural and got <= expected):
                wrong.append(entry_name(entry))
    assert wrong == []


def test_the_compiled_catalog_matches_the_po_file(french):
    """The .mo the site loads is the .po compiled (`make catalogs`): no edit left uncompiled."""
    compiled = polib.mofile(str(MO))
    assert translations(compiled) == translations(french)


def test_compiling_writes_a_mo_file_django_reads(tmp_path):
    po = tmp_path / "django.po"
    shutil.copy(PO, po)
    mo = compile_catalogs.compile_catalog(po)
    assert translations(polib.mofile(str(mo))) == translations(polib.pofile(str(PO)))


def test_every_engine_message_has_its_english_text_and_a_french_one(french):
    known = translations(french)
    english = engine_messages.engine_messages()
    assert "engine.not_legal" in english
    missing = [mid for mid, text in english.items() if (mid, text["one"] if isinstance(text, dict) else text) not in known]
    assert missing == [], f"{len(missing)} engine messages without French, e.g. {missing[:10]}"


def test_every_game_s_messages_are_gathered():
    games = {path.parent.parent.name for path in engine_messages.message_files()}
    on_disk = {path.parent.parent.name for path in (ROOT / "engine").glob("*/data/messages.json")}
    assert on_disk <= games and "engine" in games


def test_the_generated_engine_texts_are_up_to_date():
    """games/engine_texts/ hands the engine ids to makemessages; `make messages` rewrites it."""
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in engine_messages.target().glob("*.py")}
    assert on_disk == engine_messages.sources()


def _copy_sources(dest: Path) -> None:
    for name in ("manage.py", "pyproject.toml"):
        shutil.copy(ROOT / name, dest / name)
    for name in ("accounts", "chickenisland", "engine", "games", "templates", "locale"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))


def test_makemessages_finds_no_string_without_french(tmp_path):
    """Runs makemessages on a copy of the sources: a new string in a template or in code that
    is not in the French catalog fails here, not on a French player's screen."""
    if not shutil.which("xgettext") or not shutil.which("msgmerge"):
        if os.environ.get("CI") == "true":
            pytest.fail("GNU gettext is missing (.ci/run installs it)")
        pytest.skip("needs GNU gettext's xgettext (apt-get install gettext; .ci/run does)")
    _copy_sources(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-obsolete", "-i", "tests", "-i", "bench"],
        cwd=tmp_path, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    fresh = polib.pofile(str(tmp_path / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    known = translations(polib.pofile(str(PO)))
    new = [entry_name(e) for e in fresh if not e.obsolete and (e.msgctxt, e.msgid) not in known]
    assert new == [], f"{len(new)} strings without French (run `make messages`, translate, `make catalogs`): {new[:10]}"


def test_the_games_own_french_is_the_catalog_s(french):
    """A game that ships messages.fr.json has its words in the catalog (`make messages` copies them)."""
    shipped = engine_messages.engine_messages("fr")
    known = translations(french)
    english = engine_messages.engine_messages()
    differ = []
    for mid, text in shipped.items():
        source = english.get(mid)
        if source is None:
            continue
        key = (mid, source["one"] if isinstance(source, dict) else source)
        want = [text["one"], text["other"]] if isinstance(text, dict) else [text]
        if known.get(key) != want:
            differ.append(mid)
    assert differ == [], f"{len(differ)} differ from messages.fr.json, e.g. {differ[:10]}"


def test_no_translated_word_hides_inside_an_f_string():
    """makemessages cannot see `_("...")` written inside an f-string, so such a word would never
    reach the catalog and would stay English for every reader."""
    hidden = []
    for folder in ("games", "accounts"):
        for path in (ROOT / folder).rglob("*.py"):
            with path.open(encoding="utf-8") as fh:
                for token in tokenize.generate_tokens(fh.readline):
                    if token.type == tokenize.STRING and re.match(r"(?i)r?f", token.string) and \
                            re.search(r"\b(_|gettext|ngettext|pgettext)\(", token.string):
                        hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert hidden == []
