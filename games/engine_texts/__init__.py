"""Engine message ids for makemessages, one generated module per game (docs/i18n.md)."""
