"""Replays of finished matches, one position at a time.

`checkpoints` rebuilds the game state at any version in bounded work (a cached state every
few turns, the stored snapshot for the last one); `position` says what one replay page shows
of the log around that version.
"""
