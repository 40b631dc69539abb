"""Every kind of page is at most 60 KB of HTML, before compression (issue 35)."""

import pytest

pytestmark = pytest.mark.django_db

CAP = 60 * 1024


def test_every_page_kind_weighs_at_most_60_kb(pages):
    heavy = [f"{p.kind}: {len(p.html):,} bytes ({len(p.html) / 1024:.1f} KB)" for p in pages if len(p.html) > CAP]
    assert not heavy, f"pages over {CAP:,} bytes:\n" + "\n".join(heavy)
