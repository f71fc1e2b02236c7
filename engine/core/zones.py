"""Zones (R1, R8c, R8e), as small ints for speed: every card is in exactly one.

``DECK`` draw deck, ``HAND``, ``DISCARD`` pile, ``BOARD`` (the battlefield), ``ACTIVE``
(ACTIVE events in play), ``UNDER`` (tucked under another card), ``MAGIC`` (a
first-edition magic pile, face down: ``GameState.magic_pile``; never in the second).
``-1`` is "nowhere" (before setup deals the cards)."""

from __future__ import annotations

DECK, HAND, DISCARD, BOARD, ACTIVE, UNDER, MAGIC = range(7)
ZONE_NAMES = ("deck", "hand", "discard", "board", "active", "under", "magic")
