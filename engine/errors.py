"""Errors shared by every game engine."""

from __future__ import annotations

from .messages import is_message, msg, render


class IllegalAction(Exception):
    """An action (or setup option) the rules do not allow.

    Raised with a message id and its arguments (`IllegalAction("wfci.refuse.no_path", hex="b3")`)
    so the site can say why in the player's language; `str()` gives the English sentence.
    A plain sentence is still accepted for texts not yet turned into messages.
    """

    def __init__(self, text, **args):
        if is_message(text):
            self.message = text
        elif isinstance(text, str) and " " not in text and "." in text:
            self.message = msg(text, **args)
        else:
            self.message = str(text)
        super().__init__(render(self.message))
