"""Fixtures for the cards app: the real catalog (loaded or not) and a tiny YAML catalog
in tmp_path. ``api_client`` comes from tests/conftest.py; the catalog builders live in
tests/cards/catalogs.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.services import catalog_load
from engine.deckbuilding.catalog import load_catalog
from tests.cards.catalogs import mini_catalog_files, write_catalog


@pytest.fixture(scope="session")
def catalog():
    """The project's real catalog (cards/data/), parsed once per test session."""
    return load_catalog()


@pytest.fixture
def loaded_catalog(db, catalog):
    """The real catalog, loaded into the test database."""
    catalog_load(catalog=catalog)
    return catalog


@pytest.fixture
def mini_catalog_dir(tmp_path: Path) -> Path:
    """A valid one-faction catalog directory (faction "frost", 14 cards, R9 deck)."""
    return write_catalog(tmp_path / "catalog", mini_catalog_files())
