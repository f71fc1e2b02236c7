"""Sand Goblins (Wave 3): the cards whose data is complete (cards/data/sand-goblins
.yaml): Wrench Rat (Rig Explosives). The other cards wait for their texts and numbers.

Readings (where the paraphrased text leaves room; each is tested):
- "On your turn you may place it underneath a card next to it": an activated ability
  (``UseAbility(rat, id, option=host)``) offered in every phase of its controller's
  turn whenever nothing is resolving, as Renewed Hope's "any phase of your turn"
  (Vanguards); never in the opponent's turn. The "may" is the choice to use it (not
  using it, e.g. ending the phase, declines). Moving or attacking earlier in the turn
  does not stop it (the card's strategy text: attack with it, then rig it to open the
  line). "A card next to it": any battlefield card on an orthogonally adjacent space,
  unit or structure, friendly or enemy, summoners and gates included.
- Rigging is a place underneath (R8e ``put_under``), not a move (the 3 moved units are
  not counted, no "after move" effects) and not a destruction: the Rat leaves play
  with no magic for anyone and no "when destroyed" effects; its tokens are removed and
  cards under it are discarded; while under, it has the host's controller (core rule)
  and travels with the host.
- "If that card is destroyed later": only a destruction (R7) of the host sets it off.
  The host leaving play otherwise (returned to hand, e.g. Unrelenting, discarded,
  put under a card) or a replaced destruction ("instead of") does nothing; the Rat is
  then discarded with the host as any card underneath. When the host is destroyed the
  Rat goes to its owner's discard pile with it (R7: cards underneath are discarded;
  no magic for the Rat) and then explodes (a "when destroyed" trigger, R8e order with
  other simultaneous triggers).
- "Every card that was next to it": the battlefield cards on the spaces orthogonally
  adjacent to the space the host was destroyed on, fixed at the moment of destruction
  (units and structures, both sides; a card that arrives later is not hit, a card that
  was there and is still on the battlefield is). Each takes 1 damage, by space order,
  as the engine's other "1 damage to each" effects (Immolate, Trample): a card
  reaching its life is destroyed at once and its own "when destroyed" effects wait on
  the stack until every damage is dealt (so the damage is simultaneous for them); a
  destroyed neighbour with a Rat under it explodes in turn (chains).
- The damage is the Rat's ability, dealt by the player who rigged it (normally its
  owner; the Rat's controller while under an enemy card is that enemy): that player
  gains 1 magic per enemy card it destroys (R7 magic, ``mod_kill_magic`` with the Rat
  as source); friendly cards it destroys give no magic. The host's own destruction
  gives magic by the normal rules to whoever destroyed it.

Implementation: the Rat watches destructions from under its host and from the discard
pile. ``instead_of_destroy`` (zones UNDER and DISCARD, always False: it replaces
nothing) runs at the start of every destruction and notes, in ``st.flags``, whether
the Rat is under the card about to be destroyed; ``on_destroy_at`` (DISCARD) runs
right after that same destruction (only when it was not replaced) and explodes when
the note says so. The note is re-evaluated by every destruction of that card, so a
note left by a replaced destruction never sets off a later one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, UseAbility
from engine.core.board import ADJ
from engine.core.effects import fix_lethal
from engine.core.hooks import (
    DISCARD,
    UNDER,
    Ability,
    Trigger,
)

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Wrench Rat ------------------------------------------------------------------------
class RigExplosives(Ability):
    """On your turn you may place it underneath a card next to it (``option`` = that
    card). If that card is destroyed later, 1 damage to every card that was next to
    it."""

    hook_zones = {
        "instead_of_destroy": (UNDER, DISCARD),
        "on_destroy_at": (DISCARD,),
    }

    def _armed(self, rat: int, host: int) -> str:
        return f"{self.id}:{rat}:{host}"

    def _rigger(self, rat: int) -> str:
        return f"{self.id}:{rat}"

    # -- rigging (BOARD) ---------------------------------------------------------------
    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.turn_player != st.ctrl[src]:
            return []
        board = st.board
        return [
            UseAbility(src, self.id, board[s])
            for s in sorted(ADJ[st.pos[src]])
            if board[s] >= 0
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        host = action.option
        st.notes[self._rigger(src)] = st.ctrl[src]
        st.put_under(src, host)
        fix_lethal(st)  # (an aura counting the Rat on the battlefield is gone)

    # -- the explosion (UNDER -> DISCARD) ----------------------------------------------
    def instead_of_destroy(self, st: GameState, src: int, card: int) -> bool:
        key = self._armed(src, card)
        if st.zone[src] == UNDER and st.pos[src] == card:
            st.flags[key] = 1  # bookkeeping: it replaces nothing
        elif key in st.flags:
            del st.flags[key]
        return False

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if st.flags.pop(self._armed(src, card), None) is None or space < 0:
            return None
        player = st.notes.pop(self._rigger(src), st.info.owner[src])
        board = st.board
        victims = tuple(board[s] for s in sorted(ADJ[space]) if board[s] >= 0)
        return Trigger(self.id, src, player, victims) if victims else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for c in trig.data:
            if st.terminal:
                return
            st.deal_damage(c, 1, trig.player, trig.source)


ABILITIES: dict[str, type[Ability]] = {
    "wrench-rat.rig-explosives": RigExplosives,
}
