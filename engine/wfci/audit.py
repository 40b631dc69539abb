"""Conservation (DESIGN.md): every card, chicken token, die, resource, shield, humiliation tag
and miniature is in exactly one place. Tests run `problems` after every action of random
playouts; the self-play script can run it too.
"""

from __future__ import annotations

from collections import Counter

from . import cards, dice, flag, victory

RESOURCE_TOKENS = 12
SHIELDS = 8


def card_places(state: dict) -> Counter:
    seen: Counter = Counter()
    for pile in state["decks"].values():
        seen.update(pile)
    for s in state["seats"]:
        seen.update(s["hand"])
        seen.update(s["strategies"])
        seen.update(s["leader_options"])
        if s["leader"]:
            seen[s["leader"]] += 1
        if s.get("spare"):
            seen[s["spare"]] += 1
        seen.update(s.get("fallen", []))
    for u in state["units"].values():
        if u["kind"] == "machine":
            seen[u["card"]] += 1
    if state["combat"]:
        for down in state["combat"]["down"].values():
            seen.update(down)
        seen.update(e["card"] for e in state["combat"]["revealed"])
    seen.update(c["card"] for c in state["cats"])
    if state["cat"]:
        seen[state["cat"]["card"]] += 1
    return seen


def problems(state: dict) -> list[str]:
    out = []
    seen = card_places(state)
    for cid in cards.catalog()["all"]:
        if seen[cid] != 1:
            out.append(f"card {cid} is in {seen[cid]} places")
    extra = set(seen) - set(cards.catalog()["all"])
    if extra:
        out.append(f"unknown cards {sorted(extra)}")
    for s in state["seats"]:
        seat = s["seat"]
        hens = [u["id"] for u in state["units"].values() if u["owner"] == seat and u["kind"] == "chicken"]
        hens += [p for u in state["units"].values() if u["owner"] == seat for p in u["pilots"]]
        hens += s["destroyed"] + s["reserve"] + s.get("discarded", [])  # cockfight: face-up chickens eliminated
        if sorted(hens) != [f"hen-{seat}-{i}" for i in range(1, 7)]:
            out.append(f"{s['colour']} chicken tokens: {sorted(hens)}")
        ids = dice.all_dice(state, seat)
        if sorted(ids) != [f"die-{seat}-{i}" for i in range(1, dice.DICE_PER_COLOUR + 1)]:
            out.append(f"{s['colour']} dice: {sorted(ids)}")
        placed = sum(o["tags"].count(seat) for o in state["seats"])
        placed += sum(1 for f in state.get("flags", ()) if f["seat"] == seat)  # a flag is one of its tags
        if placed + s["tags_left"] != victory.TAGS_PER_COLOUR or s["tags_left"] < 0:
            out.append(f"{s['colour']} humiliation tags: {placed} placed, {s['tags_left']} left")
        if len(s["tags"]) > victory.BANNER_TAGS or any(s["tags"].count(o) > victory.SAME_COLOUR for o in s["tags"]):
            out.append(f"{s['colour']} banner holds too many tags: {s['tags']}")
        if min(s["res"].values()) < 0:
            out.append(f"{s['colour']} has negative resources")
    for r in cards.RESOURCES:
        total = state["supply"][r] + sum(s["res"][r] for s in state["seats"])
        if total != RESOURCE_TOKENS or state["supply"][r] < 0:
            out.append(f"{r}: {total} tokens")
    shields = state["supply"]["shields"] + sum(u["shields"] for u in state["units"].values())
    if shields != SHIELDS or state["supply"]["shields"] < 0:
        out.append(f"{shields} shields")
    built = Counter(cards.card(u["card"])["class"] for u in state["units"].values() if u["kind"] == "machine")
    for cls, limit in cards.catalog()["miniatures"].items():
        if built[cls] + state["supply"]["minis"][cls] != limit or state["supply"]["minis"][cls] < 0:
            out.append(f"{cls} miniatures: {built[cls]} built, {state['supply']['minis'][cls]} free")
    out += flag.problems(state)
    for u in state["units"].values():
        kind = state["island"]["tiles"].get(u["hex"], {}).get("kind")
        if kind is None:
            out.append(f"{u['id']} is off the island at {u['hex']}")
    return out
