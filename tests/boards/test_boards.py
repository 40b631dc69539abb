"""The board registry: each game's own board package, the generic board for the rest."""

from games import boards
from games.boards import chickenrun, generic, wfci


def test_games_with_a_board_package_get_it():
    assert boards.get_board("wfci") is wfci
    assert boards.get_board("chickenrun") is chickenrun
    assert wfci.TEMPLATE == "games/wfci/board.html"
    assert chickenrun.TEMPLATE == "games/chickenrun/board.html"


def test_an_unknown_game_gets_the_generic_board():
    board = boards.get_board("no_such_game")
    assert board is generic
    legal = [{"type": "pass"}]
    assert board.page({"x": 1}, legal, 0, ["Ann"]) == {"view": {"x": 1}, "legal": legal}
