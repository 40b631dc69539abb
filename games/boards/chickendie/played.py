"""The cards played this round, for everyone: who played what on whom, every answer (Cock Block,
Chicken Wire, a Mad Scientist, Immunity) with what it answered, and what the card did.

Read from the public log the view carries: a card opens an event (played from a hand, put in a
flock, or drawn as an instant card), answers and consequences follow it until the next card or
the next step of a turn; an answer to the die (Immunity against a 6) opens an event of its own.
The round is the last turn of each player."""

from __future__ import annotations

from games.texts import render

L = "chickendie.log."
OPENS = {L + "plays_on", L + "plays", L + "plays_chicken", L + "instant"}
ANSWERS = {L + "responds"}
# Lines that belong to the turn, not to the card before them.
TURN_STEPS = {L + "turn", L + "to_cash", L + "draws", L + "cash_chick", L + "cash_card", L + "skips_roll",
              L + "ends_turn", L + "first", L + "collects", L + "no_cards"}
# A player's setting, changed while asked: it belongs to no card and ends none (an answer may
# follow it).
ASIDE = {L + "auto_pass_on", L + "auto_pass_off"}
ENDS_AFTER = {L + "blocked"}  # the card's last word: the play step ends with it
SHOWN = 1  # the newest card shown at once; the rest of the round one tap away
LINES = 2  # consequence lines shown at once


def kind_of(line: dict) -> str | None:
    """The card a log line names ("chickendie.card.<kind>.name"), if any."""
    card = (line.get("args") or {}).get("card")
    cid = card.get("id", "") if isinstance(card, dict) else ""
    return cid.split(".")[2] if cid.startswith("chickendie.card.") else None


def this_round(log: list[dict], players: int) -> list[dict]:
    """The lines since the start of the oldest of the last `players` turns."""
    starts = [i for i, line in enumerate(log) if line["id"] == L + "turn"]
    if len(starts) < players:
        return log
    return log[starts[-players]:]


def events(log: list[dict], players: int, names: list[str]) -> list[dict]:
    """Newest first: {"card", "line", "answers": [{"card", "line"}], "after": [lines]}."""
    out: list[dict] = []
    current = None
    for line in this_round(log, players):
        lid = line["id"]
        if lid in ASIDE:
            continue
        if lid in OPENS or lid in ANSWERS and (current is None or not current["open"]):
            # an answer to no card (Immunity against the die's 6) is an event of its own
            current = {"card": kind_of(line), "line": render(line, names), "answers": [], "after": [], "open": True}
            out.append(current)
        elif current is None or not current["open"] or lid in TURN_STEPS:
            current = None if lid in TURN_STEPS else current
        elif lid in ANSWERS:
            current["answers"].append({"card": kind_of(line), "line": render(line, names)})
        else:
            current["after"].append(render(line, names))
            if lid in ENDS_AFTER:
                current["open"] = False
    out.reverse()
    return out
