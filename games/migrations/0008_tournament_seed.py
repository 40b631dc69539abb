from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0007_pace_tournaments")]

    operations = [
        migrations.AddField(model_name="tournament", name="seed", field=models.BigIntegerField(default=0)),
    ]
