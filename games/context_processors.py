from .models import Match, Notification


def turn_badge(request):
    """How many matches wait on the user, and unread notices, for the header on every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def my_turn_count():
        matches = Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user, seats__bot="")
        return sum(1 for m in matches.only("to_act").prefetch_related("seats") if m.seat_of(user) in m.to_act)

    def unread_count():
        return Notification.objects.filter(user=user, read_at__isnull=True).count()

    return {"my_turn_count": my_turn_count, "unread_count": unread_count}
