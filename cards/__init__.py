"""Card catalog: factions, products, cards, faction decks; browse pages and read API."""
