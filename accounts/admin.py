from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (
        ("Preferences", {"fields": ("time_zone", "language", "notify_prefs", "digest_hour", "quiet_start", "quiet_end")}),
    )
    list_display = ("username", "email", "is_staff", "date_joined", "last_login")
