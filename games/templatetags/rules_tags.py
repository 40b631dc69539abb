"""Each game's glossary, and a filter that links the rulebook's words in a prompt to it.

The glossary lives here (not in a data file) because both the word and its meaning must pass
through the translation catalog: a French prompt says "Bannière", so the link must look for
"Bannière".
"""

import re

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

register = template.Library()

# (anchor, word as printed in prompts, meaning) per game slug.
GLOSSARY = {
    "wfci": [
        ("banner", _("banner"), _("Your player board: dice you rolled and resources you own sit on it, and so do the humiliation tags you receive.")),
        ("stock", _("stock"), _("The four face-up machine cards anyone may build from.")),
        ("scroll", _("scroll"), _("A card from the scroll deck: a magic, a strategy or a catastrophe.")),
        ("pilot", _("pilot"), _("A chicken turned over to drive a machine; it comes back as a destroyed chicken when the machine is destroyed.")),
        ("humiliation", _("humiliation tag"), _("Put on a leader's banner when an attack on that leader succeeds. Tags decide who wins.")),
        ("leader", _("leader"), _("Your hero on the island. It is never destroyed in the standard rules: a successful attack on it gives a humiliation tag instead.")),
        ("shield", _("shield"), _("Stops one successful attack, then is removed.")),
        ("retrieve", _("Retrieve"), _("An action: take back destroyed chickens or resources (two things in the standard rules).")),
        ("build", _("Build"), _("An action: pay a stock machine's resources and pilots and put its miniature next to your base.")),
        ("claw", _("claw"), _("A die face: one extra Move or one extra Fight.")),
        ("star", _("star"), _("A die face: pays star costs on cards or buys star abilities.")),
        ("command", _("Command"), _("A row of the Challenger's solo card: each die in it activates its next unit.")),
        ("power", _("Power"), _("A row of the Challenger's solo card: each die in it adds +3 strength to its attacks this turn.")),
        ("challenger", _("Challenger"), _("The solo opponent: the island itself, moving by fixed rules and its dice.")),
    ],
    "chickenrun": [
        ("family", _("family"), _("Your three pyramids (small, medium, large) that chase the chickens.")),
        ("spectator", _("spectator"), _("A pyramid of the crowd: anyone may move it on a tied roll.")),
        ("capture", _("capture"), _("Putting a family member on the chicken of its own size.")),
        ("trample", _("trample"), _("Stepping onto smaller pyramids, which are stuck until uncovered.")),
        ("nest", _("nest"), _("Where your family starts.")),
    ],
    "chickendie": [
        ("flock", _("flock"), _("Your chickens in front of you: Chicks, Hens and specialty chickens.")),
        ("egg", _("Egg"), _("Collected from your hens; cash in 3 to draw a card or 6 for a Chick.")),
        ("chicken-die", _("Chicken Die"), _("The die everyone rolls at the end of their turn; a 6 kills one of your chickens.")),
    ],
    "barnyard": [
        ("general", _("general"), _("Your leader on the board; troops go under it, at most five.")),
        ("barn", _("barn"), _("Your home tile; it cannot be attacked, except by a Super Army.")),
        ("command-card", _("command card"), _("A one-use card played in your turn (some out of turn).")),
        ("super-army", _("Super Army"), _("All your generals merged into one army late in the game: it moves 3 and rolls 2 dice.")),
    ],
}


def glossary(slug: str) -> list[dict]:
    """The page's glossary, sorted by the word in the reader's language."""
    rows = [{"anchor": a, "word": str(w), "meaning": str(m)} for a, w, m in GLOSSARY.get(slug, [])]
    return sorted(rows, key=lambda r: r["word"].lower())


@register.filter
def rule_terms(text, slug) -> str:
    """`{{ line|rule_terms:game.slug }}`: the rulebook's words link to their glossary entry."""
    rows = sorted(glossary(slug), key=lambda r: -len(r["word"]))
    html = str(conditional_escape(text))
    if not rows:
        return mark_safe(html)
    url = reverse("rules", args=[slug])
    by_word = {escape(r["word"]).lower(): r for r in rows}
    pattern = re.compile(r"\b(" + "|".join(re.escape(escape(r["word"])) for r in rows) + r")(s?)\b", re.IGNORECASE)

    def link(m):
        row = by_word.get(m.group(1).lower())
        if row is None:
            return m.group(0)
        return f'<a class="term" href="{url}#g-{row["anchor"]}" title="{escape(row["meaning"])}">{m.group(0)}</a>'

    return mark_safe(pattern.sub(link, html))


BLURBS = {
    "wfci": _("Lead chickens and machines across a volcanic island and humiliate the other leaders. Alone against the Challenger, or with friends."),
    "chickenrun": _("Two families race to catch the barnyard's chickens while the crowd gets in the way."),
    "chickendie": _("Keep your flock alive against foxes, bird flu and the roll of the Chicken Die."),
    "barnyard": _("Chickens, cows, goats and pigs raise armies, harvest the farm and fight for it."),
}


@register.filter
def game_blurb(slug) -> str:
    """`{{ g.slug|game_blurb }}`: the lobby card's one line."""
    return str(BLURBS.get(slug, ""))
