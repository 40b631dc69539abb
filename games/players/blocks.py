"""Blocking a player: they can no longer invite you, join your tables or be paired with you."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..models import Block
from ..refusals import ServiceError


def block(user, other) -> None:
    if other.pk == user.pk:
        raise ServiceError(_("You cannot block yourself."))
    Block.objects.get_or_create(blocker=user, blocked=other)


def unblock(user, other) -> None:
    Block.objects.filter(blocker=user, blocked=other).delete()
