"""Replay every stored match from its seed and turn log and compare with its snapshot.

For operators after a restore, a migration or an incident: a mismatch means the log and the
snapshot disagree (DESIGN.md, "The one write path": a replay must reproduce the snapshot).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from games.play import visibility
from games.models import Match


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class Command(BaseCommand):
    help = "Replay every stored match and report any whose snapshot differs from its log."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="only these matches (default: all started ones)")

    def handle(self, *args, ids=(), **options):
        matches = Match.objects.exclude(state=None).order_by("pk")
        if ids:
            matches = matches.filter(pk__in=ids)
        checked, bad = 0, []
        for match in matches.iterator():
            checked += 1
            try:
                ok = _same(visibility.replay(match), match.state)
                reason = "the replay differs from the snapshot"
            except Exception as exc:  # a log that no longer replays is a mismatch too
                ok, reason = False, f"the replay fails: {exc!r}"
            if not ok:
                bad.append(match.pk)
                self.stdout.write(f"match {match.pk} ({match.game}, version {match.version}): {reason}")
        self.stdout.write(f"{checked} matches checked, {len(bad)} mismatched.")
        if bad:
            raise CommandError(f"mismatched matches: {', '.join(map(str, bad))}")
