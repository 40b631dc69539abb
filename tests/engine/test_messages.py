"""Texts as messages (DESIGN.md, "Texts"): over random playouts every refusal, log line and
prompt is a message whose ids are all known, and every English text has a French one with the
same placeholders."""

import json
import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import IllegalAction
from engine.messages import ids_in, is_message, known, render
from engine.testing import JUNK_ACTIONS

ENGINE = Path(engine.__file__).resolve().parent
CATALOGS = ["engine", "chickenrun", "wfci"]
GAMES = {
    "chickenrun": [{}, {"house_rules": ["S1", "S2", "S3", "B7"]}, {"house_rules": ["R4", "S2"]},
                   {"house_rules": ["R5", "S3"]}, {"house_rules": ["B6", "B7"]}],
    "wfci": [{}, {"players": 3}, {"players": 4, "preset": "classic"}, {"mode": "solo"},
             {"mode": "solo_hard", "preset": "classic"}, {"mode": "solo", "preset": "expert"},
             {"variants": ["quickplay", "base_bonus"]}, {"players": 3, "preset": "expert"},
             {"players": 3, "island": "build"}],
}
BAD_OPTIONS = {
    "chickenrun": [3, {"x": 1}, {"preset": "p"}, {"house_rules": {"S1": 1}}, {"house_rules": "S1"},
                   {"house_rules": ["Z"]}, {"house_rules": ["S1", "S1"]}, {"house_rules": ["R4", "R5"]},
                   {"house_rules": ["R5", "B6"]}],
    "wfci": [3, {"x": 1}, {"preset": "zz"}, {"variants": "a"}, {"variants": ["zz"]},
             {"variants": ["hardcore", "hardcore"]}, {"mode": "solo", "island": "build"}, {"variants": ["teams"]},
             {"preset": "expert", "variants": ["hardcore"]},
             {"variants": ["cockfight", "quickplay"]}, {"variants": ["flag", "hardcore"]}],
}


def assert_known(message, where: str):
    assert is_message(message), f"{where} is not a message: {message!r}"
    unknown = [i for i in ids_in(message) if not known(i)]
    assert not unknown, f"{where} uses unknown ids {unknown}"
    text = render(message)
    assert text and "{" not in text, f"{where} renders badly: {text!r}"


def assert_refused(game, state, seat, action, where: str):
    try:
        game.apply(state, seat, action)
    except IllegalAction as exc:
        assert_known(exc.message, f"refusal of {action!r} ({where})")
        return True
    return False


def check_view(view: dict, viewer):
    assert_known(view["prompt"], f"the prompt for {viewer}")
    for event in view.get("event_messages", []):
        assert_known(event, "an event")
    coming = (view.get("challenger") or {}).get("next_message")
    if coming is not None:
        assert_known(coming, "the Challenger's next step")


def perturbed(action: dict, rng) -> dict:
    """The action with its numbers and squares shifted: mostly illegal, sometimes a new choice."""
    out = {}
    for key, value in action.items():
        if isinstance(value, list) and all(isinstance(v, int) for v in value):
            value = [v + rng.choice((-2, -1, 1, 2)) for v in value]
        elif isinstance(value, int) and not isinstance(value, bool):
            value = value + rng.choice((-1, 1))
        out[key] = value
    return out


def check_playout(slug: str, options: dict, seed: int, steps: int, rng):
    game = engine.get_game(slug)
    players = options.pop("players", 2)
    state = game.setup(seed, players, options)
    if hasattr(game, "describe_start"):
        start = game.describe_start(state)
        if start:
            assert_known(start, "the opening line")
    stale: list = []
    for _ in range(steps):
        for viewer in list(range(players)) + [None]:
            check_view(game.view(state, viewer), viewer)
        seats = game.to_act(state)
        if not seats:
            return
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        for junk in JUNK_ACTIONS + [5, {"type": legal[0]["type"], "zz": 1}]:
            assert assert_refused(game, state, seat, junk, "junk")
        for other in range(players):
            if other not in seats:
                assert assert_refused(game, state, other, legal[0], "out of turn")
        for action in stale + [perturbed(a, rng) for a in legal]:
            if action not in legal:
                assert_refused(game, state, seat, action, "illegal now")
        action = legal[rng.randrange(len(legal))]
        assert_known(game.describe_action(state, seat, action), f"the log line of {action!r}")
        stale = legal
        state = game.apply(state, seat, action)
    for viewer in list(range(players)) + [None]:
        check_view(game.view(state, viewer), viewer)


@pytest.mark.parametrize("slug", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), choice=st.integers(0, 99))
def test_playouts_speak_in_known_messages(slug, seed, choice):
    options = GAMES[slug][choice % len(GAMES[slug])]
    check_playout(slug, json.loads(json.dumps(options)), seed, 200, random.Random(seed))


@pytest.mark.parametrize("slug", sorted(BAD_OPTIONS))
def test_bad_options_are_refused_with_known_messages(slug):
    game = engine.get_game(slug)
    for options in BAD_OPTIONS[slug]:
        with pytest.raises(IllegalAction) as refused:
            game.setup(1, 2, options)
        assert_known(refused.value.message, f"setup with {options!r}")
    for players in (1, 5):
        with pytest.raises(IllegalAction) as refused:
            game.setup(1, players, {})
        assert_known(refused.value.message, f"setup for {players} players")
    for bot in ("no-such-bot",):
        state = game.setup(1, 2, {})
        with pytest.raises(IllegalAction) as refused:
            game.bot_action(state, game.to_act(state)[0], bot)
        assert_known(refused.value.message, "an unknown bot")


def placeholders(text) -> set:
    texts = text.values() if isinstance(text, dict) else [text]
    return {field for t in texts for _, field, _, _ in string.Formatter().parse(t) if field is not None}


@pytest.mark.parametrize("prefix", CATALOGS)
def test_every_text_has_a_french_text_with_the_same_placeholders(prefix):
    folder = ENGINE / "data" if prefix == "engine" else ENGINE / prefix / "data"
    english = json.loads((folder / "messages.json").read_text(encoding="utf-8"))
    french = json.loads((folder / "messages.fr.json").read_text(encoding="utf-8"))
    assert english and set(french) == set(english)
    for message_id, text in english.items():
        assert message_id.startswith(prefix + "."), message_id
        assert type(french[message_id]) is type(text), message_id
        if isinstance(text, dict):
            assert set(text) == set(french[message_id]) == {"one", "other"}, message_id
        assert placeholders(french[message_id]) == placeholders(text), message_id
        assert french[message_id].strip() if isinstance(text, str) else True, message_id


def test_lists_read_naturally():
    from engine.messages import listing, msg, translated

    assert render(listing("engine.list.and", ["a", "b", "c"])) == "a, b and c"
    assert render(listing("engine.list.and", [msg("chickenrun.chickens.1")])) == "the small chicken"
    assert translated("engine.list.and", "fr") == "{head} et {last}"
