"""The Chicken Die! page: the create form, exactly the legal choices as buttons, and an attack
that gives its target a decision while everyone else just waits."""

import html
import json
import re

import pytest
from django.urls import reverse

from engine.chickendie import GAME
from engine.chickendie import cards as C
from engine.chickendie.positions import position
from engine.messages import ids_in, known
from games.boards.chickendie import label
from games.play import visibility, services
from games.models import Match
from tests.factories import acting_user, human_match, make_user

pytestmark = pytest.mark.django_db


def actions_on(page):
    return [json.loads(html.unescape(m)) for m in re.findall(r'data-action="([^"]*)"', page)]


def key(action):
    return json.dumps(action, sort_keys=True)


def test_create_form_offers_chickendie_for_six_with_bots(client):
    client.force_login(make_user("alice"))
    page = client.get(reverse("new_match") + "?game=chickendie").content.decode()
    assert 'value="farmer"' in page and 'value="6"' in page
    response = client.post(reverse("new_match"), {"game": "chickendie", "players": 4, "seat_1": "farmer",
                                                  "seat_2": "random", "seat_3": "farmer"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.status == Match.Status.ACTIVE


def test_the_page_marks_exactly_the_legal_actions(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob, game="chickendie")
    mover = acting_user(match, alice, bob)
    client.force_login(mover)
    page = client.get(match.get_absolute_url()).content.decode()
    _, legal = visibility.game_view(match, match.seat_of(mover))
    assert sorted(map(key, actions_on(page))) == sorted(map(key, legal))
    assert "Your hand" in page and "The Chicken Die" in page and "Chicken Graveyard" in page
    other = bob if mover == alice else alice
    client.force_login(other)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "data-action=" not in page
    hidden = match.state["hands"][match.seat_of(mover)]
    assert not any(card in page for card in hidden)


def play_until_an_attack(match, alice, bob):
    """Both players take plain steps until one of them can play an attack card on the other."""
    for _ in range(400):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return None
        mover = acting_user(match, alice, bob)
        _, legal = visibility.game_view(match, match.seat_of(mover))
        attacks = [a for a in legal if a["type"] == "play" and C.category(a["card"]) == "attack"]
        if attacks and match.state["stack"][-1]["op"] == "turn":
            services.submit_action(match, mover, attacks[0], match.version)
            return mover
        plain = [a for a in legal if a["type"] in ("next", "roll", "end_turn", "let", "take", "choose")]
        services.submit_action(match, mover, (plain or legal)[0], match.version)
    return None


def test_an_attack_gives_its_target_a_decision_and_the_other_sees_waiting(client):
    for _attempt in range(5):
        alice, bob = make_user(f"alice{_attempt}"), make_user(f"bob{_attempt}")
        match = human_match(alice, bob, game="chickendie")
        attacker = play_until_an_attack(match, alice, bob)
        if attacker:
            break
    target = bob if attacker == alice else alice
    match.refresh_from_db()
    assert match.to_act == [match.seat_of(target)]
    clocks = {seat.index: seat for seat in match.seats.all()}
    assert clocks[match.seat_of(target)].turn_started_at is not None, "the target's clock runs while they decide"
    assert clocks[match.seat_of(attacker)].turn_started_at is None
    client.force_login(target)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'class="decision deciding alert"' in page and "respond or let it happen" in page
    assert {"type": "let"} in actions_on(page)
    client.force_login(attacker)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Waiting for" in page and "decision-about" not in page and "data-action=" not in page


def test_the_api_lists_chicken_die(client):
    client.force_login(make_user("alice"))
    games = client.get("/api/games/").json()
    entries = games if isinstance(games, list) else games.get("results", games)
    assert any(g.get("slug") == "chickendie" or g.get("id") == "chickendie" for g in entries)


def test_every_message_a_game_writes_has_its_english_text():
    missing = set()
    for seed, players in [(5, 3), (6, 5)]:
        state = GAME.setup(seed, players, {})
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            kinds = {c["id"]: c["kind"] for c in view["you"]["hand"] + view["discard"] + view["graveyard"]}
            for s in view["seats"]:
                kinds.update({c["id"]: c["kind"] for c in s["flock"]})
            for action in legal:
                missing.update(i for i in ids_in(label(action, kinds, {}, 3)) if not known(i))
            missing.update(i for i in ids_in(view["prompt"]) + ids_in(view["log"]) if not known(i))
            action = GAME.bot_action(state, seat, "random")
            missing.update(i for i in ids_in(GAME.describe_action(state, seat, action)) if not known(i))
            state = GAME.apply(state, seat, action)
    for kind in list(C.card_types()) + ["chick", "hen", "die"]:
        missing.update(i for i in (f"chickendie.card.{kind}.name", f"chickendie.card.{kind}.text") if not known(i))
    assert missing == set()


def stored(match, state):
    """The match at a constructed position (seat 0 is the match's creator)."""
    match.state = GAME.serialize(state)
    match.to_act = GAME.to_act(state)
    match.version += 1
    match.save()
    return match


def page_and_legal(client, match, user):
    client.force_login(user)
    page = client.get(match.get_absolute_url()).content.decode()
    _, legal = visibility.game_view(match, match.seat_of(user))
    assert sorted(map(key, actions_on(page))) == sorted(map(key, legal))
    return page, legal


def people():
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob, game="chickendie")
    users = {match.seat_of(alice): alice, match.seat_of(bob): bob}
    return match, users


def test_the_page_offers_end_your_turn_before_the_draw(client):
    match, users = people()
    state = position(2, hands={0: ["end_your_turn", "coyote_attack"]}, step="collect")
    page, legal = page_and_legal(client, stored(match, state), users[0])
    assert {"type": "draw"} in legal and any(a["type"] == "play" for a in legal)
    assert "Draw a card" in page and "Play End Your Turn" in page
    assert "Step 2: draw a card, or end your turn now with End Your Turn." in page
    assert "Play Coyote Attack" not in page  # attacks wait for step 3


def test_the_page_lets_the_swapper_choose_the_hens_they_receive(client):
    match, users = people()
    state = position(2, hands={0: ["hen_swap"]}, flocks={0: ["chick"], 1: ["hen!", "hen", "hen", "hen"]})
    state = GAME.apply(state, 0, {"type": "play", "card": state["hands"][0][0], "target": 1})
    state = GAME.apply(state, 1, {"type": "let"})
    page, legal = page_and_legal(client, stored(match, state), users[0])
    assert len([a for a in legal if a["type"] == "choose"]) == 2
    seat_1 = page[page.index('id="cd-seat-1"'):]
    assert "infertile Hen" in seat_1 and seat_1.count('data-action="{&quot;chicken') == 2
    assert "choose a Hen of" in page and "you receive (3 still to choose)" in page
    assert "Hen Swap: Swap all of your Hens" in page
    page, legal = page_and_legal(client, match, users[1])
    assert legal == [] and "Waiting for" in page


def played_section(page):
    """The cards played this round: what shows at once, and the fold with the rest."""
    section = page[page.index('id="cd-played"'):page.index("</section>", page.index('id="cd-played"'))]
    shown, _, folded = section.partition("<details")
    return shown, folded


def test_the_round_folds_to_its_newest_card_with_every_answer_named_for_everyone(client):
    match, users = people()
    state = position(2, hands={0: ["dino_chicken", "robo_hen", "coyote_attack"], 1: ["cock_block"]})
    hand = state["hands"][0]
    for card in hand[:2]:
        state = GAME.apply(state, 0, {"type": "play", "card": card})
    state = GAME.apply(state, 0, {"type": "play", "card": hand[2], "target": 1})
    state = GAME.apply(state, 1, {"type": "respond", "card": state["hands"][1][0]})
    stored(match, state)
    spectator = make_user("carol")
    for user in [users[0], users[1], spectator]:
        client.force_login(user)
        shown, folded = played_section(client.get(match.get_absolute_url()).content.decode())
        assert "Coyote Attack" in shown and "Cock Block" in shown, user  # the newest card and its answer
        assert "Robo-Hen" not in shown and "Dino Chicken" not in shown
        assert "2 earlier cards this round" in folded and "Robo-Hen" in folded and "Dino Chicken" in folded


def test_your_flock_and_hand_come_first_and_the_flocks_before_them_when_you_choose_theirs(client):
    match, users = people()
    state = position(2, hands={0: ["coyote_attack", "dino_chicken"]})
    page, _legal = page_and_legal(client, stored(match, state), users[0])
    order = [page.index(f'id="{part}"') for part in ("cd-you", "cd-hand", "cd-played", "cd-flocks")]
    assert order == sorted(order)
    assert 'id="cd-seat-0"' in page[order[0]:order[1]] and 'id="cd-seat-0"' not in page[order[3]:]
    state = GAME.apply(state, 0, {"type": "play", "card": state["hands"][0][0], "target": 1})
    state = GAME.apply(state, 1, {"type": "let"})
    page, legal = page_and_legal(client, stored(match, state), users[0])
    assert legal and all(a["type"] in ("choose", "set_auto_pass") for a in legal)  # one of bob's chickens
    assert page.index('id="cd-you"') < page.index('id="cd-flocks"') < page.index('id="cd-hand"')
