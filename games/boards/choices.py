"""What every board gives its choices: a name no other choice on the page shares.

Two copies of a card in hand, or two Hens in a flock, offer the same choice twice; each button
sits on its own card, but a screen reader would hear the same words twice. The repeats are
numbered in their accessible name ("Play Coyote Attack on bob (2 of 2)"), the visible label
stays as it is.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _


def distinct_names(entries: list[dict]) -> list[dict]:
    """Give each entry a `name` (its label unless already set), numbering the names that repeat."""
    for e in entries:
        e.setdefault("name", e["label"])
    counts = Counter(e["name"] for e in entries)
    seen: Counter = Counter()
    for e in entries:
        total = counts[e["name"]]
        if total > 1:
            seen[e["name"]] += 1
            e["name"] = _("%(name)s (%(n)s of %(total)s)") % {"name": e["name"], "n": seen[e["name"]], "total": total}
    return entries
