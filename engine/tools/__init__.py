"""Helpers shared by the command-line tools and the site: statistics (:mod:`.stats`),
Elo ratings (:mod:`.elo`), agent strength tables (:mod:`.measure`) and how agents
play (:mod:`.behaviour`)."""
