"""Deck test fixtures: the catalog (and its faction decks) loaded once per module.

``catalog_db`` loads the YAML catalog through the real services inside a module-wide
transaction that is rolled back afterwards; each test runs in a savepoint inside it
(pytest-django's ``db``), so tests stay isolated and the load runs once per module.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):  # type: ignore[no-untyped-def]
    """Tests need no slow key stretching (STYLE.md: the test settings use MD5)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def catalog(catalog_db, db):  # type: ignore[no-untyped-def]
    """The engine catalog, with the database holding the same cards."""
    from engine.deckbuilding.catalog import load_catalog

    return load_catalog()


POLAR_DWARVES_CUSTOM = [
    ("svara", 1),
    ("starting-gate", 1),
    ("gate", 3),
    ("frost-mage", 5),
    ("ice-golem", 5),
    ("ice-ram", 2),
    ("parapet", 2),
    ("ice-repair", 2),
    ("glacial-shift", 2),
    ("nadiana", 1),
    ("ollag", 1),
    ("jarmund", 1),
    ("bear-cavalry", 4),
    ("ice-smith", 4),
]


@pytest.fixture
def svara_cards() -> list[tuple[str, int]]:
    """A legal Polar Dwarves deck as (slug, count) pairs (the faction deck's list)."""
    return list(POLAR_DWARVES_CUSTOM)


@pytest.fixture
def make_deck(catalog, svara_cards):  # type: ignore[no-untyped-def]
    """Create a deck through the service: ``make_deck(owner, visibility="private")``."""
    from decks.services import deck_create

    def make(owner, visibility="private", name="Frost wall", cards=None):  # type: ignore[no-untyped-def]
        return deck_create(
            owner=owner,
            name=name,
            entries=svara_cards if cards is None else cards,
            visibility=visibility,
        )

    return make


@pytest.fixture
def faction_deck(catalog):  # type: ignore[no-untyped-def]
    from decks.models import Deck

    return Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
