"""Decks and collections: construction checks, import/export, the builder."""
