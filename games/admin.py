from django.contrib import admin

from .models import Match, Seat, Turn


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "players", "status", "version", "updated_at")
    list_filter = ("game", "status")
    inlines = [SeatInline]
    readonly_fields = ("state", "version", "seed")


@admin.register(Turn)
class TurnAdmin(admin.ModelAdmin):
    list_display = ("match", "version", "seat", "text", "created_at")
    list_filter = ("match__game",)
