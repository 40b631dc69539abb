"""Notices and invitations on the pages: a game's title in the reader's language."""

from django import template

from .. import texts

register = template.Library()


@register.filter
def game_title(slug: str) -> str:
    return texts.game_title(slug)
