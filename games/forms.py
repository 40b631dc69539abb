from django import forms
from django.utils.translation import gettext_lazy as _

import engine

OPEN = ""


class NewMatchForm(forms.Form):
    """Create-a-match form for one game; its choices come from the engine's catalog."""

    game = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    preset = forms.ChoiceField(label=_("Rules"), required=False)
    variants = forms.MultipleChoiceField(
        label=_("Variants and house rules"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, game_slug=None, **kwargs):
        super().__init__(*args, **kwargs)
        games = engine.all_games()
        self.fields["game"].choices = [(g.slug, g.name) for g in games]
        slug = game_slug or (self.data.get("game") if self.is_bound else None) or games[0].slug
        self.game = next((g for g in games if g.slug == slug), games[0])
        self.initial.setdefault("game", self.game.slug)
        g = self.game
        self.fields["players"].choices = [(n, n) for n in range(g.min_players, g.max_players + 1)]
        self.initial.setdefault("players", g.min_players)
        self.fields["preset"].choices = [(p["id"], p["name"]) for p in g.presets()]
        if not g.presets():
            del self.fields["preset"]
        self.fields["variants"].choices = [(v["id"], f'{v["name"]} — {v.get("description", "")}') for v in g.variants()]
        if not g.variants():
            del self.fields["variants"]
        bot_choices = [(OPEN, _("Open seat for a person"))] + [(b, _("Bot: %(b)s") % {"b": b}) for b in g.bots()]
        for seat in range(1, g.max_players):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(n)s") % {"n": seat + 1}, choices=bot_choices, required=False
            )

    def seat_fields(self):
        return [self[f"seat_{s}"] for s in range(1, self.game.max_players)]

    def match_arguments(self) -> dict:
        data = self.cleaned_data
        options = self.game.make_options(data.get("preset"), data.get("variants") or [])
        players = data["players"]
        bots = {s: data.get(f"seat_{s}") for s in range(1, players) if data.get(f"seat_{s}")}
        return {"game_slug": self.game.slug, "players": players, "options": options, "bots": bots}
