from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Achievement, ChatMessage, ChatReport, Match, Seat, Turn


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


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """The staff hide a message (nobody sees it any more) by ticking `hidden`, or in bulk."""

    list_display = ("id", "match", "author", "channel", "phrase", "text", "created_at", "hidden")
    list_filter = ("hidden", "channel")
    list_editable = ("hidden",)
    search_fields = ("text", "author__username")
    raw_id_fields = ("match", "author")
    actions = ["hide", "show"]

    @admin.action(description=_("Hide the selected messages"))
    def hide(self, request, queryset):
        queryset.update(hidden=True)

    @admin.action(description=_("Show the selected messages again"))
    def show(self, request, queryset):
        queryset.update(hidden=False)


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    """Players' reports, open ones first; hiding the message from here handles the report."""

    list_display = ("id", "created_at", "reporter", "author", "said", "match", "reason", "hidden", "handled")
    list_filter = ("handled", "message__hidden")
    list_select_related = ("message", "message__author", "reporter")
    raw_id_fields = ("message", "reporter")
    actions = ["hide_messages", "dismiss"]

    @admin.display(description=_("author"))
    def author(self, report):
        return report.message.author

    @admin.display(description=_("message"))
    def said(self, report):
        return report.message.phrase or report.message.text

    @admin.display(description=_("match"))
    def match(self, report):
        return report.message.match_id

    @admin.display(boolean=True, description=_("hidden"))
    def hidden(self, report):
        return report.message.hidden

    @admin.action(description=_("Hide the reported messages"))
    def hide_messages(self, request, queryset):
        ChatMessage.objects.filter(pk__in=queryset.values("message")).update(hidden=True)
        queryset.update(handled=True)

    @admin.action(description=_("Dismiss the reports (the messages stay)"))
    def dismiss(self, request, queryset):
        queryset.update(handled=True)


@admin.register(Achievement)
class AchievementAdmin(admin.ModelAdmin):
    list_display = ("user", "code", "match", "earned_at")
    list_filter = ("game", "code")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "match")
