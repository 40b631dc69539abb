"""A finished match's replay, one position at a time."""

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

import engine

from ..boards import drawn
from ..models import Match
from ..replays import checkpoints as replay_checkpoints
from ..replays import position as replay_position
from .match import visible_match


def replay(request, pk):
    """Step through a finished match one position at a time, as a spectator sees it.

    The buttons, slider and jump fetch only the position (an HTMX request); without script
    they are plain links and GET forms to the same address, so `?v=` names a position to share.
    """
    match, _viewer = visible_match(request, pk)
    if match.status not in (Match.Status.FINISHED, Match.Status.ABANDONED) or match.state is None:
        if match.status == Match.Status.ABANDONED:
            messages.info(request, _("This match never started: there is nothing to replay."))
        else:
            messages.info(request, _("The replay opens once the match is over."))
        return redirect(match)
    try:
        version = replay_position.version_asked(request.GET.get("v"), match.version)
    except ValueError:
        raise BadRequest("v is not a whole number") from None
    game = engine.get_game(match.game)
    view = game.view(replay_checkpoints.state_at(match, version), None)  # a spectator's: nothing hidden shown
    seats = list(match.seats.all())
    players = [s.display_name for s in seats]
    window = replay_position.log_window(match, version)
    context = {
        "match": match,
        "game": game,
        "seats": seats,
        **drawn(match.game, view, [], None, players),
        "version": version,
        "last": match.version,
        "steps": replay_position.steps(version, match.version),
        "current_turn": next((t for t in window if t.version == version), None),
        "window": window,
        "with_start": version <= replay_position.WINDOW,
    }
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "games/replay_board.html" if fragment else "games/replay.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request"])
    return response
