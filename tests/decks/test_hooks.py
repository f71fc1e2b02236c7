"""decks plugs into the catalog's hooks (``cards.hooks``, ``decks.receivers``) instead
of the catalog importing decks: ``load_catalog`` still refreshes the faction decks
and prints their report, and each hook has decks' receiver connected once."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace

from django.core.management import call_command

from cards import hooks
from decks import receivers
from decks.models import Deck


def test_load_catalog_refreshes_the_faction_decks_and_reports_them(db):
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert "faction decks:" in out.getvalue()
    decks = Deck.objects.filter(is_faction_deck=True)
    assert decks.filter(ruleset="second").exists()
    assert decks.filter(ruleset="first").exists()
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert "faction decks: 0 created, 0 updated, 0 deleted" in out.getvalue()


def test_decks_answers_each_catalog_hook_once(db):
    receivers.connect()  # again: each dispatch_uid keeps one connection
    synced = hooks.answers(hooks.catalog_loaded, None, editions=["second"])
    assert [type(a).__name__ for _, a in synced] == ["SyncReport"]
    assert [a for _, a in hooks.answers(hooks.owned_cards, None, user=None)] == [None]
    card = SimpleNamespace(slug="no-such-card", edition="second")
    page = hooks.page_context(hooks.card_page, None, request=None, card=card)
    assert page["decks_using_count"] == 0 and not page["decks_using"]
