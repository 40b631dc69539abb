"""`manage.py verify_matches`: every stored match replays to its snapshot, and a tampered one
is reported."""

import pytest
from django.core.management import CommandError, call_command

from games.lobby import tables
from games.play import visibility, services
from games.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _played_match():
    hen = make_user("hen")
    match = tables.create_match(hen, "chickenrun", 2, bots={"1": "sensible"})
    for _ in range(6):
        services.play_bot_turns(match.pk)  # bot turns queue on commit, which a test never reaches
        match.refresh_from_db()
        if 0 not in match.to_act:
            break
        services.submit_action(match.pk, hen, visibility.match_payload(match, hen)["legal_actions"][0], match.version)
    return Match.objects.get(pk=match.pk)


def test_stored_matches_verify(capsys):
    match = _played_match()
    assert match.version > 0
    call_command("verify_matches")
    assert "1 matches checked, 0 mismatched." in capsys.readouterr().out


def test_a_snapshot_that_differs_from_its_log_is_reported(capsys):
    match = _played_match()
    state = dict(match.state, ply=match.state["ply"] + 1)
    Match.objects.filter(pk=match.pk).update(state=state)
    with pytest.raises(CommandError, match=str(match.pk)):
        call_command("verify_matches")
    assert f"match {match.pk} (chickenrun" in capsys.readouterr().out
