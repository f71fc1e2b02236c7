"""Deck models (issue: deck building)."""
