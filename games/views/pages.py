"""The pages around play: notices, leaderboards, the rules."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import engine

from ..boards import drawn
from ..notifications import onsite as notice_site
from ..players import profiles


@login_required
def notifications_page(request):
    """Newest notices first; showing them reads them all, so the header counts none."""
    if request.method == "POST":
        return redirect("notifications")
    rows = notice_site.page(request.user)  # marks them read: the header below counts none
    return render(request, "games/notifications.html",
                  {"rows": rows, "invitations": notice_site.open_invitations(request.user)})


def leaderboard(request, game):
    try:
        g = engine.get_game(game)
    except engine.IllegalAction:
        raise Http404(_("No such game.")) from None
    return render(request, "games/leaderboard.html", {"game": g, "rows": profiles.leaderboard(game)})


def rules(request, game):
    """How to play, for players: the printed rules made short, a picture drawn by the board code."""
    try:
        g = engine.get_game(game)
    except engine.IllegalAction:
        raise Http404(_("No such game.")) from None
    from ..templatetags.rules_tags import BLURBS, glossary

    if g.slug not in BLURBS:
        raise Http404(_("No rules page for this game."))
    players = [_("Player %(n)s") % {"n": n + 1} for n in range(g.min_players)]
    view = g.view(g.setup(1, g.min_players, {}), None)
    context = {"game": g, "glossary": glossary(g.slug), **drawn(g.slug, view, [], None, players)}
    return render(request, f"games/rules/{g.slug}.html", context)
