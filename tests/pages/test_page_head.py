"""Every kind of page says what it is to search engines and link previews: a meta description,
in the reader's language (issue 35)."""

import re
from html import unescape

import pytest

pytestmark = pytest.mark.django_db

DESCRIPTION = re.compile(rb'<meta name="description" content="([^"]*)">')


def test_every_page_kind_has_a_description(pages):
    missing = [p.kind for p in pages if not (m := DESCRIPTION.search(p.html)) or len(m.group(1).strip()) < 30]
    assert not missing, "no meta description on: " + ", ".join(missing)


def test_descriptions_are_in_the_pages_language_and_name_the_page(pages):
    by_kind = {p.kind: unescape(DESCRIPTION.search(p.html).group(1).decode()) for p in pages}
    assert by_kind["rules chickenrun"].startswith("How to play Chicken Run")
    assert by_kind["rules chickenrun (fr)"].startswith("Comment jouer à Chicken Run")
    assert by_kind["player page"].startswith("bob ")
    assert by_kind["home"] != by_kind["log in"] != by_kind["sign up"]
