"""Fallen Kingdom (Master Set): all 12 cards. Texts: the card data in
cards/data/fallen-kingdom.yaml; examples in the Hungarian second-edition rulebook
(Ret-Talus, Élőhalott íjász = Undead Archer, hordozó = Undead Carrier, harcos = Undead
Warrior). Shared mechanics come from :mod:`engine.core.effects`.

Readings (where the paraphrased texts leave room; each is tested):
- "Undead unit" / "Carrier unit": a unit whose name contains that whole word (R8e).
  A card brought back from the discard pile is placed (R8e place: an empty space), not
  summoned; it is a new card.
- Raise the Dead: the 2 damage is the cost (paid first); the engine does not offer it
  when it would destroy Ret-Talus. One copy of each distinct card is offered.
- Life Drain: offered as its own attack action (``option`` = the target) next to the
  plain attack. The friendly unit (never your summoner, never the target) is destroyed
  first and its "when destroyed" effects resolve; then Dragos attacks if the target is
  still a legal target (else the attack is lost). In that attack a die showing a
  [special] counts as a hit (a die showing both [melee] and [special] counts once).
- Summoned by Fire: Elut-Bal cannot be summoned by R4; its own summon action (from
  hand, summon phase, paying its cost) destroys the chosen friendly unit (never your
  summoner) and puts Elut-Bal on that unit's space, wherever it is. If the destruction
  is replaced ("instead of") and the space stays occupied, nothing happens.
- Soul Shift (Hungarian second-edition rulebook: "a helyére teheted" = you may put it
  in its place): a place, not a move, so it neither counts toward the 3 moved units
  nor triggers "after move" effects. "Within 3 spaces" is measured when the unit is
  destroyed.
- Soulless: no magic for an enemy unit destroyed by this unit's attack (core hook
  ``mod_kill_magic``); enemy structures still give magic.
- Blood Fury and Sacrificial Pyre add their boost at once (bookkeeping with nothing to
  order); Blood Fury counts every unit destroyed in your turn, either side.
- Immolate: "enemy" of the Cultist's owner; the damage is the Cultist's ability, so
  its owner gains magic for enemy cards it destroys.
- Sacrificial Pyre: when it is discarded at the start of your turn, pick a damaged
  unit (either side) to lose 1 damage per boost; NO stands for picking an undamaged
  unit. It discards itself (``keep_active`` + ``start_of_turn``) so that its boost is
  read before the discard clears it.
- Blood Summon: one copy of each distinct unit (cost 2 or less) in hand is offered;
  the picked unit may not be your summoner when the 2 damage would destroy it.
- Hellforged Weapon: each die showing [special] is 1 damage to the host after its
  attack (Cursed), whatever the target.
- An event is offered only when its effect can do something (Blood Summon,
  Hellforged Weapon and Purge need a unit to work with).
- Purge: your summoner is never offered (destroying it loses the game). Chosen units
  hit in the order chosen (2 damage from that unit's ability); then every chosen unit
  still on the battlefield is destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    Attack,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, DIST
from engine.core.dice import SPECIAL
from engine.core.effects import (
    PickOneEvent,
    ask_optional_target,
    empty_around,
    named,
    specials,
)
from engine.core.hooks import (
    ACTIVE,
    DISCARD,
    HAND,
    UNDER,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import do_attack, legal_attacks, targets
from engine.core.phases import ATTACK, SUMMON
from engine.rulesets.second.abilities.mechanics import (
    BoostPerUnitDestroyedInYourTurn,
    ImbuedStrength,
)
from engine.rulesets.second.dice import count_symbols

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- shared helpers --------------------------------------------------------------------
def distinct(st: GameState, cards: list[int]) -> list[int]:
    """The first copy of each distinct card (copies are interchangeable choices)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        slug = st.info.cards[c].slug
        if slug not in seen:
            seen.add(slug)
            out.append(c)
    return out


def discard_units_named(st: GameState, player: int, word: str) -> list[int]:
    isu = st.info.is_unit
    return distinct(
        st, [c for c in st.discard[player] if isu[c] and named(st, c, word)]
    )


def kills_summoner(st: GameState, cid: int, n: int) -> bool:
    """Would ``n`` damage destroy ``cid`` that is a summoner?"""
    return cid in st.info.summoners and st.damage[cid] + n >= st.life(cid)


# -- Ret-Talus -------------------------------------------------------------------------
class RaiseTheDead(Ability):
    """Once per turn in your summon phase: 2 damage to Ret-Talus to place an Undead
    unit from your discard pile on a space adjacent to him."""

    action_phases = (SUMMON,)  # ``actions`` offers nothing in other phases

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if st.phase != SUMMON or st.turn_player != me:
            return []
        if st.flags.get(f"{self.id}:{src}") or kills_summoner(st, src, 2):
            return []
        if not empty_around(st, st.pos[src]):
            return []
        if not discard_units_named(st, me, "Undead"):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        me = st.ctrl[src]
        st.flags[f"{self.id}:{src}"] = 1
        st.deal_damage(src, 2, me)  # the cost: no source
        if not st.on_board(src) or st.terminal:
            return
        opts = [ChooseTarget(c) for c in discard_units_named(st, me, "Undead")]
        st.ask(self.decision(st, src, opts, "card", prompt="Raise the Dead: which"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            spaces = empty_around(st, st.pos[src]) if st.on_board(src) else []
            opts = [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, "space", action.card, prompt="where"))
        elif isinstance(action, ChooseSpace):
            card = dec.data[1]
            if st.zone[card] == DISCARD:
                st.place(card, action.space, dec.player)


# -- Dragos ----------------------------------------------------------------------------
class LifeDrain(Ability):
    """Just before attacking, Dragos may destroy a friendly unit within 2 spaces;
    then each [special] rolled in that attack also counts as a [melee] hit."""

    action_phases = (ATTACK,)  # ``actions`` offers nothing in other phases

    def _victims(self, st: GameState, src: int, target: int) -> list[int]:
        me = st.ctrl[src]
        pos = st.pos[src]
        dist = DIST[pos]
        summoners = st.info.summoners
        return [
            c
            for c in st.units_of(me)
            if c != src and c != target and c not in summoners and dist[st.pos[c]] <= 2
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.phase != ATTACK or st.turn_player != st.ctrl[src]:
            return []
        if src in st.attacked or not self._victims(st, src, -1):
            return []
        out: list[Action] = []
        for a in legal_attacks(st):
            if isinstance(a, Attack) and a.attacker == src:
                if self._victims(st, src, a.target):
                    out.append(UseAbility(src, self.id, a.target))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        target = action.option
        opts = [ChooseTarget(c) for c in self._victims(st, src, target)]
        st.ask(self.decision(st, src, opts, target, prompt="Life Drain: destroy"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseTarget)
        src, target = dec.source, dec.data[0]
        # the attack comes after the destruction and its effects
        trig = Trigger(self.id, src, dec.player, ("strike", target))
        st.stack.append(trig)
        replaced = not st.destroy(action.card, dec.player, src)
        if replaced and not st.terminal:  # not destroyed: no Life Drain
            st.stack[st.stack.index(trig)] = Trigger(
                self.id, src, dec.player, ("plain", target)
            )

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, target = trig.source, trig.data[1]
        if not st.on_board(src) or src in st.attacked:
            return
        ok = st.on_board(target) and target in targets(st, src)
        if ok and "prevents_attack" in st.info.hooks:
            ok = not st.attack_forbidden(src, target)
        if not ok:  # the declared attack is lost
            st.attacked.append(src)
            if st.ctrl[target] != trig.player:
                st.targeted_enemy = True
            return
        if trig.data[0] == "strike":
            st.flags[f"{self.id}:{src}"] = 1
        do_attack(st, Attack(src, target))

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        if attacker != src or not st.flags.get(f"{self.id}:{src}"):
            return hits
        # R7 step 3: every special is a hit of its own, also on a sword+special die
        return hits + count_symbols(faces, SPECIAL)

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src:
            st.flags.pop(f"{self.id}:{src}", None)  # bookkeeping: the attack is over
        return None


# -- Elut-Bal --------------------------------------------------------------------------
class SummonedByFire(Ability):
    """Summoning Elut-Bal also needs a friendly unit destroyed; Elut-Bal takes its
    space. ``option`` of the summon action = the unit to destroy."""

    action_phases = (SUMMON,)  # ``actions`` offers nothing in other phases

    zones = (HAND,)

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return card == src

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.turn_player
        if st.phase != SUMMON or st.ctrl[src] != me:
            return []
        if (st.info.cards[src].cost or 0) > st.magic[me]:
            return []
        summoners = st.info.summoners
        return [
            UseAbility(src, self.id, c) for c in st.units_of(me) if c not in summoners
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        me = st.turn_player
        victim = action.option
        space = st.pos[victim]
        st.destroy(victim, me, src)
        if st.terminal or st.board[space] >= 0 or st.zone[src] != HAND:
            return
        st.gain_magic(me, -(st.info.cards[src].cost or 0))
        st.place(src, space, me)
        if st.stats is not None:
            st.stats[3 * src] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", src)


# -- Gul-Dass --------------------------------------------------------------------------
class Wrath(Ability):
    """+1 strength per damage on Gul-Dass."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + st.damage[src] if cid == src else value


# -- Undead Archer ---------------------------------------------------------------------
class SoulShift(Ability):
    """In your turn, after a unit within 3 spaces of this unit is destroyed, you may
    place this unit on the destroyed unit's space."""

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if st.turn_player != st.ctrl[src] or not st.info.is_unit[card]:
            return None
        if space < 0 or DIST[st.pos[src]][space] > 3:
            return None
        return self.trigger(st, src, space)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, space = trig.source, trig.data[0]
        if st.on_board(src) and st.board[space] < 0:
            st.ask(self.decision(st, src, [NO, YES], space, prompt="Soul Shift"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src, space = dec.source, dec.data[0]
        if action == YES and st.on_board(src) and st.board[space] < 0:
            st.place(src, space, st.ctrl[src])


# -- Undead Carrier --------------------------------------------------------------------
class Soulless(Ability):
    """No magic for destroying an enemy unit with this unit."""

    def mod_kill_magic(
        self, st: GameState, src: int, card: int, source: int, n: int
    ) -> int:
        return 0 if source == src and st.info.is_unit[card] else n


class Infect(Ability):
    """After this unit destroys a unit, you may place a Carrier unit from your discard
    pile on the destroyed unit's space."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if res.attacker == src and st.info.is_unit[t] and st.zone[t] == DISCARD:
            return self.trigger(st, src, res.space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        if st.board[space] >= 0:
            return
        cards = discard_units_named(st, trig.player, "Carrier")
        ask_optional_target(
            self, st, trig.source, cards, space, player=trig.player, prompt="Infect"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        space = dec.data[0]
        if isinstance(action, ChooseTarget) and st.board[space] < 0:
            st.place(action.card, space, dec.player)


# -- Undead Warrior --------------------------------------------------------------------
class BloodFury(BoostPerUnitDestroyedInYourTurn):
    """The shared mechanic :class:`BoostPerUnitDestroyedInYourTurn` (its docstring says
    what it does)."""


class WarriorImbuedStrength(ImbuedStrength):
    """The shared mechanic :class:`ImbuedStrength` (its docstring says what it does)."""


# -- Hellfire Cultist ------------------------------------------------------------------
class Immolate(Ability):
    """When this unit is destroyed, 1 damage to each enemy unit that was adjacent."""

    hook_zones = {"on_destroy_at": (DISCARD,)}

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if card == src and space >= 0:
            return self.trigger(st, src, space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        me = trig.player
        board = st.board
        victims = [
            board[s]
            for s in ADJ[trig.data[0]]
            if board[s] >= 0 and st.info.is_unit[board[s]] and st.ctrl[board[s]] != me
        ]
        for c in victims:
            if st.terminal:
                return
            st.deal_damage(c, 1, me, trig.source)


# -- Events ----------------------------------------------------------------------------
class SacrificialPyre(Ability):
    """ACTIVE: 1 boost on this card whenever a unit is destroyed. When it is discarded
    (start of your turn), a unit you pick removes 1 damage per boost."""

    zones = (ACTIVE,)

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if st.info.is_unit[card]:
            st.boost[src] += 1  # bookkeeping: nothing to choose or order
        return None

    def keep_active(self, st: GameState, src: int) -> bool:
        return True  # discarded by its own start-of-turn trigger (boost read first)

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != ACTIVE:
            return
        n = st.boost[src]
        st.discard_card(src)
        if n <= 0:
            return
        units = [c for c in st.board if c >= 0 and st.info.is_unit[c]]
        hurt = [c for c in units if st.damage[c] > 0]
        if not hurt:
            return
        opts: list[Action] = [NO] if len(hurt) < len(units) else []
        opts += [ChooseTarget(c) for c in hurt]
        st.ask(
            Decision(
                trig.player, self.id, src, tuple(opts), (n,), "Sacrificial Pyre: heal"
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.heal(action.card, dec.data[0])


class BloodSummon(Ability):
    """Repeat as you wish: pick a friendly unit, place a unit costing 2 or less from
    your hand next to it, then 2 damage to the picked unit. NO stops."""

    def _cards(self, st: GameState, player: int) -> list[int]:
        cards = st.info.cards
        isu = st.info.is_unit
        return distinct(
            st,
            [
                c
                for c in st.hand[player]
                if isu[c] and cards[c].cost is not None and (cards[c].cost or 0) <= 2
            ],
        )

    def _hosts(self, st: GameState, player: int) -> list[int]:
        return [
            u
            for u in st.units_of(player)
            if empty_around(st, st.pos[u]) and not kills_summoner(st, u, 2)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(self._cards(st, p)) and bool(self._hosts(st, p))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player)

    def _next(self, st: GameState, card: int, player: int) -> None:
        if not self._cards(st, player):
            return
        hosts = self._hosts(st, player)
        if hosts:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(u) for u in hosts]
            st.ask(Decision(player, self.id, card, tuple(opts), ("host",)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step = dec.data[0]
        p, card = dec.player, dec.source
        if step == "host" and isinstance(action, ChooseTarget):
            cards = tuple(ChooseTarget(c) for c in self._cards(st, p))
            st.ask(Decision(p, self.id, card, cards, ("card", action.card)))
        elif step == "card" and isinstance(action, ChooseTarget):
            host = dec.data[1]
            spaces = empty_around(st, st.pos[host])
            opts = tuple(ChooseSpace(s) for s in spaces)
            st.ask(Decision(p, self.id, card, opts, ("space", host, action.card)))
        elif step == "space" and isinstance(action, ChooseSpace):
            _step, host, unit = dec.data
            st.place(unit, action.space, p)
            st.stack.append(Trigger(self.id, card, p, ("more",)))
            st.deal_damage(host, 2, p)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._next(st, trig.source, trig.player)


class HellforgedWeapon(PickOneEvent):
    """Put under a friendly common: it has +2 strength and Cursed (after it attacks,
    1 damage to it per [special] rolled)."""

    zones = (UNDER,)

    prompt = "Hellforged Weapon: which common"

    def candidates(self, st: GameState, player: int) -> list[int]:
        isc = st.info.is_common
        return [u for u in st.units_of(player) if isc[u]]

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.put_under(dec.source, action.card)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 2 if st.pos[src] == cid else value

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == st.pos[src]:
            n = specials(res.faces)
            if n:
                return self.trigger(st, src, res.attacker, n)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        host, n = trig.data
        if st.on_board(host):
            st.deal_damage(host, n, st.ctrl[host])


class Purge(Ability):
    """Choose any number of friendly units (NO = done); each may first deal 2 damage
    to one adjacent unit; then destroy every chosen unit."""

    def _candidates(
        self, st: GameState, player: int, chosen: tuple[int, ...]
    ) -> list[int]:
        summoners = st.info.summoners
        return [
            u for u in st.units_of(player) if u not in chosen and u not in summoners
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._candidates(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._choose(st, card, st.turn_player, ())

    def _choose(
        self, st: GameState, card: int, player: int, chosen: tuple[int, ...]
    ) -> None:
        cands = self._candidates(st, player, chosen)
        if not cands:
            self._hit(st, card, player, chosen, 0)
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(u) for u in cands]
        st.ask(Decision(player, self.id, card, tuple(opts), ("choose", chosen)))

    def _hit(
        self, st: GameState, card: int, player: int, chosen: tuple[int, ...], i: int
    ) -> None:
        board = st.board
        isu = st.info.is_unit
        while i < len(chosen):
            u = chosen[i]
            if st.on_board(u):
                near = [
                    board[s] for s in ADJ[st.pos[u]] if board[s] >= 0 and isu[board[s]]
                ]
                if near:
                    opts: list[Action] = [NO]
                    opts += [ChooseTarget(c) for c in near]
                    st.ask(
                        Decision(player, self.id, card, tuple(opts), ("hit", chosen, i))
                    )
                    return
            i += 1
        for u in chosen:
            if st.terminal:
                return
            if st.on_board(u):
                st.destroy(u, player, card)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step, chosen = dec.data[0], dec.data[1]
        p, card = dec.player, dec.source
        if step == "choose":
            if isinstance(action, ChooseTarget):
                self._choose(st, card, p, chosen + (action.card,))
            else:
                self._hit(st, card, p, chosen, 0)
            return
        i = dec.data[2]
        if isinstance(action, ChooseTarget):
            st.stack.append(Trigger(self.id, card, p, (chosen, i + 1)))
            st.deal_damage(action.card, 2, p, chosen[i])
        else:
            self._hit(st, card, p, chosen, i + 1)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        chosen, i = trig.data
        self._hit(st, trig.source, trig.player, chosen, i)


ABILITIES: dict[str, type[Ability]] = {
    "ret-talus.raise-the-dead": RaiseTheDead,
    "dragos.life-drain": LifeDrain,
    "elut-bal.summoned-by-fire": SummonedByFire,
    "gul-dass.wrath": Wrath,
    "undead-archer.soul-shift": SoulShift,
    "undead-carrier.soulless": Soulless,
    "undead-carrier.infect": Infect,
    "undead-warrior.blood-fury": BloodFury,
    "undead-warrior.imbued-strength": WarriorImbuedStrength,
    "hellfire-cultist.immolate": Immolate,
    "sacrificial-pyre.effect": SacrificialPyre,
    "blood-summon.effect": BloodSummon,
    "hellforged-weapon.effect": HellforgedWeapon,
    "purge.effect": Purge,
}
