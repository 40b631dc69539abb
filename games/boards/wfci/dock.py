"""What the decision bar holds besides the prompt, and which tab under the island opens first.

The bar is the one part of the screen always in view, so the decision's own pieces go there
when they are not on the island: the dice while you roll or reroll, the cards when a card is
all you can choose (a fight's scroll, a discard, a leader). Everything else lives in the tabs,
and the tab holding a choice is the one open.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from .labels import SHORT_PAYS, STAR_WORDS, card_name, die_icon, face_name, payment, resource_name

STAR_COST = {k: cost for k, (cost, _words) in STAR_WORDS.items()}

TABS = ("cards", "fight", "you", "players", "island", "log")


def dice(view: dict, me: int | None, placed: dict) -> list[dict]:
    """Your banner dice as toggles, while picking them is part of the decision."""
    if me is None or not placed["die"]:
        return []
    seat = (view.get("seats") or [])[me]
    selected = set((view.get("turn") or {}).get("selected") or [])
    out = []
    banner = seat.get("banner") or []
    for n, d in enumerate(banner, start=1):
        icon = die_icon(d.get("face"))
        out.append({**icon, "id": d.get("id"), "selected": d.get("id") in selected, "n": n,
                    "entry": placed["die"].get(d.get("id"))})
    on_units = [k for k in placed["die"] if k not in {d.get("id") for d in banner}]
    for n, die in enumerate(sorted(on_units), start=len(banner) + 1):  # a +1 die resting on a unit
        out.append({**die_icon("1"), "id": die, "selected": die in selected, "n": n, "entry": placed["die"][die],
                    "on_unit": True})
    return out


def card_only(placed: dict) -> bool:
    """A decision taken on cards alone: no choice on the island."""
    return bool(placed["card"]) and not (placed["hex"] or placed["stack"] or placed["unit"])


def chips(view: dict, placed: dict, cards_by_id: dict) -> list[dict]:
    """The card choices as buttons for the bar, each showing its card's name. Screen readers
    hear the verb before it and, for copies of one card, which copy ("Play Rally! (2 of 2)")."""
    verbs = {"play_scroll": _("Play"), "discard_scroll": _("Discard"), "choose_leader": _("Lead with"),
             "challenger_leader": _("Give the Challenger"), "build": _("Build"), "activate": _("Use")}
    out = []
    for cid, entries in placed["card"].items():
        c = cards_by_id.get(cid) or {}
        for e in entries:
            kind = e["action"].get("type")
            out.append({"entry": e, "card": c, "side": e["label"] if kind == "side" else "",
                        "verb": verbs.get(kind, ""), "copy": ""})
    names = Counter((x["verb"], x["card"].get("name"), x["side"]) for x in out)
    seen: Counter = Counter()
    for x in out:
        k = (x["verb"], x["card"].get("name"), x["side"])
        if names[k] > 1:
            seen[k] += 1
            x["copy"] = _("(%(n)s of %(total)s)") % {"n": seen[k], "total": names[k]}
    return out


def tab_models(view: dict, counts: dict, choices_in: str | None, fight: bool, news: bool,
               read: str | None = None) -> dict:
    """The tabs under the island (their words and counts) and the one open first: the one
    holding a choice, else the one to `read` beside the bar's choices, the fight, the news."""
    words = {"cards": pgettext("tab", "Cards"), "fight": pgettext("tab", "Fight"), "you": pgettext("tab", "You"),
             "players": pgettext("tab", "Players"), "island": pgettext("tab", "Island"), "log": pgettext("tab", "Log")}
    shown = [t for t in TABS if t != "fight" or fight]
    if choices_in or read:
        first = choices_in or read
    elif fight:
        first = "fight"
    elif news:
        first = "log"
    else:
        first = "you"
    tabs = []
    for t in shown:
        n = counts.get(t)
        label = words[t]
        tabs.append({"id": t, "label": label, "count": n, "choice": t == choices_in, "open": t == first,
                     "name": (ngettext("%(tab)s, %(n)s card", "%(tab)s, %(n)s cards", n) % {"tab": label, "n": n})
                     if t == "cards" and n is not None else label})
    return {"tabs": tabs, "first": first, "choice_word": _("a choice is here")}


STAR_SHORT = {"stock": pgettext_lazy("a star ability, in a short button", "new stock"),
              "swap": pgettext_lazy("a star ability, in a short button", "swap a scroll"),
              "draw": pgettext_lazy("a star ability, in a short button", "draw a scroll"),
              "shield": pgettext_lazy("a star ability, in a short button", "a shield"),
              "supply": pgettext_lazy("a star ability, in a short button", "resupply"),
              "untag": pgettext_lazy("a star ability, in a short button", "remove a tag")}


def short_takes(what: list) -> str:
    """A take_all's things in few letters ("2 wood", "wood + stone"), for a short button."""
    counts: dict = {}
    for w in what:
        counts[w] = counts.get(w, 0) + 1
    return " + ".join(resource_name(w) if n == 1 else f"{n} {resource_name(w, n)}" for w, n in counts.items())


def thing_icon(what: str) -> dict:
    """A resource (or a destroyed chicken) as a small icon, like a die's, for a short button."""
    return {"face": what, "name": resource_name(what), "symbol": "wt-chicken" if what == "chicken" else f"wr{what}"}


def groups(placed: dict, view: dict | None = None) -> list[dict]:
    """The bar's families of alike choices (spending stars, retrieving) as one row of short
    buttons each, taken out of the bar; their full words stay their accessible names."""
    stars, retrieves, rerolls, builds, rest = [], [], [], [], []
    by_faces: dict[str, list] = {"roll": [], "pick_dice": [], "take_all": []}
    by_pay: dict[tuple, list] = {}  # a retrieve with what it takes, a reroll with its dice: a row per payment
    for e in placed["bar"]:
        kind = e["action"].get("type")
        faces = e["action"].get("again" if kind == "roll" else "faces")
        if kind in ("roll", "pick_dice") and isinstance(faces, list):
            by_faces[kind].append({**e, "short": " + ".join(face_name(f) for f in faces),
                                   "icons": [die_icon(f) for f in faces]})
        elif kind == "take_all" and isinstance(e["action"].get("what"), list):
            by_faces[kind].append({**e, "short": short_takes(e["action"]["what"])})
        elif kind == "build" and isinstance(e["action"].get("pilots"), list):
            builds.append({**e, "short": card_name(view or {}, e["action"].get("card"))})
        elif kind == "star" and e["action"].get("ability") in STAR_COST:
            ability = e["action"]["ability"]
            stars.append({**e, "short": f"{STAR_COST[ability]}★ {STAR_SHORT[ability]}"})
        elif kind == "retrieve" and isinstance(e["action"].get("what"), list) and e["action"].get("pay") in SHORT_PAYS:
            by_pay.setdefault(("retrieve", e["action"]["pay"]), []).append(
                {**e, "short": short_takes(e["action"]["what"]), "icons": [thing_icon(w) for w in e["action"]["what"]]})
        elif kind == "retrieve" and e["action"].get("pay") in SHORT_PAYS:
            retrieves.append({**e, "short": str(SHORT_PAYS[e["action"]["pay"]])})
        elif kind == "reroll" and isinstance(e["action"].get("faces"), list) and isinstance(e["action"].get("pay"), list):
            by_pay.setdefault(("reroll", payment(e["action"]["pay"])), []).append(
                {**e, "short": " + ".join(face_name(f) for f in e["action"]["faces"]),
                 "icons": [die_icon(f) for f in e["action"]["faces"]]})
        elif kind == "reroll" and isinstance(e["action"].get("pay"), list):
            rerolls.append({**e, "short": payment(e["action"]["pay"])})
        else:
            rest.append(e)
    placed["bar"] = rest
    for r in list(retrieves):  # the plain retrieve ends its payment's row of whole allowances
        if ("retrieve", r["action"]["pay"]) in by_pay:
            retrieves.remove(r)
            by_pay[("retrieve", r["action"]["pay"])].append({**r, "short": _("one at a time")})
    out = []
    titles = {"roll": _("Roll with every"), "pick_dice": _("Pick every"), "take_all": _("Take at once:")}
    out.extend({"id": kind, "title": titles[kind], "entries": es} for kind, es in by_faces.items() if es)
    if rerolls:
        out.append({"id": "reroll", "title": _("Reroll the picked dice for:"), "entries": rerolls})
    if builds:  # short, and a turn's big step: before the rows of resources
        out.append({"id": "builds", "title": _("Build, with its pilots:"), "entries": builds})
    if retrieves:
        out.append({"id": "retrieve", "title": _("Retrieve:"), "entries": retrieves})
    for n, ((kind, pay), es) in enumerate(by_pay.items()):
        title = (_("Retrieve (%(pay)s):") % {"pay": SHORT_PAYS[pay]} if kind == "retrieve"
                 else _("Reroll for %(pay)s every") % {"pay": pay})
        out.append({"id": f"{kind}-{n}", "title": title, "entries": es})
    if stars:
        out.append({"id": "stars", "title": _("Spend stars:"), "entries": stars})
    return out
