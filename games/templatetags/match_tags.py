"""Template helpers shared by every game's board template."""

import json

from django import template

from games import texts
from games.texts import render

register = template.Library()


@register.filter
def action_json(action) -> str:
    """The action as JSON for a `data-action` attribute (autoescape makes it attribute-safe)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


@register.filter
def get_item(mapping, key):
    """`{{ d|get_item:k }}`: dict or list lookup with a variable key."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        try:
            return mapping[str(key)]
        except (KeyError, TypeError):
            return None


@register.filter
def message(value, players=None):
    """`{{ line|message:players }}`: an engine message (or an old plain line) in the reader's language."""
    return render(value, players)


@register.filter
def colon(label):
    """`{{ name|colon }}`: "Red:" in English, "Rouge :" (narrow no-break space) in French."""
    return texts.colon(label)


@register.simple_tag
def labelled(label, value):
    """`{% labelled name value %}`: "label: value" punctuated for the reader."""
    return texts.labelled(label, value)


@register.simple_tag
def colon_mark():
    """`<b>{{ name }}</b>{% colon_mark %}`: the colon after an element, spaced for the reader."""
    return texts.colon("")
