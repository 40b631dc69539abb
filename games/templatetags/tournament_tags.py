"""What the tournament pages and the match lists ask of a tournament: its name as people read it,
a match's place in it, and a cup's cross table from the report's rounds."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

import engine

register = template.Library()


@register.simple_tag
def tournament_name(name: str, game: str, format: str) -> str:
    """Its own name, else "Chicken Run cup" / "Chicken Run Swiss"."""
    if name:
        return name
    game_name = engine.get_game(game).name
    if format == "swiss":
        return _("%(game)s Swiss") % {"game": game_name}
    return _("%(game)s cup") % {"game": game_name}


@register.simple_tag
def tournament_round(match) -> str:
    """"Cup: Spring cup, round 2" for a tournament's match, "" for any other (the lobby, My
    matches and the match head say so)."""
    t = match.tournament if match.tournament_id else None
    if t is None:
        return ""
    name = tournament_name(t.name, t.game, t.format)
    if t.format == "swiss":
        return _("Swiss: %(name)s, round %(n)s") % {"name": name, "n": match.tournament_round}
    return _("Cup: %(name)s, round %(n)s") % {"name": name, "n": match.tournament_round}


def _score(mine: int, theirs: int) -> str:
    """One meeting seen from the row's player: 1 ahead, ½ level, 0 behind."""
    if mine < theirs:
        return "1"
    return "½" if mine == theirs else "0"


@register.simple_tag
def cross_table(report: dict) -> list[dict]:
    """Rows in standings order, one cell per other player: the results of their meetings ("1",
    "½", "0", "…" while a match is in play), the diagonal empty."""
    order = [s["player"] for s in report.get("standings") or []]
    order += [p for p in report.get("entrants") or [] if p not in order]
    meetings: dict[tuple[str, str], list[str]] = {}
    for rnd in report.get("rounds") or []:
        for m in rnd["matches"]:
            place = {p: i for i, group in enumerate(m["placement"] or []) for p in group}
            for a in m["players"]:
                for b in m["players"]:
                    if a != b:
                        mark = _score(place[a], place[b]) if a in place and b in place else "…"
                        meetings.setdefault((a, b), []).append(mark)
    return [{"player": a, "cells": [{"player": b, "self": a == b, "text": " ".join(meetings.get((a, b), []))}
                                    for b in order]} for a in order]


@register.filter
def game_name(slug: str) -> str:
    return engine.get_game(slug).name


@register.filter
def clock_name(key: str) -> str:
    from ..clocks.controls import CLOCK_NAMES

    return str(CLOCK_NAMES.get(key, key))
