"""Events several first-edition summoners share, with one text (research 2.8):
Magic Drain, A Hero Is Born, Reinforcements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget
from engine.core.hooks import HAND, Ability, Decision
from engine.core.types import CardClass
from engine.rulesets.first.magic import move_pile_top
from engine.rulesets.first.summon import wall_spaces

if TYPE_CHECKING:
    from engine.core.state import GameState


def unit_count(st: GameState, player: int) -> int:
    return sum(
        1
        for s in range(48)
        if (c := st.board[s]) >= 0 and st.info.is_unit[c] and st.ctrl[c] == player
    )


def fewer_units(st: GameState) -> bool:
    """The play requirement "if you have fewer units than the opponent" (R15)."""
    me = st.turn_player
    return unit_count(st, me) < unit_count(st, 1 - me)


class MagicDrain(Ability):
    """If you have fewer units on the battlefield than the opponent, move up to 2
    cards from the top of their magic pile to the top of yours."""

    def can_play(self, st: GameState, card: int) -> bool:
        return fewer_units(st)

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        move_pile_top(st, 1 - me, me, 2)


class AHeroIsBorn(Ability):
    """Search your draw pile for a champion, reveal it and take it into your hand;
    then shuffle the draw pile."""

    def _champions(self, st: GameState) -> list[int]:
        cards = st.info.cards
        return sorted(
            c for c in st.deck[st.turn_player] if CardClass.CHAMPION in cards[c].classes
        )

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._champions(st))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in self._champions(st)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        p = dec.player
        st.deck[p].remove(action.card)
        st.zone[action.card] = HAND
        st.hand[p].append(action.card)
        st.rng.shuffle(st.deck[p])


class Reinforcements(Ability):
    """If you have fewer units than the opponent, you may summon up to 2 commons
    from your hand at once, for free (next to your walls, R14)."""

    def _commons(self, st: GameState, player: int) -> list[int]:
        cards = st.info.cards
        return [
            c
            for c in st.hand[player]
            if st.info.is_unit[c] and CardClass.COMMON in cards[c].classes
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return fewer_units(st)

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, 2)

    def _ask(self, st: GameState, card: int, player: int, left: int) -> None:
        commons = self._commons(st, player)
        if left <= 0 or not commons or not wall_spaces(st, player):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in commons]
        st.ask(self.decision(st, card, opts, "unit", left, player=player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step, left = dec.data[0], dec.data[1]
        p = dec.player
        if step == "unit":
            if isinstance(action, ChooseTarget):
                opts = [ChooseSpace(s) for s in wall_spaces(st, p)]
                st.ask(
                    self.decision(
                        st, dec.source, opts, "space", left, action.card, player=p
                    )
                )
            return
        if isinstance(action, ChooseSpace):
            unit = dec.data[2]
            st.place(unit, action.space, p)
            if st.stats is not None:
                st.stats[3 * unit] += 1
            if "after_summon" in st.info.hooks:
                st.emit("after_summon", unit)
            self._ask(st, dec.source, p, left - 1)


ABILITIES: dict[str, type[Ability]] = {
    "magic-drain.effect": MagicDrain,
    "a-hero-is-born.effect": AHeroIsBorn,
    "reinforcements.effect": Reinforcements,
}
