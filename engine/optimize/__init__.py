"""Deck optimisation: paired games (:mod:`.paired`), the variance measurement
(:mod:`.variance`), card values and swap suggestions."""
