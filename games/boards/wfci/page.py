"""The WfCI page model: the engine's view and the viewer's legal actions turned into the plain
dicts the templates (games/templates/games/wfci/) only loop over. No database, no state."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import dock
from .actions import place
from .build import build_panel
from .cockfight import panel as cockfight_panel
from .fight import fight, last_fight
from .recent import recent_model
from .flags import flags
from .island import arrows, island
from .labels import card, class_name, colour_letter, colour_name, die_icon, resource_name, seat_name, unit_name
from .reader import localized
from .solo import CHALLENGER_SEAT, challenger
from .teams import mark, teams

DICE_PER_COLOUR = 5  # rules section 2: five dice per colour


def page(view: dict, legal: list[dict], seat: int | None, players: list[str], recent=None) -> dict:
    """Everything the WfCI templates draw, with each legal action placed exactly once."""
    view = view or {}
    legal = list(legal or [])
    players = list(players or [])
    view = localized(view, players)
    me = seat if isinstance(seat, int) and 0 <= seat < len(view.get("seats") or []) else None
    placed = place(view, legal, me)
    units_by_id = {u["id"]: u for u in view.get("units") or []}
    combat = view.get("combat")
    decks = view.get("decks") or {}
    supply = view.get("supply") or {}
    board = island(view, me, placed)
    modes = placed["modes"]
    mode = modes[0]["key"] if modes else ""
    open_card(board, mode)
    dock_dice = dock.dice(view, me, placed)
    dock_groups = dock.groups(placed, view)
    in_dock = dock.card_only(placed)
    card_actions = {} if in_dock else placed["card"]
    catastrophe = None
    if view.get("catastrophe"):
        cat = view["catastrophe"]
        catastrophe = {**card(cat["card"]), "colour": colour_name(cat.get("seat"))}
    seats = seat_models(view, me, players, placed, card_actions, with_dice=not dock_dice)
    team_model = teams(view, players, me)
    mark(seats, team_model)
    stock = [card(c, card_actions.get(c["id"])) for c in view.get("stock") or []]
    mine = next((p for p in seats if p["mine"]), None)
    chips = dock.chips(view, placed, cards_by_id(view)) if in_dock else []
    fight_model = fight(view, players, card_actions, me)
    last = None if combat else last_fight(view.get("last_fight"), me)
    news = recent_model(recent, view, players, me)
    board["arrows"] = arrows(news, board["angle"])
    counts = {"cards": len(mine["hand"]) if mine and mine["hand"] is not None else None}
    card_choice = any(c["actions"] for c in stock) or bool(mine and any(
        c["actions"] for group in ("hand", "strategies", "leader_options") for c in (mine.get(group) or [])))
    choices_in = "fight" if fight_model and any(c["actions"] for c in fight_model["revealed"]) else \
        "cards" if card_choice else None
    read = ("fight" if fight_model else "cards") if in_dock else None  # what the cards in the bar are about
    return {
        "island": board, "stacks": board["stacks"], "seats": seats, "mine": mine, "teams": team_model,
        "flags": flags(view, players, me), "cockfight": cockfight_panel(view, players, me),
        "fight": fight_model, "last_fight": last,
        "bar": placed["bar"], "modes": modes, "mode": mode, "dice": dock_dice, "chips": chips, "groups": dock_groups,
        "status": status(view, players), "pending": pending_text(view, units_by_id), "catastrophe": catastrophe,
        "events": list(view.get("events") or []), "recent": news,
        "tabs": dock.tab_models(view, counts, choices_in, bool(fight_model or last), bool(news and news["turns"]), read),
        "stock": stock, "stock_first": any(c["actions"] for c in stock),
        "scroll_deck": decks.get("scroll", 0), "machine_deck": decks.get("machine", 0),
        "scroll_discard": [card(c) for c in reversed(decks.get("scroll_discard") or [])],
        "machine_discard": [card(c) for c in reversed(decks.get("machine_discard") or [])],
        "supply": [{"res": r, "n": supply.get(r, 0), "name": resource_name(r, supply.get(r, 0))}
                   for r in ("wood", "stone", "metal")],
        "shields": supply.get("shields", 0),
        "miniatures": [{"cls": c, "name": class_name(c), "n": n} for c, n in (supply.get("miniatures") or {}).items()],
        "challenger": challenger(view, units_by_id), "build": build_panel(view, players),
        "has_choices": bool(legal), "me": me,
    }


def open_card(board: dict, mode: str) -> None:
    """The stack card opens by itself when it is the one place the shown choices are."""
    shown = [c for c in board["choices"] if c["mode"] in ("", mode)]
    picks = [c for c in shown if c["kind"] == "pick"]
    if len(picks) == 1 and len(shown) == 1:
        for c in board["cards"]:
            c["open"] = c["dom"] == picks[0]["card"]


def cards_by_id(view: dict) -> dict:
    out = {}
    you = view.get("you") or {}
    for c in (you.get("hand") or []) + (you.get("leader_options") or []) + (view.get("stock") or []):
        out[c["id"]] = c
    for s in view.get("seats") or []:
        for c in s.get("strategies") or []:
            out[c["id"]] = c
    for e in (view.get("combat") or {}).get("revealed") or []:
        out[e["card"]["id"]] = e["card"]
    return out


def seat_models(view: dict, me: int | None, players: list, placed: dict, card_actions: dict,
                with_dice: bool = True) -> list[dict]:
    """One panel per seat, the viewer's first: banner dice, resources, tags and cards. The dice
    carry their choices here unless the decision bar holds them (`with_dice` False)."""
    seats = view.get("seats") or []
    you = view.get("you") or {}
    turn = view.get("turn") or {}
    die_actions = placed["die"] if with_dice else {}
    order = list(range(len(seats)))
    if me is not None:
        order = order[me:] + order[:me]
    selected = set(turn.get("selected") or [])
    solo = (view.get("options") or {}).get("mode") in ("solo", "solo_hard") or isinstance(view.get("challenger"), dict)
    models = []
    for i in order:
        s = seats[i]
        mine = i == me
        dice = []
        for d in s.get("banner") or []:
            dice.append({**die_icon(d.get("face")), "id": d.get("id"), "selected": d.get("id") in selected and
                         view.get("current") == i, "entry": die_actions.get(d.get("id")) if mine else None})
        res = s.get("resources") or {}
        tags = [{"seat": t, "colour": colour_name(t), "letter": colour_letter(t)} for t in s.get("tag_seats") or []]
        strategies = [card(c, card_actions.get(c["id"]) if mine else None) for c in s.get("strategies") or []]
        leader = s.get("leader")
        models.append({
            "seat": i, "mine": mine, "name": seat_name(players, i), "colour": colour_name(i),
            "challenger": solo and i == CHALLENGER_SEAT,
            "letter": colour_letter(i), "current": view.get("current") == i,
            "to_act": i in (view.get("to_act") or []), "dice": dice, "spent": s.get("spent", 0),
            "spent_list": list(range(s.get("spent", 0))),
            "on_units": max(0, DICE_PER_COLOUR - len(s.get("banner") or []) - s.get("spent", 0)),
            "resources": [{"res": r, "n": res.get(r, 0), "name": resource_name(r, res.get(r, 0))}
                          for r in ("wood", "stone", "metal")],
            "resource_total": sum(res.values()) if res else 0,
            "tags": tags, "tags_left": s.get("tags_left", 0), "destroyed": s.get("destroyed", 0),
            "hand_count": s.get("hand_count", 0), "strategies": strategies,
            "leader": card(leader) if leader else None, "base": s.get("base"),
            "hand": [card(c, card_actions.get(c["id"])) for c in you.get("hand") or []] if mine else None,
            "leader_options": [card(c, card_actions.get(c["id"])) for c in you.get("leader_options") or []]
            if mine else None,
        })
    return models


def status(view: dict, players: list) -> list[str]:
    """The status line: round, whose turn, which step."""
    turn = view.get("turn") or {}
    out = []
    cur = view.get("current")
    if view.get("phase") == "setup":
        out.append(_("Setting up"))
    elif cur is not None and view.get("outcome") is None:
        out.append(_("Round %(n)s") % {"n": view.get("round")})
        out.append(_("Turn: %(name)s, %(colour)s") % {"name": seat_name(players, cur), "colour": colour_name(cur)})
        step = turn.get("step")
        out.append({"roll": _("rolling"), "reroll": _("rerolling"), "actions": _("taking actions"),
                       "draw": _("drawing scrolls"), "challenger": _("the Challenger acts")}.get(step, step or ""))
        if step == "actions":
            out.append(_("free action available") if turn.get("free") else _("free action used"))
        if turn.get("extra_moves"):
            out.append(ngettext("%(n)s extra move", "%(n)s extra moves", turn["extra_moves"]) % {"n": turn["extra_moves"]})
    return [s for s in out if s]


def pending_text(view: dict, units_by_id: dict) -> str:
    """What the player in the middle of a build, move, retrieve or hit is doing."""
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == "build":
        built = next((c for c in view.get("stock") or [] if c["id"] == pending.get("card")), None)
        need = (built or {}).get("pilots", 0)
        return ngettext("Building %(name)s: %(got)s of %(need)s pilot picked.",
                        "Building %(name)s: %(got)s of %(need)s pilots picked.", need) % {
            "name": (built or {}).get("name", ""), "got": len(pending.get("pilots") or []), "need": need}
    if kind == "move":
        units, left = len(pending.get("group") or []), pending.get("left") or 0
        return _("Moving %(units)s from %(hex)s: %(steps)s left.") % {
            "units": ngettext("%(n)s unit", "%(n)s units", units) % {"n": units}, "hex": pending.get("hex"),
            "steps": ngettext("%(n)s step", "%(n)s steps", left) % {"n": left}}
    if kind == "retrieve":
        return ngettext("%(n)s more thing to retrieve.", "%(n)s more things to retrieve.", pending.get("left") or 0) % {
            "n": pending.get("left")}
    if kind == "target":
        return _("%(unit)s is ready to attack: choose the defender.") % {
            "unit": unit_name(units_by_id.get(pending.get("unit")), view)}
    if kind in ("discard_resources",):
        return _("Return resources until you hold %(n)s.") % {"n": pending.get("down_to")}
    if kind == "hit":
        return _("A hit of strength %(n)s: choose the unit.") % {"n": pending.get("strength")}
    if kind == "hurricane":
        return ngettext("Hurricane: return %(n)s more resource.", "Hurricane: return %(n)s more resources.",
                        pending.get("left") or 0) % {"n": pending.get("left")}
    return ""
