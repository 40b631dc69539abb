"""The engine's view in the reader's language.

The view carries English beside every message (a card's `name` beside its `name_id`, the
`events` beside the `event_messages`, ...); the page model reads the English keys, so
putting the reader's words into those keys once is all a French page needs.
"""

from __future__ import annotations

from engine.wfci import cards
from games import texts

from .labels import card_face, unit_name, unit_noun


def localized(view: dict, players: list | None = None) -> dict:
    """A copy of the view with card faces, events, the prompt and the Challenger's words
    rendered in the active language."""
    out = _walk(view)
    names = list(players or []) or None
    if isinstance(view.get("event_messages"), list):
        out["events"] = [texts.render(m, names) for m in view["event_messages"]]
    if texts.is_message(view.get("prompt")):
        out["prompt_text"] = texts.render(view["prompt"], names)
    if isinstance(out.get("last_fight"), dict):
        for role in ("attacker", "defender"):
            fighter = out["last_fight"].get(role)
            if isinstance(fighter, dict):
                fighter["noun"] = fighter_noun(fighter, out)  # from the English label, before it is replaced
                fighter["name"] = fighter_name(fighter, out)
    ch = out.get("challenger")
    if isinstance(ch, dict):
        if ch.get("next_message"):
            ch["next"] = texts.render(ch["next_message"], names)
        for a in ch.get("activation_order") or []:
            if isinstance(a, dict) and a.get("name_message"):
                a["name"] = texts.render(a["name_message"], names)
    return out


def _walk(value):
    if isinstance(value, list):
        return [_walk(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _walk(v) for k, v in value.items()}
    return card_face(out) if "name_id" in out or "text_id" in out else out


def fighter_name(fighter: dict, view: dict) -> str:
    """A fighter of the last fight in the reader's words. The record keeps the English label
    only; the unit is read back from the island, or from that label when it was destroyed."""
    units = {u.get("id"): u for u in view.get("units") or []}
    unit = units.get(fighter.get("unit")) or _unit_from_label(fighter)
    return unit_name(unit, view) if unit else fighter.get("name", "")


def fighter_noun(fighter: dict, view: dict):
    """The same fighter as a noun with its grammar, for the sentence that says who attacked whom."""
    units = {u.get("id"): u for u in view.get("units") or []}
    return unit_noun(units.get(fighter.get("unit")) or _unit_from_label(fighter), view)


def _unit_from_label(fighter: dict) -> dict | None:
    label, seat = fighter.get("name") or "", fighter.get("seat")
    _, sep, rest = label.partition("'s ")
    if not sep or not isinstance(seat, int):
        return None
    if rest == "chicken":
        return {"owner": seat, "kind": "chicken"}
    if rest.startswith("leader "):
        return {"owner": seat, "kind": "leader"}
    machine = next((cid for cid, c in cards.catalog()["machine"].items() if c["name"] == rest), None)
    return {"owner": seat, "kind": "machine", "card": machine} if machine else None
