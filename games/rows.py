"""Taking the match row lock: the only coordination any change to a match needs."""

from django.utils.translation import gettext as _

from .errors import NotFound
from .models import Match


def lock_match(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound(_("No such match.")) from None


def match_id(match) -> int:
    return match.pk if isinstance(match, Match) else int(match)
