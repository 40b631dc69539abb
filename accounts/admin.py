from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + (
        ("Preferences", {"fields": ("time_zone", "notify_turn", "notify_reminders")}),
    )
    list_display = ("username", "email", "is_staff", "date_joined", "last_login")
