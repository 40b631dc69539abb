"""Notification preferences per kind and channel, quiet hours, when a player was last seen.

The old switches carry over: "no turn e-mails" and "no reminder e-mails" become those kinds'
e-mail off; a chosen digest hour (then: every e-mail in the digest) puts every kind's e-mail
in the digest at that hour.
"""

from django.db import migrations, models


KINDS = ("turn", "reminder", "timeout", "vacation", "bot", "finished", "invite", "rematch")


def carry_over(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.all().iterator():
        prefs = {}
        if user.digest_hour is not None:
            prefs = {kind: {"mail": "digest"} for kind in KINDS}
        if not user.notify_turn:
            prefs["turn"] = {"mail": "off"}
        if not user.notify_reminders:
            prefs["reminder"] = {"mail": "off"}
        if prefs:
            User.objects.filter(pk=user.pk).update(notify_prefs=prefs)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_user_language'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='last_seen_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='user',
            name='notify_prefs',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(carry_over, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='user',
            name='notify_reminders',
        ),
        migrations.RemoveField(
            model_name='user',
            name='notify_turn',
        ),
        migrations.AddField(
            model_name='user',
            name='quiet_end',
            field=models.PositiveSmallIntegerField(blank=True, choices=[(0, '00:00'), (1, '01:00'), (2, '02:00'), (3, '03:00'), (4, '04:00'), (5, '05:00'), (6, '06:00'), (7, '07:00'), (8, '08:00'), (9, '09:00'), (10, '10:00'), (11, '11:00'), (12, '12:00'), (13, '13:00'), (14, '14:00'), (15, '15:00'), (16, '16:00'), (17, '17:00'), (18, '18:00'), (19, '19:00'), (20, '20:00'), (21, '21:00'), (22, '22:00'), (23, '23:00')], null=True, verbose_name='quiet hours until'),
        ),
        migrations.AddField(
            model_name='user',
            name='quiet_start',
            field=models.PositiveSmallIntegerField(blank=True, choices=[(0, '00:00'), (1, '01:00'), (2, '02:00'), (3, '03:00'), (4, '04:00'), (5, '05:00'), (6, '06:00'), (7, '07:00'), (8, '08:00'), (9, '09:00'), (10, '10:00'), (11, '11:00'), (12, '12:00'), (13, '13:00'), (14, '14:00'), (15, '15:00'), (16, '16:00'), (17, '17:00'), (18, '18:00'), (19, '19:00'), (20, '20:00'), (21, '21:00'), (22, '22:00'), (23, '23:00')], help_text='No push or e-mail during these hours (your time zone): they wait until the end.', null=True, verbose_name='quiet hours from'),
        ),
        migrations.AlterField(
            model_name='user',
            name='digest_hour',
            field=models.PositiveSmallIntegerField(choices=[(0, '00:00'), (1, '01:00'), (2, '02:00'), (3, '03:00'), (4, '04:00'), (5, '05:00'), (6, '06:00'), (7, '07:00'), (8, '08:00'), (9, '09:00'), (10, '10:00'), (11, '11:00'), (12, '12:00'), (13, '13:00'), (14, '14:00'), (15, '15:00'), (16, '16:00'), (17, '17:00'), (18, '18:00'), (19, '19:00'), (20, '20:00'), (21, '21:00'), (22, '22:00'), (23, '23:00')], default=8, help_text='The e-mails you put in the digest come together once a day, at this hour.', null=True, verbose_name='daily digest at'),
        ),
    ]
