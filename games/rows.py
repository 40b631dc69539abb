"""Reading a match for a move or a page: the match, its seats and their players in one query,
under the match row lock when the caller is about to change it."""

from django.db.models import DateTimeField, Exists, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from .errors import NotFound
from .models import Match, Seat, Vacation


MAX_ID = 2**63 - 1  # a BigAutoField: a larger id in a URL names no match (and must not reach SQL)


def _known_id(match_id):
    if not 0 < int(match_id) <= MAX_ID:
        raise NotFound(_("No such match."))
    return match_id


def lock_match(match_id) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=_known_id(match_id))
    except Match.DoesNotExist:
        raise NotFound(_("No such match.")) from None


def match_id(match) -> int:
    return match.pk if isinstance(match, Match) else int(match)


def match_with_seats(match_id, lock: bool = False, now=None) -> Match:
    """The match with `match.seats.all()` already filled (seat.user too): one query.

    Each seat also says whether its player has a vacation that can touch its clock
    (`has_pauses`), so reading the clocks queries no vacations for everyone else.
    """
    _known_id(match_id)
    now = now or timezone.now()
    since = Coalesce(OuterRef("turn_started_at"), Value(now, output_field=DateTimeField()))
    pauses = Vacation.objects.filter(Q(end__isnull=True) | Q(end__gt=since), user_id=OuterRef("user_id"))
    rows = Seat.objects.filter(match_id=match_id).select_related("match", "user").annotate(has_pauses=Exists(pauses))
    if lock:
        rows = rows.select_for_update(of=("self", "match"))
    seats = list(rows.order_by("index"))
    if not seats:  # a match always has seats; fall back for one that has none
        match = lock_match(match_id) if lock else Match.objects.filter(pk=match_id).first()
        if match is None:
            raise NotFound(_("No such match."))
    else:
        match = seats[0].match
    for seat in seats:
        seat.match = match
    match._prefetched_objects_cache = {"seats": seats}
    return match

