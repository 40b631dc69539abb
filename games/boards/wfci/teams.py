"""The teams variant on the page: who plays with whom, in the teams' colours, and the result
said per team ("Red and Yellow win"). Drawn only when the view names the teams."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .labels import colour_letter, colour_name, seat_name


def _pair(a: str, b: str) -> str:
    return _("%(one)s and %(other)s") % {"one": a, "other": b}


def teams(view: dict, players: list, me: int | None) -> dict | None:
    """The two teams (members with names, colours and letters), the viewer's team, the result
    per team once the game is over, and for each seat its team and partner."""
    pairs = view.get("teams")
    if not isinstance(pairs, list) or len(pairs) != 2:
        return None
    out, by_seat = [], {}
    for n, seats in enumerate(pairs, start=1):
        members = [{"seat": s, "name": seat_name(players, s), "colour": colour_name(s), "letter": colour_letter(s),
                    "me": s == me} for s in seats]
        colours = _pair(*(m["colour"] for m in members))
        out.append({"n": n, "members": members, "colours": colours, "mine": me in seats})
        for m, partner in zip(members, reversed(members)):
            by_seat[m["seat"]] = {"n": n, "colours": colours, "partner": partner["name"],
                                  "partner_colour": partner["colour"]}
    return {"teams": out, "by_seat": by_seat, "result": result(view.get("outcome"), out)}


def result(outcome, teams_: list[dict]) -> str:
    """"Red and Yellow win", a draw, or both teams lose (expert: only catastrophes left)."""
    if not isinstance(outcome, dict):
        return ""
    winners = set(outcome.get("winners") or [])
    for team in teams_:
        if winners and winners <= {m["seat"] for m in team["members"]}:
            return _("%(team)s win") % {"team": team["colours"]}
    if not winners:
        return _("Both teams lose") if outcome.get("losers") else _("A draw between the teams")
    return ""


def mark(seat_models: list[dict], model: dict | None) -> None:
    """Give each seat panel its team and partner."""
    for p in seat_models:
        p["team"] = model["by_seat"].get(p["seat"]) if model else None
