"""Rule machinery every edition runs unchanged: movement (:mod:`.movement`), attack
lines and resolution (:mod:`.attack`), phase and turn stepping (:mod:`.turn`), the
legal-action list (:mod:`.legal`) and applying an action (:mod:`.apply`). Where
editions differ these modules ask the game's ruleset (``st.info.ruleset``)."""
