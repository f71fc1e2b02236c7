"""Deck building: the catalog loader (:mod:`.catalog`), the construction validator
(:mod:`.construction`), the deck text format and deck codes (:mod:`.decktext`), and
turning a faction slug or a deck file into a playable deck (:mod:`.resolve`)."""
