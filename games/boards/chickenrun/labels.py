"""The words of the Chicken Run board: pieces, squares, the status line and every action."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.messages import msg
from games.texts import labelled, noun, semicolons


def colour_name(seat) -> str:
    return {0: _("White"), 1: _("Black")}.get(seat, "")


def size_name(size: str) -> str:
    return {"small": _("small"), "medium": _("medium"), "large": _("large")}.get(size, size)


def piece_letter(piece: dict) -> str:
    """C chicken, S spectator, W and B the two families (the legend under the board)."""
    if piece["kind"] == "chicken":
        return "C"
    if piece["kind"] == "spectator":
        return "S"
    return "W" if piece["owner"] == 0 else "B"


def piece_name(piece: dict) -> str:
    """The engine's noun for the piece: "White's small pyramid", "petit poulet"."""
    code = {"chicken": "C", "spectator": "S"}.get(piece["kind"]) or ("W" if piece["owner"] == 0 else "B")
    return str(noun(msg(f"chickenrun.piece.{code}{SIZES.get(piece['size'], piece['size'])}")))


SIZES = {"small": 1, "medium": 2, "large": 3}


def square_title(square: dict) -> str:
    """The square's name and its stack, bottom first, for the square's tooltip."""
    pieces = ", ".join(piece_name(p) for p in square["stack"]) or _("empty")
    text = labelled(square["name"], pieces)
    if square.get("selected"):
        text += " (%s)" % _("picked up")
    return text


def action_label(action: dict, square_names: dict, cost: int | None = None, left: int | None = None) -> str:
    """Plain words for one action; `square_names` maps (col, row) to the square's name. A step
    says what it costs before it is made."""
    kind = action.get("type")
    if kind == "step":
        square = square_names.get(tuple(action["to"]), "")
        if cost is not None and left is not None:
            return ngettext("Step to %(square)s: %(n)s point of your %(left)s",
                            "Step to %(square)s: %(n)s points of your %(left)s", cost) % {
                "square": square, "n": cost, "left": left}
        return _("Step to %(square)s") % {"square": square}
    if kind == "select":
        return _("Pick up the pyramid on %(square)s") % {"square": square_names.get(tuple(action["square"]), "")}
    if kind == "tackle":
        return _("Tackle the pyramid on %(square)s") % {"square": square_names.get(tuple(action["target"]), "")}
    if kind == "deselect":
        return _("Put the pyramid down")
    if kind == "end":
        return _("End my moves")
    extra = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{kind} {extra}".strip()


def acting(view: dict, players: list) -> str:
    """"Ann (White) acts: moves their family"."""
    seat = view.get("acting")
    colour = colour_name(seat)
    name = players[seat] if isinstance(seat, int) and seat < len(players) else ""
    who = _("%(name)s (%(colour)s) acts") % {"name": name, "colour": colour} if name else \
        _("%(colour)s acts") % {"colour": colour}
    moves = {"family": _("moves their family"),
             "spectators": _("moves spectators (their family cannot move)")}.get(view.get("moves"),
                                                                                 _("moves chickens and spectators"))
    return labelled(who, moves)


def points(view: dict) -> str:
    n = view.get("points", 0)
    text = ngettext("%(points)s movement point left", "%(points)s movement points left", n) % {"points": n}
    if view.get("must_use_all"):
        text += " (%s)" % _("every point must be used")
    return text


def outcome(view: dict) -> str:
    winners = (view.get("outcome") or {}).get("winners")
    if not winners:
        return _("The round limit is reached: a draw.")
    return _("White wins: two chickens captured.") if 0 in winners else _("Black wins: two chickens captured.")


def captured(view: dict, players: list) -> str:
    """"White (Ann): none; Black (Bob): small" with the reader's punctuation."""
    parts = []
    for c in captures(view, players):
        who = _("%(colour)s (%(name)s)") % {"colour": c["colour"], "name": c["name"]} if c["name"] else c["colour"]
        parts.append(labelled(who, c["sizes"]))
    return semicolons(parts)


def captures(view: dict, players: list) -> list[dict]:
    """Per family: who and which captured chickens."""
    out = []
    for seat, sizes in enumerate(view.get("captures") or []):
        name = players[seat] if seat < len(players) else ""
        out.append({"colour": colour_name(seat), "name": name,
                    "sizes": ", ".join(size_name(s) for s in sizes) or _("none")})
    return out
