"""What one replay page shows besides the board: which version, the steps from it and the
few log lines around it (never the whole log: a long match's page would weigh it all)."""

from __future__ import annotations

from ..models import Match, Turn

WINDOW = 3  # log lines shown before and after the position's own


def version_asked(raw: str | None, last: int) -> int:
    """The version `?v=` names, kept within 0..last; no value means the last position.
    ValueError when it is not a whole number."""
    if raw is None or not raw.strip():
        return last
    return max(0, min(int(raw), last))


def steps(version: int, last: int) -> dict:
    """Where each button leads, None where it would not move."""
    return {
        "first": 0 if version > 0 else None,
        "previous": version - 1 if version > 0 else None,
        "next": version + 1 if version < last else None,
        "last": last if version < last else None,
    }


def log_window(match: Match, version: int) -> list[Turn]:
    """The turns from WINDOW before `version` to WINDOW after it, oldest first."""
    return list(
        match.turns.filter(version__gte=version - WINDOW, version__lte=version + WINDOW)
        .order_by("version")
    )
