"""Helpers shared by the command-line tools and the site: statistics (:mod:`.stats`) and
agent strength tables (:mod:`.measure`)."""
