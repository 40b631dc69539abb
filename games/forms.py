from django import forms
from django.utils.translation import gettext_lazy as _

import engine

from .clocks import controls as C
from .lobby import pace as P
from .lobby.catalog import game_options
from .bot_names import bot_choice_label
from .models import Pace, Tournament
from .tournaments.designs import CUP_SIZES

OPEN = ""
CLOCK_CHOICES = [(key, C.CLOCK_NAMES[key]) for key in C.CLOCKS]


def _offer_rules(fields, g) -> None:
    """The game's presets and variants as choices, or no such field when the game has none."""
    fields["preset"].choices = [(p["id"], p["name"]) for p in game_options(g, "presets")]
    if not g.presets():
        del fields["preset"]
    fields["variants"].choices = [(v["id"], f'{v["name"]} — {v.get("description", "")}')
                                  for v in game_options(g, "variants")]
    if not g.variants():
        del fields["variants"]


class PaceLabel:
    """"Live — everyone is at the table now…": a pace with its meaning, translated when shown."""

    def __init__(self, pace: Pace):
        self.pace = pace

    def __str__(self):
        return f"{self.pace.label} — {P.MEANINGS[self.pace]}"


def _bots_by_level(g) -> list[str]:
    """The game's seat bots, its levels first from easy to strong, so the choice reads as one."""
    levelled = [b for b in g.levels().values() if b in g.seat_bots()]
    return levelled + [b for b in g.seat_bots() if b not in levelled]


def pace_field(blank_label) -> forms.ChoiceField:
    """A pace to choose, each with what it means to players; blank: the clock decides."""
    return forms.ChoiceField(
        label=_("Pace"),
        choices=[("", blank_label)] + [(p.value, PaceLabel(p)) for p in Pace],
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Live tables take the Fast clock, 1 day per move or no clock; "
                    "Fast tables a clock up to Standard or 3 days per move."),
    )


class NewMatchForm(forms.Form):
    """Create-a-match form for one game; its choices come from the engine's catalog."""

    game = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    preset = forms.ChoiceField(label=_("Rules"), required=False)
    variants = forms.MultipleChoiceField(
        label=_("Variants and house rules"), required=False, widget=forms.CheckboxSelectMultiple
    )
    island = forms.ChoiceField(label=_("Island"), required=False, widget=forms.RadioSelect)
    pace = pace_field(_("Set by the time control (a day a move or less: Fast; longer: Slow)"))
    clock = forms.ChoiceField(
        label=_("Time control"), choices=[("", _("The pace's usual clock"))] + CLOCK_CHOICES,
        initial="", required=False,
    )
    weekend_pause = forms.BooleanField(label=_("Clocks stop at the weekend"), required=False)
    rated = forms.BooleanField(label=_("Rated (people only)"), required=False)
    timeout_policy = forms.ChoiceField(
        label=_("When a player runs out of time"),
        choices=[("", _("Default: a bot stands in (casual) / the player loses (rated)")),
                 ("bot", _("A bot plays their seat until they return")),
                 ("lose", _("They lose"))],
        required=False,
    )
    private = forms.BooleanField(label=_("Private: only invited players or the secret link"), required=False)
    invite = forms.CharField(
        label=_("Invite players"), required=False, help_text=_("User names, separated by commas.")
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
        _offer_rules(self.fields, g)
        islands = game_options(g, "islands") if hasattr(g, "islands") else []
        self.fields["island"].choices = [(i["id"], f'{i["name"]} — {i.get("description", "")}') for i in islands]
        if islands:
            self.initial.setdefault("island", islands[0]["id"])
        else:
            del self.fields["island"]
        bot_choices = [(OPEN, _("Open seat for a person"))] + [(b, bot_choice_label(g.slug, b)) for b in _bots_by_level(g)]
        for seat in range(1, g.max_players):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(n)s") % {"n": seat + 1}, choices=bot_choices, required=False
            )

    def seat_fields(self):
        return [self[f"seat_{s}"] for s in range(1, self.game.max_players)]

    def match_arguments(self) -> dict:
        data = self.cleaned_data
        options = self.game.make_options(data.get("preset"), data.get("variants") or [])
        if data.get("island") and data["island"] != self.fields["island"].choices[0][0]:
            options["island"] = data["island"]  # the first island is the game's default
        players = data["players"]
        bots = {s: data.get(f"seat_{s}") for s in range(1, players) if data.get(f"seat_{s}")}
        return {
            "game_slug": self.game.slug,
            "players": players,
            "options": options,
            "bots": bots,
            "clock": data["clock"] or None,
            "pace": data["pace"] or None,
            "weekend_pause": data["weekend_pause"],
            "rated": data["rated"],
            "timeout_policy": data["timeout_policy"] or None,
            "private": data["private"],
            "invite": [n.strip() for n in data["invite"].split(",") if n.strip()],
        }


class QuickMatchForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int, choices=[(n, n) for n in range(2, 5)])
    clock = forms.ChoiceField(label=_("Time control"), choices=[c for c in CLOCK_CHOICES if c[0] != "none"])
    pace = pace_field(_("Set by the time control"))
    opponent = forms.ChoiceField(label=_("Opponent"), required=False, choices=[
        ("", _("A person near my rating")),
        ("easy", _("A bot, easy")),
        ("normal", _("A bot, normal")),
        ("strong", _("A bot, strong")),
    ])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in engine.all_games()]


class LobbyFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False)
    players = forms.TypedChoiceField(
        label=_("Players"), required=False, coerce=int, empty_value=None,
        choices=[("", _("any"))] + [(n, n) for n in range(2, 5)],
    )
    clock = forms.ChoiceField(label=_("Time control"), required=False, choices=[("", _("any"))] + CLOCK_CHOICES)
    pace = forms.ChoiceField(label=_("Pace"), required=False, choices=[("", _("any"))] + Pace.choices)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("any"))] + [(g.slug, g.name) for g in engine.all_games()]

    def apply(self, matches):
        if not self.is_valid():
            return matches
        data = self.cleaned_data
        if data.get("game"):
            matches = matches.filter(game=data["game"])
        if data.get("players"):
            matches = matches.filter(players=data["players"])
        if data.get("clock"):
            matches = matches.filter(time_control=data["clock"])
        if data.get("pace"):
            matches = matches.filter(pace=data["pace"])
        return matches


class TournamentForm(forms.Form):
    """New tournament: the choices follow the game and the table size (the cup sizes its
    seating designs offer); the service checks everything again and its refusals land here."""

    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices, widget=forms.RadioSelect,
                               initial=Tournament.Format.CUP)
    seats = forms.TypedChoiceField(label=_("Players at each table"), coerce=int)
    cup_size = forms.TypedChoiceField(label=_("Players in the cup"), coerce=int, required=False)
    swiss_cap = forms.IntegerField(label=_("Most players in the Swiss"), min_value=3, max_value=64, initial=16,
                                   required=False)
    rounds = forms.IntegerField(label=_("Rounds of the Swiss"), min_value=1, max_value=15, initial=5, required=False)
    starts_at = forms.DateTimeField(label=_("First round starts"), required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    round_days = forms.IntegerField(label=_("Days for each round"), min_value=1, max_value=30, initial=7)
    preset = forms.ChoiceField(label=_("Rules"), required=False)
    variants = forms.MultipleChoiceField(label=_("Variants and house rules"), required=False,
                                         widget=forms.CheckboxSelectMultiple)
    clock = forms.ChoiceField(label=_("Time control"), choices=[c for c in CLOCK_CHOICES if c[0] != "none"],
                              initial=C.DEFAULT_CLOCK)
    pace = forms.ChoiceField(label=_("Pace"), choices=Pace.choices, initial=Pace.SLOW)
    official = forms.BooleanField(label=_("Official (made by the staff)"), required=False)

    def __init__(self, *args, staff=False, **kwargs):
        super().__init__(*args, **kwargs)
        games = engine.all_games()
        self.fields["game"].choices = [(g.slug, g.name) for g in games]
        data = self.data if self.is_bound else self.initial  # the htmx re-render of a choice comes as initial
        self.game = next((g for g in games if g.slug == data.get("game")), games[0])
        g = self.game
        sizes = [n for n in range(max(2, g.min_players), g.max_players + 1) if CUP_SIZES.get(n)]
        if data.get("format") == Tournament.Format.SWISS and 2 in sizes:
            sizes = [2]  # a Swiss pairs two players a table
        self.fields["seats"].choices = [(n, n) for n in sizes]
        seats = self._number(data.get("seats"), 0)
        seats = seats if seats in sizes else (sizes[0] if sizes else 2)
        if not self.is_bound:
            self.initial["seats"] = seats
        self.fields["cup_size"].choices = [(n, n) for n in CUP_SIZES.get(seats, ())]
        _offer_rules(self.fields, g)
        if not staff:
            del self.fields["official"]

    @staticmethod
    def _number(value, default: int) -> int:
        try:
            return int(value)
        except (TypeError, ValueError):
            return default

    def clean(self):
        data = super().clean()
        if data.get("format") == Tournament.Format.SWISS:
            if data.get("seats") not in (None, 2):
                self.add_error("seats", _("A Swiss is played at tables of two."))
            for field in ("swiss_cap", "rounds"):
                if data.get(field) is None and field not in self.errors:
                    self.add_error(field, _("Give a number for a Swiss."))
        elif data.get("format") == Tournament.Format.CUP and not data.get("cup_size") and "cup_size" not in self.errors:
            self.add_error("cup_size", _("Choose how many players the cup has."))
        return data

    def arguments(self) -> dict:
        """The keyword arguments of games.tournaments.services.create."""
        data = self.cleaned_data
        swiss = data["format"] == Tournament.Format.SWISS
        args = {
            "game": self.game.slug,
            "format": data["format"],
            "seats": data["seats"],
            "entrants": data["swiss_cap"] if swiss else data["cup_size"],
            "rounds": data["rounds"] if swiss else 0,
            "options": self.game.make_options(data.get("preset"), data.get("variants") or []),
            "clock": data["clock"],
            "pace": data["pace"],
            "starts_at": data["starts_at"] if swiss else None,
            "round_days": data["round_days"],
            "name": data["name"].strip(),
        }
        if "official" in self.fields:
            args["official"] = data["official"]
        return args
