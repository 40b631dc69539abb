"""The rulebooks' challenges and each game's own achievements, on the site (docs/achievements.md).

- catalog: each game's achievements, their names and texts in the reader's language
- award: what a finished match earned its people (the engines detect it from the turn log),
  recorded once; careers (9 solo leaders, every mode) across a person's finished matches
- profile: a player's achievements as the profile page and the API show them

The write path announces a finished match (games.signals.match_finished); games.tasks awards
after the commit, and the `award_achievements` command backfills finished matches.
"""
