"""The notification outbox: notices get an idempotency key and parameters, deliveries per
channel (push, e-mail) hang on them, devices subscribe to Web Push, a player can mute a match.

Notices stored before keep their text and get the key "legacy.<id>"; they were mailed (or
not) already, so they get no deliveries.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def legacy_keys(apps, schema_editor):
    Notification = apps.get_model("games", "Notification")
    for pk in Notification.objects.filter(key__isnull=True).values_list("pk", flat=True).iterator():
        Notification.objects.filter(pk=pk).update(key=f"legacy.{pk}")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_turn_notes'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Delivery',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('channel', models.CharField(choices=[('push', 'web push'), ('mail', 'e-mail')], max_length=4)),
                ('digest', models.BooleanField(default=False)),
                ('due_at', models.DateTimeField()),
                ('queued_at', models.DateTimeField(blank=True, null=True)),
                ('claimed_until', models.DateTimeField(blank=True, null=True)),
                ('attempts', models.PositiveSmallIntegerField(default=0)),
                ('outcome', models.CharField(blank=True, choices=[('', 'waiting'), ('sent', 'sent'), ('skipped', 'not needed'), ('failed', 'failed')], default='', max_length=8)),
                ('done_at', models.DateTimeField(blank=True, null=True)),
                ('how', models.CharField(blank=True, max_length=200)),
                ('last_error', models.CharField(blank=True, max_length=300)),
            ],
        ),
        migrations.CreateModel(
            name='PushSubscription',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('endpoint', models.URLField(max_length=1000, unique=True)),
                ('p256dh', models.CharField(max_length=200)),
                ('auth', models.CharField(max_length=100)),
                ('user_agent', models.CharField(blank=True, max_length=200)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('last_sent_at', models.DateTimeField(blank=True, null=True)),
            ],
        ),
        migrations.RemoveField(
            model_name='notification',
            name='emailed_at',
        ),
        migrations.RemoveField(
            model_name='notification',
            name='in_digest',
        ),
        migrations.AddField(
            model_name='notification',
            name='key',
            field=models.CharField(max_length=120, null=True, unique=True),
        ),
        migrations.RunPython(legacy_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='notification',
            name='key',
            field=models.CharField(max_length=120, unique=True),
        ),
        migrations.AddField(
            model_name='notification',
            name='on_site',
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name='notification',
            name='params',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='seat',
            name='muted',
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name='notification',
            name='created_at',
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name='notification',
            name='kind',
            field=models.CharField(choices=[('turn', 'your turn'), ('reminder', 'reminder'), ('timeout', 'time-out'), ('vacation', 'vacation'), ('bot', 'a bot took over a seat'), ('finished', 'game over'), ('invite', 'invitation'), ('rematch', 'rematch offer')], max_length=10),
        ),
        migrations.AlterField(
            model_name='notification',
            name='text',
            field=models.CharField(blank=True, max_length=300),
        ),
        migrations.AddIndex(
            model_name='notification',
            index=models.Index(fields=['user', '-created_at'], name='notice_by_user'),
        ),
        migrations.AddField(
            model_name='delivery',
            name='notice',
            field=models.ForeignKey(db_column='notice_key', on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='games.notification', to_field='key'),
        ),
        migrations.AddField(
            model_name='pushsubscription',
            name='user',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='push_subscriptions', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddIndex(
            model_name='delivery',
            index=models.Index(condition=models.Q(('outcome', '')), fields=['due_at'], name='delivery_pending'),
        ),
        migrations.AddConstraint(
            model_name='delivery',
            constraint=models.UniqueConstraint(fields=('notice', 'channel'), name='one_delivery_per_channel'),
        ),
    ]
