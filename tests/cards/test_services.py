"""catalog_load: upsert by slug, delete what left the catalog, idempotent."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import models

from cards.models import (
    Ability,
    Card,
    Faction,
    FactionDeckEntry,
    Product,
    ProductCard,
    ProductFaction,
    SummonerSetup,
    Symbol,
)
from cards.services import catalog_load
from engine.deckbuilding.catalog import load_catalog
from tests.cards.catalogs import mini_catalog_files, remove_card, write_catalog

pytestmark = pytest.mark.django_db

TABLES: list[type[models.Model]] = [
    Symbol,
    Product,
    ProductFaction,
    Faction,
    Faction.build_symbols.through,
    Card,
    Card.symbols.through,
    Ability,
    FactionDeckEntry,
    SummonerSetup,
    ProductCard,
]


def dump() -> dict[str, list[dict]]:
    """Every row of every catalog table, every column (timestamps included)."""
    return {
        m._meta.label: list(m._default_manager.order_by("pk").values()) for m in TABLES
    }


def test_load_real_catalog_twice_changes_nothing(catalog):
    first = catalog_load(catalog=catalog)
    assert first.changed
    assert Card.objects.count() == len(catalog.cards)
    assert Faction.objects.count() == len(catalog.factions)
    assert Product.objects.count() == len(catalog.products)
    before = dump()

    second = catalog_load(catalog=load_catalog())

    assert not second.changed
    assert (second.created, second.updated, second.deleted) == (0, 0, 0)
    assert second.unchanged == first.created
    assert dump() == before


def test_load_real_catalog_rows_match_catalog(loaded_catalog):
    for slug, c in loaded_catalog.cards.items():
        row = Card.objects.get(slug=slug)
        assert (row.name, row.cost, row.strength, row.life) == (
            c.name,
            c.cost,
            c.strength,
            c.life,
        )
        assert row.faction_id == (
            Faction.objects.get(slug=c.faction).pk if c.faction else None
        )
        assert row.classes == [cls.value for cls in c.classes]
        assert row.stats_known == c.stats_known
        assert set(row.symbols.values_list("name", flat=True)) == set(c.symbols)
        assert list(row.abilities.values_list("ability_id", flat=True)) == [
            a.id for a in c.abilities
        ]
    svara = Faction.objects.get(slug="polar-dwarves")
    assert svara.summoner.slug == "svara"
    deck = loaded_catalog.factions["polar-dwarves"].deck
    assert (
        sum(
            FactionDeckEntry.objects.filter(faction=svara).values_list(
                "count", flat=True
            )
        )
        == deck.size()
    )


def test_product_cards_sum_faction_decks(loaded_catalog):
    master = Product.objects.get(slug="master-set")
    expected: dict[str, int] = {}
    for fslug in loaded_catalog.products["master-set"].factions:
        deck = loaded_catalog.factions[fslug].deck
        for e in deck.entries if deck else ():
            expected[e.card] = expected.get(e.card, 0) + e.count
    got = dict(
        ProductCard.objects.filter(product=master).values_list("card__slug", "count")
    )
    assert got == expected
    # The six Master Set decks each hold 1 starting gate and 3 gates.
    assert got["gate"] == 3 * len(loaded_catalog.products["master-set"].factions)


def test_mini_catalog_rows(mini_catalog_dir):
    report = catalog_load(catalog=load_catalog(mini_catalog_dir))
    assert report.tables["cards"].created == 14
    assert report.tables["factions"].created == 1
    assert report.tables["factions"].updated == 0  # summoner set in the same run
    frost = Faction.objects.get(slug="frost")
    assert frost.summoner.slug == "yeti-queen"
    assert [s.name for s in frost.build_symbols.all()] == ["Water", "Logic"]
    assert frost.product.slug == "frost-box"
    assert frost.deck_confidence == "medium"
    archer = Card.objects.get(slug="snow-archer")
    assert archer.data_complete and archer.stats_known
    brute = Card.objects.get(slug="ice-brute")
    assert (brute.strength, brute.life, brute.cost) == (None, None, 3)
    assert not brute.stats_known and not brute.symbols_known
    assert not brute.data_complete
    assert "frost arrow" in archer.search_text
    assert "gains 1 strength" in archer.search_text
    entries = FactionDeckEntry.objects.filter(card=archer).order_by("order")
    assert [(e.role, e.count) for e in entries] == [
        ("starting_unit", 1),
        ("common", 4),
    ]
    assert ProductCard.objects.get(card=archer, product__slug="frost-box").count == 5
    assert (
        sum(
            ProductCard.objects.filter(product__slug="frost-box").values_list(
                "count", flat=True
            )
        )
        == 34
    )
    setup = SummonerSetup.objects.get(faction=frost)
    assert (setup.summoner_row, setup.summoner_col, setup.gate_row) == (0, 3, 2)
    assert setup.units[0] == {"card": "snow-archer", "row": 2, "col": 2}
    event = Card.objects.get(slug="avalanche")
    assert event.phase == "magic" and event.attack_type == ""
    assert event.abilities.get().ability_id == "avalanche.effect"


def test_reload_updates_and_deletes(tmp_path):
    files = mini_catalog_files()
    catalog_load(catalog=load_catalog(write_catalog(tmp_path / "a", files)))
    archer_pk = Card.objects.get(slug="snow-archer").pk

    remove_card(files, "snow-drift")  # the last card: no one else moves up
    archer = next(c for c in files["frost.yaml"]["cards"] if c["slug"] == "snow-archer")
    archer["life"] = 4
    report = catalog_load(catalog=load_catalog(write_catalog(tmp_path / "b", files)))

    cards = report.tables["cards"]
    assert (cards.created, cards.updated, cards.deleted) == (0, 1, 1)
    assert report.touched["cards"] == {("snow-archer",)}
    assert cards.unchanged == 12
    assert report.tables["abilities"].deleted == 1
    assert report.tables["faction deck entries"].deleted == 16  # deck now unknown
    assert report.tables["product cards"].deleted > 0
    assert not Card.objects.filter(slug="snow-drift").exists()
    assert not FactionDeckEntry.objects.exists()
    archer_row = Card.objects.get(slug="snow-archer")
    assert archer_row.pk == archer_pk  # updated in place, not recreated
    assert archer_row.life == 4

    again = catalog_load(catalog=load_catalog(write_catalog(tmp_path / "c", files)))
    assert not again.changed


def test_load_catalog_command_is_idempotent(mini_catalog_dir):
    out = StringIO()
    call_command("load_catalog", "--data-dir", str(mini_catalog_dir), stdout=out)
    assert "catalog updated" in out.getvalue()
    out = StringIO()
    call_command("load_catalog", "--data-dir", str(mini_catalog_dir), stdout=out)
    text = out.getvalue()
    assert "catalog unchanged" in text
    assert "already up to date" in text


def test_load_catalog_command_malformed_catalog(tmp_path):
    files = mini_catalog_files()
    brute = next(c for c in files["frost.yaml"]["cards"] if c["slug"] == "ice-brute")
    brute["card_type"] = "wizard"
    data_dir = write_catalog(tmp_path / "bad", files)
    with pytest.raises(CommandError) as err:
        call_command("load_catalog", "--data-dir", str(data_dir), stdout=StringIO())
    message = str(err.value)
    assert "frost.yaml" in message
    assert "ice-brute" in message
    assert "card_type" in message
    assert not Card.objects.exists()


def test_load_catalog_command_missing_dir(tmp_path):
    with pytest.raises(CommandError, match="not a directory"):
        call_command("load_catalog", "--data-dir", str(tmp_path / "nope"))
