"""The second edition's attack die (R1, R7): six faces, each a bit set of symbols, and
how abilities count its symbols.

Faces
    Source: the project's research notes on the die (faces taken from
    github.com/zhuanggenhua/BoardGame ``config/dice.ts`` at cfe06545; counts 5 melee /
    4 ranged / 2 special agree with an independent player review).

    What the rulebooks settle (all five transcripts in shared/seeds re-read for this,
    issue 14): each rulebook's component list names exactly three die symbols, the
    melee hit, the ranged hit and the special (seed 000 and 003 "Dobókocka":
    Közelharci találat / Távolsági találat / Különleges; seed 001 "Dés": Dégât de
    mêlée / Dégât à distance / Spécial; seed 004 "Dados": Golpe cuerpo a cuerpo /
    Golpe a distancia / Especial). The die picture itself is an image: none of the
    transcripts describes its faces, and the first-edition summary (seed 002) has
    plain d6. So the rulebooks confirm the three symbols and that a roll is read by
    symbol (below), and nothing about the faces.

    What stays UNVERIFIED: the number of faces carrying each symbol (5/4/2, two
    independent secondary sources) and above all the pairing, which symbols share a
    face (one fan source that read a sprite image; no official image or physical die
    checked). Plain hit odds depend only on the counts; the pairing matters only to
    abilities that look at two symbols on one die (Life Drain, Heal, Frost Axe, Wild
    Strike, "no special" and "all bows" tests).

Counting symbols (R7 step 3): one per symbol, not one per die
    The rulebooks count symbols, not dice: "Add 1 damage to the target for each
    symbol matching the attacking unit's" (seed 004, "Fase 4: Ataque", step 3 "Añade
    Daño": "por cada símbolo que coincida con el símbolo ... de la Unidad atacante";
    seed 001, "Ajouter des Blessures": "pour chaque symbole obtenu correspondant au
    type d'attaque"; seeds 000/003, "Sebzés megállapítása": "minden, a támadó egység
    típusával megegyező, kidobott szimbólum után"). Seed 004 adds, same step: specials
    are ignored unless stated otherwise, and the arrow in ability texts means "also
    resolve the following symbols/text for each special rolled" ("resuelve también
    ... por cada [special] obtenido"). So when an ability makes specials count as
    hits, a special is a result of its own *in addition to* any hit symbol on the same
    die: a sword+special die is two melee hits under Life Drain, two results for
    Temple Priest's Heal ("per melee or special"), and one sword plus Frost Axe's two
    for its special. Every ability counts with :func:`count_symbols` (or
    :func:`engine.core.effects.specials`, the same for one symbol: a face never shows
    the same symbol twice, so dice showing a symbol = symbols of that kind).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.dice import MELEE, RANGED, SPECIAL

FACES: tuple[int, ...] = (
    MELEE | RANGED,
    MELEE | RANGED,
    MELEE | RANGED,
    SPECIAL | RANGED,
    MELEE | SPECIAL,
    MELEE,
)


def count_symbols(faces: Iterable[int], *symbols: int) -> int:
    """Symbols of the given kinds in a roll, each symbol of each die counted on its
    own (R7 step 3): ``count_symbols(roll, MELEE, SPECIAL)`` counts a sword+special
    die twice."""
    return sum(1 for f in faces for s in symbols if f & s)
