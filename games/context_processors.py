from .models import Match


def turn_badge(request):
    """How many of the user's matches wait on them, for the header on every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def count():
        matches = Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user).prefetch_related("seats")
        return sum(1 for m in matches if m.seat_of(user) in m.to_act)

    return {"my_turn_count": count}
