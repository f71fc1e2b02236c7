"""Simulation job models (issue: simulations)."""
