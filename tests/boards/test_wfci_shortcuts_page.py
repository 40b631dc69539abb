"""Where the one-tap composites of War for Chicken Island go on the page (engine/wfci/shortcuts.py):
a move on the hex it goes to, an attack on the unit it attacks, a retrieve's whole allowances in
one row per payment that ends with the plain retrieve, a paid reroll's dice in a row for its
payment, a build with its pilots in the decision bar."""

from games.boards import wfci
from games.boards.wfci.actions import place

VIEW = {
    "seats": [{}, {}],
    "units": [
        {"id": "u1", "owner": 0, "kind": "chicken", "hex": "0,0", "strength": 3, "armor": 2},
        {"id": "u2", "owner": 1, "kind": "chicken", "hex": "2,0", "strength": 1, "armor": 2},
    ],
    "island": {"hexes": [{"hex": h, "kind": "territory"} for h in ("0,0", "1,0", "2,0")]},
    "stock": [{"id": "machine-01", "name": "Rock Golem"}],
}
MOVE = {"type": "move", "hex": "0,0", "pay": "free", "to": "1,0"}
ATTACK = {"type": "attack", "unit": "u1", "pay": "free", "target": "u2"}


def test_a_move_goes_on_its_hex_and_an_attack_on_its_target():
    placed = place(VIEW, [{"type": "move", "hex": "0,0", "pay": "free"}, MOVE,
                          {"type": "attack", "unit": "u1", "pay": "free"}, ATTACK], 0)
    assert [e["action"] for e in placed["hex"]["1,0"]] == [MOVE]
    assert [e["action"] for e in placed["unit"]["u2"]] == [ATTACK]
    assert [e["action"]["type"] for e in placed["unit"]["u1"]] == ["attack"] and "target" not in placed["unit"]["u1"][0]["action"]
    assert "0,0" in placed["hex"]["1,0"][0]["name"] and "1,0" in placed["hex"]["1,0"][0]["name"]
    assert "strength 3 against armor 2" in placed["unit"]["u2"][0]["name"]


def test_retrieves_rerolls_and_builds_go_in_rows_of_the_bar():
    legal = [{"type": "retrieve", "pay": "free"}, {"type": "retrieve", "pay": "chicken"},
             {"type": "retrieve", "pay": "free", "what": ["wood", "wood"]},
             {"type": "retrieve", "pay": "free", "what": ["stone", "wood"]},
             {"type": "reroll", "pay": ["wood"], "faces": ["1"]}, {"type": "reroll", "pay": ["wood"], "faces": ["1", "star"]},
             {"type": "build", "card": "machine-01"}, {"type": "build", "card": "machine-01", "pilots": ["u1"]},
             {"type": "end_actions"}]
    board = wfci.page(VIEW, legal, 0, ["Ann", "Bob"])
    rows = {g["id"]: [e["action"] for e in g["entries"]] for g in board["groups"]}
    free = next(es for k, es in rows.items() if k.startswith("retrieve-") and es[0]["pay"] == "free")
    assert free == [legal[2], legal[3], legal[0]]  # the whole allowances, then the plain retrieve
    assert rows["retrieve"] == [legal[1]]  # nothing to take at once with a Chicken die: the plain row
    assert next(es for k, es in rows.items() if k.startswith("reroll-")) == [legal[4], legal[5]]
    assert rows["builds"] == [legal[7]]
    shown = [a for es in rows.values() for a in es] + [e["action"] for e in board["bar"]]
    assert sorted(map(str, shown)) == sorted(map(str, [a for a in legal if a["type"] != "build" or "pilots" in a]))
