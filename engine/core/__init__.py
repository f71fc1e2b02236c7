"""The game both editions share: value types, board, zones, dice, the hook framework,
the state, the :class:`~engine.core.ruleset.Ruleset` base, the mechanics every edition
runs (movement, attack lines, turn stepping, the legal list), the play loop and replays.

Nothing here imports a ruleset, an agent or the deck-building code: rulesets plug in
through :mod:`engine.core.ruleset`.
"""
