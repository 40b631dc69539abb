from django.core.management.base import BaseCommand

from accounts.models import User

DEMO = [("demo", "demo@example.com"), ("demo2", "demo2@example.com")]
PASSWORD = "chicken-island-demo"


class Command(BaseCommand):
    help = "Create the demo accounts (idempotent) for a local site."

    def handle(self, *args, **options):
        for username, email in DEMO:
            user, created = User.objects.get_or_create(username=username, defaults={"email": email})
            if created:
                user.set_password(PASSWORD)
                user.save()
        self.stdout.write(
            f"Demo accounts: {', '.join(u for u, _ in DEMO)} — password {PASSWORD!r}. "
            "Site: http://127.0.0.1:8000/"
        )
