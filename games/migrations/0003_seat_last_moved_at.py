from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill(apps, schema_editor):
    """Each seat's newest turn, so the notice rules read the same facts as before."""
    Seat, Turn = apps.get_model("games", "Seat"), apps.get_model("games", "Turn")
    newest = Turn.objects.filter(match_id=OuterRef("match_id"), seat=OuterRef("index")).order_by("-version")
    Seat.objects.update(last_moved_at=Subquery(newest.values("created_at")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_turn_message"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="last_moved_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
