"""A chat message as the page shows it: plain text escaped, line breaks kept, links made
clickable with rel="nofollow ugc noopener" (they lead off the site, written by anyone)."""

from django import template
from django.utils.html import escape, urlize
from django.utils.safestring import mark_safe

from ..chat import phrases

register = template.Library()

REL = 'rel="nofollow ugc noopener" target="_blank" '


def linked(text: str) -> str:
    # urlize escapes everything that is not a link; the only "<a " in its output are its own.
    html = urlize(text, nofollow=False, autoescape=True).replace("<a href=", "<a " + REL + "href=")
    return html.replace("\n", "<br>")


@register.filter
def chat_text(message):
    if message.phrase in phrases.PHRASES:
        return escape(phrases.text(message.phrase))
    return mark_safe(linked(message.text))
