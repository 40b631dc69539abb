"""The WfCI page in French: card faces, events, unit names and the Challenger's words come
from the engine's message ids, so a French reader reads the 2nd edition's words."""

import random

import pytest
from django.urls import reverse
from django.utils import translation

import engine
from engine.messages import choose_plural, render, translated
from games.lobby import tables
from games.boards import wfci
from tests.factories import make_user

GAME = engine.get_game("wfci")


def solo_positions(seed: int, steps: int):
    """Positions of a solo game played by random legal choices, each with the viewer's view."""
    rng = random.Random(seed)
    state = GAME.setup(seed, 2, {"mode": "solo"})
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            return
        seat = next(iter(GAME.to_act(state)))
        yield state, seat
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def french(message_id: str) -> str:
    return translated(message_id, "fr")


def test_cards_events_and_challenger_read_in_french():
    seen = {"card": 0, "event": 0, "order": 0}
    for state, seat in solo_positions(5, 150):
        view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0) if seat == 0 else []
        with translation.override("fr"):
            page = wfci.page(view, legal, 0, ["Poule", "Défi"])
        for c in page["stock"] + page["seats"][0]["hand"]:
            assert c["card"]["name"] == french(c["card"]["name_id"])
            assert c["card"]["text"] == french(c["card"]["text_id"])
            seen["card"] += 1
        for line, message in zip(page["events"], view["event_messages"]):
            assert line == render(message, ["Poule", "Défi"], in_french, "fr")
            seen["event"] += 1
        for a in (page["challenger"] or {}).get("activation") or []:
            assert "'s" not in a["name"]
            seen["order"] += 1
    assert all(seen.values()), seen


def in_french(message_id: str, args: dict) -> str:
    return choose_plural(translated(message_id, "fr"), args)


def test_english_readers_keep_the_engine_words():
    for state, seat in solo_positions(5, 40):
        view = GAME.view(state, 0)
        with translation.override("en"):
            page = wfci.page(view, [], 0, ["Hen", "Challenger"])
        assert [c["card"]["name"] for c in page["stock"]] == [c["name"] for c in view["stock"]]
        assert page["events"] == view["events"]
        if page["challenger"]:
            assert [a["name"] for a in page["challenger"]["activation"]] == \
                [a["name"] for a in view["challenger"]["activation_order"]]


@pytest.mark.django_db
def test_lobby_and_create_form_name_the_options_in_french(client):
    poule = make_user("poule", language="fr")
    tables.create_match(poule, "wfci", 2, {"preset": "classic", "variants": ["hardcore"]})
    client.force_login(poule)
    page = client.get(reverse("lobby")).content.decode()
    assert "Solo contre le Prétendant" in page and "Solo against" not in page
    assert "Classique (1re édition)" in page and "Hardcore (1re édition)" in page
    form = client.get(reverse("new_match") + "?game=wfci").content.decode()
    assert "Expert (2e édition)" in form and "Combat de coqs" in form and "Cockfight" not in form
    form = client.get(reverse("new_match") + "?game=chickenrun").content.decode()
    assert "Poulets en liberté" in form and "Loose chickens" not in form


@pytest.mark.django_db
def test_lobby_keeps_english_for_english_readers(client):
    client.force_login(make_user("hen"))
    assert "Solo against the Challenger" in client.get(reverse("lobby")).content.decode()
    form = client.get(reverse("new_match") + "?game=wfci").content.decode()
    assert "Classic (1st edition)" in form
