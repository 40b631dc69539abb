from .models import Match, Seat
from .chat import inbox as chat_inbox
from .notifications import onsite as notice_site


def turn_badge(request):
    """How many matches wait on the user, unread notices and unread chat, for the header on every page."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def my_turn_count():
        # Only active matches whose turn is this player's own: not a seat a bot plays while they
        # are away or after they resigned, nor a match in the lobby or over.
        seats = Seat.objects.filter(
            user=user, bot="", away=False, forfeited=False, match__status=Match.Status.ACTIVE
        ).values_list("index", "match__to_act")
        return sum(1 for index, to_act in seats if index in (to_act or []))

    def unread_count():
        return notice_site.unread_count(user)

    def chat_unread_count():
        return chat_inbox.total_unread(user)

    return {"my_turn_count": my_turn_count, "unread_count": unread_count, "chat_unread_count": chat_unread_count}
