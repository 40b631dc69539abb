"""The fallback board: the view as data and the legal actions as buttons."""

TEMPLATE = "games/generic_board.html"


def page(view: dict, legal: list[dict], seat: int | None, players: list[str]) -> dict:
    return {"view": view, "legal": legal}
