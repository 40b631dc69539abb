"""Errors shared by every game engine."""


class IllegalAction(Exception):
    """An action (or setup option) the rules do not allow.

    The message is shown to the player as is, so it must say why in plain words.
    """
