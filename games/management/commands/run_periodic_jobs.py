from django.core.management.base import BaseCommand

from games.tasks import PERIODIC_JOBS


class Command(BaseCommand):
    help = "Run each periodic job once (for cron-driven sites and tests)."

    def add_arguments(self, parser):
        parser.add_argument("jobs", nargs="*", help="only these jobs (default: all)")

    def handle(self, *args, jobs=(), **options):
        for name, task in PERIODIC_JOBS.items():
            if jobs and name not in jobs:
                continue
            result = task.apply().get()
            self.stdout.write(f"{name}: {result}")
