import random, re
import pytest, engine
from games import services
from tests.factories import make_user
from tests.web.test_wfci_board import state_of, GAME
pytestmark = pytest.mark.django_db

def test_dbg(client):
    ann, bob = make_user("ann"), make_user("bob")
    match = services.create_match(ann, "wfci", 2)
    services.join_match(bob, match)
    state = state_of(match)
    rng = random.Random(1)
    for _ in range(4000):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if seat == 0 and state["stack"][-1]["kind"] == "build" and any(a["type"] == "pick_pilot" for a in legal):
            break
        wanted = [a for a in legal if a["type"] in ("build", "retrieve", "take", "roll", "keep", "end_actions",
                                                    "end_turn", "choose_leader", "claim_base", "done")]
        state = GAME.apply(state, seat, rng.choice(wanted) if wanted else rng.choice(legal))
    match.state = GAME.serialize(state); match.to_act = GAME.to_act(state); match.save()
    client.force_login(ann)
    page = client.get(match.get_absolute_url()).content.decode()
    print(GAME.legal_actions(state, 0))
    print(re.findall(r'<g class="tok[^>]*>', page)[:10])
    print(match.status)
