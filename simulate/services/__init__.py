"""Writes of the simulate app: ``jobs`` (lifecycle of a simulation job), ``decks``
(deck references -> frozen, validated decks), ``matrices`` (round robins)."""
