"""The second-edition rules, one module per area (R2-R8):

- :mod:`.setup` (R2), :mod:`.turn` (R3, R8d turn cap, cost of inaction from R7),
- :mod:`.summon` (R4), :mod:`.move` (R5), :mod:`.build` (R6), :mod:`.attack` (R7),
- :mod:`.magic` (R8a), :mod:`.events` (R8c), :mod:`.apply` (dispatch and validation).

Each module offers ``legal_*(st)`` (used by :mod:`engine.legal`) and
``do_*(st, action)``.
"""
