"""The skirmisher in capture the flag, on constructed positions of the two-player starter island
(the Long bay: 15 steps between the bases, so the way there is what a two-player game is about).
Each test is a behaviour the skirmisher lacked while 88 of 100 two-player games ended at the turn
limit; the last is a three-player position."""

from engine.wfci import bots, cards, flag, positions as P, turn
from engine.wfci.skirmisher.judge import flag_goal, walk_to

FLAG = {"variants": ["flag"]}
RED_BASE, BLUE_BASE = "-4,-1", "-8,8"  # seat 0 and seat 1 on the Long bay, seed 0


def long_bay(red_hens=5):
    """An empty Long bay: each flag on a chicken of its base, Red with `red_hens` more chickens
    at home (none waiting to be retrieved), no dice, no resources, no scrolls in hand; Red's
    Take-actions step with its free action."""
    state = P.started(2, 0, FLAG, layout=None)
    assert [s["base"] for s in state["seats"]] == [RED_BASE, BLUE_BASE]
    P.clear_island(state)
    for seat, base in ((0, RED_BASE), (1, BLUE_BASE)):
        keeper = P.chicken(state, seat, base)
        f = flag.owner_flag(state, seat)
        f["unit"], f["hex"] = keeper, None
        P.banner(state, seat, [])
        P.resources(state, seat, wood=0, stone=0, metal=0)
        P.empty_hand(state, seat)
    for _ in range(red_hens):
        P.chicken(state, 0, RED_BASE)
    return P.actions_step(state, 0)


def choice(state):
    return bots.bot_action(state, 0, "skirmisher")


def test_a_stack_on_its_way_walks_past_a_fight_far_from_both_flags():
    """A fight half-way only trades units on the long way; a golem that can still step toward
    Blue's flag goes on (it used to stop for every fight it could win)."""
    state = long_bay(red_hens=3)
    P.machine(state, 0, "rock_golem", "-1,1")
    P.chicken(state, 1, "-1,2")
    assert {"type": "attack", "unit": next(u for u in state["units"] if u.startswith("m")), "pay": "free"} \
        in turn.legal(state, 0)
    assert choice(state)["type"] != "attack"


def test_a_fight_near_a_flag_is_still_taken():
    """Near Blue's flag (or near our base) every fight we can win is still worth it."""
    state = long_bay(red_hens=3)
    golem = P.machine(state, 0, "rock_golem", "-5,8")
    P.chicken(state, 1, "-6,8")
    assert choice(state) == {"type": "attack", "unit": golem, "pay": "free"}


def test_a_fight_for_the_flag_is_tried_below_even_odds():
    """At Blue's gate a chicken (strength 1) fights the flag's keeper (armor 2 + 2 on its base):
    a failed fight costs only the action, and the flag comes home on a chicken."""
    state = long_bay(red_hens=4)
    raider = P.chicken(state, 0, "-7,8")
    assert choice(state) == {"type": "attack", "unit": raider, "pay": "free"}


def test_a_machine_that_does_not_band_leaves_an_opponents_flag_alone():
    """A ram car that took Blue's flag would hold it for good: no chicken can join it to take it
    over, and it may not enter our base. It leaves the carrier to others."""
    state = long_bay(red_hens=3)
    car = P.machine(state, 0, "ram_car", "-1,2")
    carrier = P.chicken(state, 1, "-2,2")
    f = flag.owner_flag(state, 1)
    f["unit"], f["hex"] = carrier, None
    assert {"type": "attack", "unit": car, "pay": "free"} in turn.legal(state, 0)
    assert choice(state)["type"] != "attack"


def test_chickens_waiting_to_be_retrieved_come_back_before_the_march():
    state = long_bay(red_hens=2)
    assert len(state["seats"][0]["destroyed"]) == 3
    assert choice(state)["type"] == "retrieve"


def test_chickens_board_a_machine_that_bands_and_the_flags_keeper_stays_home():
    """A stack moves at its fastest member's speed and a flag its machine takes passes to its
    chicken: the chickens at home step onto the soldier at the gate, our flag stays home."""
    state = long_bay(red_hens=4)
    soldier = P.machine(state, 0, "rock_soldier", "-3,-1")
    pick = choice(state)
    assert pick["type"] == "move" and pick["hex"] == RED_BASE
    for _ in range(10):
        state = turn.apply_action(state, 0, pick)
        if state["stack"][-1]["kind"] != "move":
            break
        pick = choice(state)
    riders = [u for u in state["units"].values() if u["hex"] == "-3,-1" and u["kind"] == "chicken"]
    assert riders and state["units"][soldier]["hex"] == "-3,-1"
    keeper = state["units"][flag.owner_flag(state, 0)["unit"]]
    assert keeper["hex"] == RED_BASE


def test_a_build_leaves_chickens_to_bring_a_flag_home():
    """Pilots are chickens: with two golems piloted and three chickens left, a soldier would
    leave two, too few to keep our flag and go for theirs."""
    state = long_bay(red_hens=0)
    P.machine(state, 0, "rock_golem", "-3,-1")
    P.machine(state, 0, "mud_golem", "-3,-2")
    P.chicken(state, 0, RED_BASE)
    P.stock(state, ["rock_soldier", "twig_soldier", "iron_soldier", "spear_soldier"])
    P.resources(state, 0, wood=2, stone=2, metal=2)
    assert len(state["seats"][0]["destroyed"]) == 0
    assert any(a["type"] == "build" for a in turn.legal(state, 0))
    assert choice(state)["type"] != "build"


def test_a_build_on_the_long_way_leaves_five_chickens():
    """Only a chicken brings a flag home, and the way eats them: with six chickens a golem (two
    pilots) is not built, a soldier (one pilot) is. With three kept, machines took the pilots and
    32 of the first 100 two-player games ended at the turn limit; with five kept, 14."""
    state = long_bay(red_hens=5)
    P.stock(state, ["rock_golem", "rock_soldier"])
    P.resources(state, 0, wood=0, stone=5, metal=0)
    legal = turn.legal(state, 0)
    builds = {cards.card(a["card"])["key"] for a in legal if a["type"] == "build"}
    assert builds == {"rock_golem", "rock_soldier"}
    pick = choice(state)
    assert pick["type"] == "build" and cards.card(pick["card"])["key"] == "rock_soldier"


def test_between_two_flags_as_near_each_bot_goes_for_the_next_player_round_the_table():
    """Ties between opponents used to go to the lowest seat, so every bot went for seat 0's
    flag first (seat 0 won 66 of 299 three-player games between skirmishers). Each seat, with
    one chicken as near to both other flags, now goes for the next player's."""
    state = P.started(3, 0, FLAG, layout=None)
    P.clear_island(state)
    bases = [s["base"] for s in state["seats"]]
    for seat, base in enumerate(bases):
        f = flag.owner_flag(state, seat)
        f["unit"], f["hex"] = P.chicken(state, seat, base), None
    for seat in range(3):
        one, two = walk_to(state, bases[(seat + 1) % 3]), walk_to(state, bases[(seat + 2) % 3])
        between = sorted(k for k in one if k in two and one[k] == two[k] and k not in bases)
        assert between
        hen = P.chicken(state, seat, between[0])
        assert flag_goal(state, seat)["owner"] == (seat + 1) % 3
        del state["units"][hen]
        state["seats"][seat]["destroyed"].append(hen)


def _stuck(state):
    """Red with six chickens and resources for a machine (too few to roll a chicken die again),
    and a stock of a Golem (two pilots, never spared on the long way) and three machines that
    cannot walk."""
    P.stock(state, ["rock_golem", "boulder_cannon", "shield_tower", "archer_tower"])
    P.resources(state, 0, wood=2, stone=2, metal=1)
    return state


def test_a_stock_of_nothing_it_would_build_is_dealt_again_with_a_star():
    """With a Golem counted as a walker, such a stock stayed for the rest of a game: no machine
    was built after round 10 and the game stopped at the turn limit."""
    state = _stuck(long_bay(red_hens=5))
    P.banner(state, 0, ["star"])
    assert {"type": "star", "ability": "stock"} in turn.legal(state, 0)
    assert choice(state) == {"type": "star", "ability": "stock"}


def test_with_the_stock_stuck_and_no_star_its_fight_dice_are_rolled_again():
    """Five dice showing 3, kept for fights, were never rolled again, so no star came to deal
    the stock anew; a claw and a chicken are still kept."""
    state = _stuck(long_bay(red_hens=5))
    P.banner(state, 0, ["3", "3", "2", "claw", "chicken"])
    state["stack"][0]["step"] = "roll"
    rolled = []
    while (pick := choice(state))["type"] == "toggle_die":
        rolled.append(pick["die"])
        state = turn.apply_action(state, 0, pick)
    assert pick == {"type": "roll"}
    faces = {d["id"]: d["face"] for d in state["seats"][0]["banner"]}
    assert sorted(faces[d] for d in rolled) == ["2", "3", "3"]


def test_with_a_machine_it_would_build_in_the_stock_its_dice_stay():
    state = long_bay(red_hens=5)
    P.stock(state, ["rock_soldier", "boulder_cannon", "shield_tower", "archer_tower"])
    P.resources(state, 0, wood=2, stone=2, metal=1)
    P.banner(state, 0, ["3", "3", "2", "claw", "chicken"])
    state["stack"][0]["step"] = "roll"
    assert choice(state) == {"type": "roll"}
