"""The cards played this round as the page reads them from the public log: a card with the
answers to it and what it did, an answer to the die as an event of its own, a turn's own steps
belonging to no card."""

from engine.chickendie.events import card_name, who
from engine.messages import msg
from games.boards.chickendie.played import events

L = "chickendie.log."
NAMES = ["ann", "bob", "cat"]


def line(key, **args):
    return msg(L + key, **args)


def test_an_attack_its_cock_block_and_an_immunity_against_the_die_each_named():
    log = [
        line("turn", who=who(0)),
        line("plays_on", who=who(0), card=card_name("coyote_attack"), target=who(1)),
        line("responds", who=who(1), card=card_name("cock_block"), to=card_name("coyote_attack")),
        line("blocked", card=card_name("coyote_attack"), who=who(0)),
        line("to_cash", who=who(0)),
        line("roll", who=who(0), face=6),
        line("responds", who=who(0), card=card_name("immunity"), to=card_name("die")),
        line("stopped_deaths", card=card_name("immunity"), cause=card_name("die"), who=who(0)),
        line("ends_turn", who=who(0)),
        line("turn", who=who(1)),
        line("draws", who=who(1)),
    ]
    shown = events(log, 3, NAMES)
    assert [e["card"] for e in shown] == ["immunity", "coyote_attack"]  # newest first
    immunity, fox = shown
    assert immunity["answers"] == [] and "ann answers the Chicken Die with Immunity" in immunity["line"]
    assert len(immunity["after"]) == 1 and "Immunity stops the Chicken Die" in immunity["after"][0]
    assert fox["line"] == "ann plays Coyote Attack on bob"
    assert [a["card"] for a in fox["answers"]] == ["cock_block"]
    assert "bob answers Coyote Attack with Cock Block" in fox["answers"][0]["line"]
    assert fox["after"] == ["the Cock Block cancels Coyote Attack and ends ann's play step"]


def test_only_the_last_turn_of_each_player_counts():
    log = [line("turn", who=who(0)), line("plays_on", who=who(0), card=card_name("coyote_attack"), target=who(1))]
    log += [line("turn", who=who(s)) for s in (1, 2, 0)]
    assert events(log, 3, NAMES) == []
    assert [e["card"] for e in events(log[:3], 3, NAMES)] == ["coyote_attack"]


def test_a_setting_changed_before_an_answer_leaves_the_answer_under_its_card():
    log = [
        line("turn", who=who(1)),
        line("plays_on", who=who(1), card=card_name("coyote_attack"), target=who(0)),
        line("auto_pass_on", who=who(0)),
        line("responds", who=who(0), card=card_name("cock_block"), to=card_name("coyote_attack")),
        line("blocked", card=card_name("coyote_attack"), who=who(1)),
    ]
    [attack] = events(log, 3, NAMES)
    assert attack["card"] == "coyote_attack" and [a["card"] for a in attack["answers"]] == ["cock_block"]
    assert len(attack["after"]) == 1  # the Cock Block's effect; the setting is no part of the card
