"""The skirmisher against the Challenger on an island cut in two by lava (random-island classic
solo, where walkers go nowhere): it builds guns that fight across the lava, lures its walkers
into their range, and rerolls for what a gun needs."""

import copy

from engine.wfci.actions import home_hexes
from engine.wfci import positions as P
from engine.wfci.skirmisher import cut, judge, rolls, solo
from engine.wfci.state import distance
from tests.engine.wfci_solo_positions import GAME, our_actions_step, play_our_actions


def cut_position():
    """Random-island classic solo, seed 5 (and 26 more of 90 at the turn limit): lava cuts
    every way between the bases, the scroll deck is empty and its catastrophes wait in its
    hand, which it plays only in fights. Here the Long bay's middle tile is lava (our
    territory reaches the rest only through it), its Rock Golem stands two hexes from our
    territory across it, an Egg Cannon (range 2) is in the stock, and our 1 wood, 1 stone and
    1 metal pay for it only after a Transmutation."""
    state = our_actions_step()
    for t in state["island"]["tiles"].values():
        if t["tile"] == "T3":
            t["kind"] = "lava"
    P.stock(state, ["egg_cannon", "watch_tower", "shield_tower", "mill_tower"])
    P.resources(state, 0, wood=1, stone=1, metal=1)
    its = P.challenger_machine(state, "rock_golem", "-2,1")
    trans = P.scroll(state, 0, "transmutation")
    state["decks"]["scroll"] = []
    state["round"] = 52
    return state, its, trans

def test_on_an_island_cut_in_two_it_builds_a_gun_that_fights_across_the_lava():
    """Walkers go nowhere on a cut island, and only fights bring its scrolls (its Tsunami and
    Earthquake among them) back to the deck: a Transmutation pays for the cannon, which goes to
    the hex of our territory nearest its units, in reach of its golem over the lava."""
    state, its, trans = cut_position()
    assert not solo.joined(state, 0)
    state, chosen = play_our_actions(state)
    assert {"type": "play_scroll", "card": trans} in chosen
    assert {"type": "transmute", "from": "stone", "to": "wood"} in chosen
    guns = [u for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "machine"]
    assert [P.cards.card(u["card"])["key"] for u in guns] == ["egg_cannon"]
    assert distance(guns[0]["hex"], state["units"][its]["hex"]) <= 2

def test_on_a_cut_island_no_retrieve_when_every_chicken_pilots_a_machine():
    """A gun in the stock wants a pilot, but every chicken of ours pilots a machine and none is
    destroyed: a Retrieve would bring none (its take offers resources only), and spending the
    free action on it every turn held a game at the turn limit."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    P.resources(state, 0, wood=2, stone=1, metal=1)
    soldier = P.machine(state, 0, "rock_soldier", "-2,-2")
    for hen in [u["id"] for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken"]:
        del state["units"][hen]  # the pilots of machines lost in the lava, say
        state["units"][soldier]["pilots"].append(hen)
    P.stock(state, ["egg_cannon", "watch_tower", "shield_tower", "mill_tower"])
    assert cut.ranged(state["decks"]["stock"][0])
    legal = GAME.legal_actions(state, 0)
    assert {"type": "retrieve", "pay": "free"} in legal
    assert cut.prepare(state, 0, legal) is None
    assert GAME.bot_action(state, 0, "skirmisher")["type"] != "retrieve"

def test_on_a_cut_island_a_retrieve_takes_what_the_gun_in_the_stock_lacks():
    """No resources and no Transmutation: the free action retrieves the wood and metal an Egg
    Cannon costs (chickens are at home, so none is wanted)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    P.resources(state, 0, wood=0, stone=3, metal=0)
    state, chosen = play_our_actions(state)
    assert {"type": "retrieve", "pay": "free"} in chosen
    takes = [a["what"] for a in chosen if a["type"] == "take"]
    assert takes and set(takes) <= {"wood", "metal"}

def test_on_a_cut_island_the_last_chicken_of_the_screen_pilots_the_gun():
    """Nothing of its crosses the lava, so the screen holds nothing back: our one chicken left,
    alone on a hex of the screen, pilots the cannon (it was kept there, and the cannon never
    came)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    P.resources(state, 0, wood=2, stone=0, metal=1)
    hens = [u["id"] for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken"]
    for hen in hens[1:]:
        del state["units"][hen]
        state["seats"][0]["destroyed"].append(hen)
    state["units"][hens[0]]["hex"] = "-3,-1"
    assert "-3,-1" in solo.screen(state, 0)
    state, chosen = play_our_actions(state)
    guns = [u for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "machine"]
    assert [P.cards.card(u["card"])["key"] for u in guns] == ["egg_cannon"]

def bay_position():
    """The Long bay cut between its middle tile and the next one (the neutral hex and two hexes
    of T5 turned to lava tiles of their own): our side is our territory, the middle tile and
    our base, with our Egg Cannon (range 2) on the middle tile; its front is T5's two hexes
    left, 2 and 3 steps from the cannon and both 6 steps from our base, so with our leader at
    home its Ram Car may stop on either (in random-island classic games its walkers stood 3 to
    5 steps from our guns)."""
    state = our_actions_step()
    for n, key in enumerate(("-2,1", "-1,1", "-2,2")):
        state["island"]["tiles"][key].update(kind="lava", tile=f"X{n}", owner=None)
    P.resources(state, 0, wood=0, stone=0, metal=0)
    gun = P.machine(state, 0, "egg_cannon", "-1,0")
    P.stock(state, ["watch_tower", "shield_tower", "mill_tower", "mud_golem"])
    car = P.challenger_machine(state, "ram_car", "-2,4")
    state["decks"]["scroll"] = []
    state["round"] = 52
    P.banner(state, 0, ["claw", "claw"])
    return state, gun, car

def test_on_a_cut_island_our_leader_lures_its_walkers_into_our_guns_range():
    """Nothing of its can fight over the lava, so our leader leaves its base for the middle
    tile: coming for him, its Ram Car stops in reach of our cannon, and the fights that follow
    bring its scrolls (its catastrophes among them) back to the deck."""
    state, gun, car = bay_position()
    assert not solo.joined(state, 0)
    theirs = set(judge.walk_to(state, state["seats"][1]["base"]))
    home = state["seats"][0]["base"]
    assert cut._miss(state, home, [state["units"][gun]], theirs)[0] > 0
    state, chosen = play_our_actions(state)
    leader = state["units"]["lead-0"]
    assert leader["hex"] != home
    assert cut._miss(state, leader["hex"], [state["units"][gun]], theirs)[0] == 0
    for _ in range(400):  # its turn: the Ram Car walks toward our leader
        seat = GAME.to_act(state)[0]
        if seat == 0 and state["stack"][0]["seat"] == 0 and state["stack"][0]["step"] == "actions":
            break
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, "challenger" if seat == 1 else "skirmisher"))
    assert distance(state["units"][car]["hex"], state["units"][gun]["hex"]) <= 2

def test_on_a_cut_island_our_fight_plays_a_scroll_so_that_its_hand_answers():
    """Its hand (its catastrophes in it) leaves only through fights, and it keeps it when it
    defends, our strength is below its armor and we played no scroll: our Egg Cannon (strength
    4) on its Rock Golem (armor 5) plays one of our two Stone Skins, and it answers with half
    its hand."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"] = []
    free = [c for c in P.cards.catalog()["scroll"] if P.cards.card(c)["type"] == "magic"
            and all(c not in s["hand"] for s in state["seats"])]
    skins = [c for c in free if P.cards.card(c)["key"] == "stone_skin"][:2]
    state["seats"][0]["hand"] = list(skins)
    state["seats"][1]["hand"] = [c for c in free if c not in skins and not P.cards.card(c)["effect"].get("draw")][:10]
    P.stock(state, ["watch_tower", "shield_tower", "mill_tower", "mud_golem"])
    P.machine(state, 0, "egg_cannon", "-2,-1")
    state, chosen = play_our_actions(state)
    assert {"type": "attack", "unit": next(u["id"] for u in state["units"].values() if u["owner"] == 0
                                           and u["kind"] == "machine"), "pay": "free"} in chosen
    assert len(state["seats"][0]["hand"]) == 1
    assert len(state["seats"][1]["hand"]) == 5

def test_on_a_cut_island_the_lure_counts_only_its_first_units():
    """Its Command dice start again from the first of its activation order every turn, so on a
    cut island only its first machines ever walk: the lure reckons with those (by build order)
    and leaves the later ones where they stand."""
    state, gun, car = bay_position()
    later = P.challenger_machine(state, "chariot", "-3,6")
    last = P.challenger_machine(state, "iron_soldier", "-4,7")
    assert [u["id"] for u in cut._movers(state)] == [car, later]
    theirs = set(judge.walk_to(state, state["seats"][1]["base"]))
    assert (-4, 7) in cut._ends(state, "-1,-1", theirs)[0]  # the third one stays put
    assert last not in [u["id"] for u in cut._movers(state)]

def test_on_a_cut_island_with_no_gun_in_the_stock_a_star_deals_a_new_one():
    """No gun built and none in the stock (walkers and towers of range 1): nothing of ours
    would ever fight over the lava, so a star deals a new stock (random-island classic seed 40
    sat at the turn limit with its stars unused)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    P.stock(state, ["watch_tower", "shield_tower", "mill_tower", "rock_soldier"])
    assert not any(cut.ranged(c) for c in state["decks"]["stock"])
    P.banner(state, 0, ["star"])
    state, chosen = play_our_actions(state)
    assert {"type": "star", "ability": "stock"} in chosen

def test_on_a_cut_island_the_last_free_hex_of_our_territory_waits_for_a_longer_gun():
    """Guns of range 2 on every hex of our territory but the one farthest from its golem: another
    one of range 2 is not built there (it would leave no room and reach nothing ours do not), a
    Boulder Cannon (range 3, further over the lava) is (random-island classic seeds 75 and 82
    sat at the turn limit with one in the stock, paid for, and no free hex)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    taken = {u["hex"] for u in state["units"].values()}
    free = sorted((k for k in home_hexes(state, 0) if k not in taken), key=lambda k: distance(k, state["units"][its]["hex"]))
    fill = ["egg_cannon", "archer_tower", "spiked_cannon", "rock_soldier", "iron_soldier", "twig_soldier"]
    for k, key in zip(free[:-1], fill, strict=False):
        P.machine(state, 0, key, k)
    assert len(free) - 1 <= len(fill)
    P.resources(state, 0, wood=3, stone=3, metal=3)
    for gun, built in (("spiked_cannon", False), ("boulder_cannon", True)):
        trial = copy.deepcopy(state)
        P.stock(trial, [gun, "watch_tower", "shield_tower", "mill_tower"])
        assert any(a["type"] == "build" for a in GAME.legal_actions(trial, 0))
        trial, chosen = play_our_actions(trial)
        keys = [P.cards.card(a["card"])["key"] for a in chosen if a["type"] == "build"]
        assert (gun in keys) is built, (gun, keys)

def test_on_a_cut_island_the_last_free_hex_takes_a_gun_that_reaches_nearer_than_ours():
    """Guns of range 2 on every hex of our territory but the one nearest its golem, and none of
    them reaches it: a Spiked Cannon there (range 2 as well) does, so it is built on the last
    hex (random-island classic seed 23 kept that hex empty to the turn limit, its units a step
    out of our gun's reach)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    taken = {u["hex"] for u in state["units"].values()}
    golem = state["units"][its]["hex"]
    free = sorted((k for k in home_hexes(state, 0) if k not in taken), key=lambda k: distance(k, golem))
    for k, key in zip(free[1:], ["egg_cannon", "archer_tower", "rock_soldier"], strict=False):
        P.machine(state, 0, key, k)
    assert distance(free[0], golem) <= 2 < min(distance(k, golem) for k in free[1:])
    P.resources(state, 0, wood=3, stone=3, metal=3)
    P.stock(state, ["spiked_cannon", "watch_tower", "shield_tower", "mill_tower"])
    state, chosen = play_our_actions(state)
    assert [P.cards.card(a["card"])["key"] for a in chosen if a["type"] == "build"] == ["spiked_cannon"]
    assert {"type": "build_at", "hex": free[0]} in chosen

def test_on_a_cut_island_a_walker_we_could_build_does_not_stop_the_gun_s_retrieve():
    """An Egg Cannon in the stock lacks a wood, and a Rock Soldier next to it is paid for: the
    soldier would walk nowhere, so the free action still retrieves the wood for the cannon
    (random-island classic seed 23: with a walker to build, nothing was done for the gun)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    P.resources(state, 0, wood=1, stone=2, metal=1)
    P.stock(state, ["egg_cannon", "rock_soldier", "shield_tower", "mill_tower"])
    assert {"type": "build", "card": state["decks"]["stock"][1]} in GAME.legal_actions(state, 0)
    state, chosen = play_our_actions(state)
    assert {"type": "retrieve", "pay": "free"} in chosen
    assert [a["what"] for a in chosen if a["type"] == "take"][0] == "wood"
    assert not [a for a in chosen if a["type"] == "build"]

def test_on_a_cut_island_a_windfall_pays_for_the_gun():
    """Seven resources and a Windfall in hand: it takes the wood the Egg Cannon lacks, and the
    free action builds the cannon in the same turn."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    windfall = next(c for c in P.cards.catalog()["scroll"] if P.cards.card(c)["key"] == "windfall")
    state["seats"][0]["hand"].append(windfall)  # the deck is empty: every scroll is in a hand
    P.resources(state, 0, wood=1, stone=3, metal=3)
    state, chosen = play_our_actions(state)
    assert {"type": "play_scroll", "card": windfall} in chosen
    assert {"type": "take", "what": "wood"} in chosen
    assert [P.cards.card(a["card"])["key"] for a in chosen if a["type"] == "build"] == ["egg_cannon"]

def test_on_a_cut_island_with_nothing_to_fight_every_die_is_rolled_again():
    """Nothing of its in reach of anything of ours, over the lava: a 3, a 2 and a +1 die on a
    unit wait for a fight that never comes (random-island classic seed 44 kept its 3, 3, 2, 2, 2
    for 60 rounds, with no Star for a new stock), so every one is rolled again."""
    state, its, trans = cut_position()
    car = P.machine(state, 0, "ram_car", "-2,-2")
    P.banner(state, 0, ["3", "2"])
    plus = state["seats"][0]["spent"].pop()
    state["units"][car]["dice"] = [plus]  # a +1 die put on the car before the last stand
    assert cut.idle(state, 0)
    want = {d["id"] for d in state["seats"][0]["banner"]} | {plus}
    assert rolls.rerolls(state, 0) == want
    P.machine(state, 0, "egg_cannon", "-2,-1")  # in reach of its golem: the +2/+3 wait for the fight
    assert not cut.idle(state, 0)
    assert rolls.rerolls(state, 0) != want

def test_on_a_cut_island_a_star_deals_a_new_stock_when_our_guns_reach_nothing():
    """Our Egg Cannon (range 2) misses its golem by a step and the stock's only gun, a Spiked
    Cannon, would reach no nearer from any free hex of ours: a star deals a new stock, where a
    longer gun may come (random-island classic seed 44: an Egg Cannon a step short, an Archer
    Tower in the stock, five dice and nothing to do for 60 rounds). With our cannon further
    back, the Spiked Cannon on the nearest hex would reach nearer, and the star is kept."""
    for nearest, restocks in ((True, True), (False, False)):
        state, its, trans = cut_position()
        state["seats"][0]["hand"].remove(trans)
        state["units"][its]["hex"] = "-2,2"
        spots = sorted(home_hexes(state, 0), key=lambda k: distance(k, "-2,2"))
        assert [distance(k, "-2,2") for k in spots[:2]] == [3, 4]
        P.machine(state, 0, "egg_cannon", spots[0 if nearest else 1])
        P.resources(state, 0, wood=0, stone=0, metal=0)
        P.banner(state, 0, ["star"])
        P.stock(state, ["spiked_cannon", "watch_tower", "shield_tower", "mill_tower"])
        legal = GAME.legal_actions(state, 0)
        assert (cut.restock(state, 0, legal) == {"type": "star", "ability": "stock"}) is restocks, nearest
        if restocks:
            state, chosen = play_our_actions(state)
            assert {"type": "star", "ability": "stock"} in chosen

def test_on_a_cut_island_the_lure_goes_only_where_our_leader_can_stop_on_the_way():
    """Our machines fill our territory and the hex past it, so the hexes beyond, which would
    draw its Ram Car into our cannon's range, are four steps away with nowhere to stop: the
    lure keeps our leader home instead of choosing a hex he never reaches (random-island classic
    seed 16 sat at the turn limit that way). With the hex past our territory free, he goes by
    way of it, one move after the other."""
    state, gun, car = bay_position()
    spots = ["-3,-1", "-2,-1", "-3,-2", "-2,-2", "-1,-1"]
    for k, key in zip(spots, ["spiked_cannon", "archer_tower", "watch_tower", "shield_tower", "mill_tower"]):
        P.machine(state, 0, key, k)
    base = state["seats"][0]["base"]
    theirs = set(judge.walk_to(state, state["seats"][1]["base"]))
    guns = cut._guns(state, 0)
    assert cut._miss(state, "0,-1", guns, theirs) < cut._miss(state, base, guns, theirs)
    assert set(cut.hops(state, 0, state["units"]["lead-0"])) == {base}
    assert cut.lure_spot(state, 0) == base
    state, gun, car = bay_position()
    for k, key in zip(spots[:4], ["spiked_cannon", "archer_tower", "watch_tower", "shield_tower"]):
        P.machine(state, 0, key, k)
    way = cut.hops(state, 0, state["units"]["lead-0"])
    assert way["-1,-1"] == "-1,-1" and way["0,-1"] == "-1,-1"
    assert cut.lure_spot(state, 0) in way

def test_on_a_cut_island_a_gun_goes_where_a_chicken_of_ours_stood():
    """No hex of our territory is empty: guns of range 2 that miss its golem by a step, a
    soldier, and one chicken alone on the hex nearest the golem. That chicken pilots a Spiked
    Cannon, which goes on its hex and reaches the golem (random-island classic seed 107: our
    chickens held the last two hexes, and the game sat at the turn limit)."""
    state, its, trans = cut_position()
    state["seats"][0]["hand"].remove(trans)
    golem = state["units"][its]["hex"]
    spots = sorted(home_hexes(state, 0), key=lambda k: distance(k, golem))
    for k, key in zip(spots[1:], ["egg_cannon", "archer_tower", "rock_soldier"], strict=True):
        P.machine(state, 0, key, k)
    hen = next(u["id"] for u in state["units"].values() if u["owner"] == 0 and u["kind"] == "chicken")
    state["units"][hen]["hex"] = spots[0]
    assert distance(spots[0], golem) <= 2 < min(distance(k, golem) for k in spots[1:])
    P.resources(state, 0, wood=3, stone=3, metal=3)
    P.stock(state, ["spiked_cannon", "watch_tower", "shield_tower", "mill_tower"])
    state, chosen = play_our_actions(state)
    assert {"type": "pick_pilot", "unit": hen} in chosen
    assert {"type": "build_at", "hex": spots[0]} in chosen
