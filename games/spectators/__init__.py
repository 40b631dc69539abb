"""Watching a match without a seat (docs/chat.md, "Spectators").

- presence: who has a match's page open without a seat, and how many watch now
- listing: the lobby's Watch list (public matches in progress)

A spectator's page and API answers are built from the engine's spectator view
(`view(state, None)`) and the public log, like any seat's from its own: games.play.visibility does
that for everyone. A private match has no spectators and is never listed.
"""
