"""Award the achievements of finished matches (all of them, or those given): a backfill.

Safe to run any number of times: each award is recorded once per player and achievement.
"""

from django.core.management.base import BaseCommand

from games.achievements import award
from games.models import Match


class Command(BaseCommand):
    help = "Award the achievements earned in finished matches (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("matches", nargs="*", type=int, help="only these match ids")

    def handle(self, *args, **options):
        rows = Match.objects.filter(status=Match.Status.FINISHED)
        if options["matches"]:
            rows = rows.filter(pk__in=options["matches"])
        new = award.backfill(rows, out=self.stdout)
        self.stdout.write(f"{new} achievement(s) awarded.")
