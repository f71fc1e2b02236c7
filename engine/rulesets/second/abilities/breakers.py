"""Breakers (Master Set): all 12 cards. Texts: the card data in
cards/data/breakers.yaml. Shared mechanics (Engage, extra attacks, borrowed abilities
for Mimic ...) come from :mod:`engine.core.effects`.

Interpretations (where the paraphrased texts leave room):
- "within N spaces" / "up to N spaces away" count orthogonally (R8e); never itself.
- Forcing a card 1 space: to an orthogonally adjacent empty space (R8e); a card that
  cannot be forced (Steadfast, ``can_be_forced``) is never offered.
- Extra attacks (Telepathic Command) are made at once, beyond the limits (R8e "extra":
  it may be the unit's second attack and does not use up its normal attack).
- Mind Capture: "would be lethal" is judged on the damage the attack would add after
  every modifier (Stupefy ...). Reading: a lethal attack on the enemy summoner wins the
  game (R8d), so capturing the summoner (a dominated choice the rules never describe)
  is not offered.
- Engage (Deceiver): "farther" is a partial or full move/force that increases the
  distance (glossary "farther"): any step of the path that leaves the Deceiver's
  side counts, even if the unit comes back next to it
  (:class:`engine.rulesets.second.abilities.mechanics.Engage`).
- Stupefy: every adjacent enemy Deceiver lowers the attack by 1 (separate cards).
- Mimic: the witch copies the printed abilities of the chosen common (friendly or
  enemy) until the turn ends; they stay if that common later leaves play.
- Mind Control / Hypnotic Call: "until your turn ends" effects are kept in
  ``st.flags`` (cleared when the next turn begins, after end-of-turn effects).
- Blast: the picked card slides in one straight line (R8e force) 1 to 3 spaces; it may
  pass over commons and champions (not summoners or structures) and must stop on an
  empty space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import DIST, RAYS
from engine.core.dice import SPECIAL
from engine.core.effects import (
    FlagLending,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    count_attack,
    empty_adjacent,
    extra_attack,
    fix_lethal,
    force_next_to,
    may_attack_now,
    near_summoner,
    pushable,
    within,
)
from engine.core.hooks import (
    ACTIVE,
    BOARD,
    DISCARD,
    Ability,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import hits_of
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.second.abilities.mechanics import Engage, FarShot

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Tacullu ---------------------------------------------------------------------------
def pending_attack(st: GameState, attacker: int) -> tuple[tuple[int, ...], int] | None:
    """(faces, target) of ``attacker``'s attack waiting for its damage step."""
    for t in reversed(st.stack):
        if (
            isinstance(t, Trigger)
            and t.ability == "core.attack_damage"
            and t.data[:2] == ("roll", attacker)
        ):
            return t.data[2], t.data[3]
    return None


class MindCapture(Ability):
    """If Tacullu's attack on an enemy unit would destroy it, you may ignore the damage
    and take control of the target instead (permanently).

    Reading: "would be lethal" uses the damage after every other modifier (Stupefy);
    the enemy summoner is never captured (destroying it wins, R8d). The capture adds
    no damage and gives no magic; auras follow the new controller at once."""

    order = 100  # the damage is ignored after every other modifier

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def _capturable(self, st: GameState, src: int, target: int) -> bool:
        return (
            st.on_board(target)
            and st.info.is_unit[target]
            and st.ctrl[target] != st.ctrl[src]
            and target not in st.info.summoners
        )

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        if roller != src:
            return None
        pend = pending_attack(st, src)
        if pend is None or not self._capturable(st, src, pend[1]):
            return None
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        pend = pending_attack(st, src)
        if pend is None:
            return
        faces, target = pend
        if not self._capturable(st, src, target):
            return
        probe = st.clone(record=False)  # modifiers may keep notes: ask a copy
        dmg = hits_of(probe, src, faces)
        for s, ab in probe.hooked("mod_damage"):
            if ab is not self:
                dmg = ab.mod_damage(probe, s, src, target, faces, dmg)
        if dmg > 0 and st.damage[target] + dmg >= st.life(target):
            st.ask(self.decision(st, src, [YES, NO], target, prompt="Mind Capture"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            target = dec.data[0]
            st.flags[self._key(dec.source)] = target + 1
            st.set_controller(target, dec.player)
            fix_lethal(st)  # auras follow the controller (Cold Snap ...)

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if attacker == src and st.flags.get(self._key(src)) == target + 1:
            return 0
        return damage

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src:
            st.flags.pop(self._key(src), None)
        return None


# -- Gulldune --------------------------------------------------------------------------
class TelepathicCommand(Ability):
    """After Gulldune attacks an enemy card, he may choose a friendly common within 3
    spaces: that common makes an extra attack.

    Reading: the extra attack is made at once (R8e "extra": beyond the limits, it may
    be the common's second attack and leaves its normal attack unused); "enemy card" is
    judged after the attack (a destroyed target still counts as its owner's)."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src and st.ctrl[target] != st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def _commons(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        return [
            c
            for c in st.units_of(me)
            if st.info.is_common[c] and within(st, src, c, 3) and attack_targets(st, c)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        ask_optional_target(
            self, st, src, self._commons(st, src), "common", prompt="Telepathic Command"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        if dec.data[0] == "common":
            unit = action.card
            opts = [ChooseTarget(t) for t in attack_targets(st, unit)]
            st.ask(
                self.decision(
                    st, dec.source, opts, "attack", unit, prompt="extra attack"
                )
            )
        else:
            extra_attack(st, dec.data[1], action.card)


# -- Gwalark ---------------------------------------------------------------------------
class Flight(Ability):
    """It may move 1 extra space and may move through cards (never ending on one)."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True


class Levitate(Ability):
    """A friendly common whose move begins within 2 spaces of Gwalark has Flight for
    that move (+1 space, through cards). Reading: judged when the move is chosen (the
    legal moves), which is where the move begins."""

    def _lifts(self, st: GameState, src: int, cid: int) -> bool:
        return (
            st.info.is_common[cid]
            and st.info.is_unit[cid]
            and st.zone[cid] == BOARD
            and st.ctrl[cid] == st.ctrl[src]
            and within(st, src, cid, 2)
        )

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if self._lifts(st, src, cid) else value

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        return self._lifts(st, src, mover)


# -- Kalal, Wind Mage: Push ------------------------------------------------------------
class Push(Ability):
    """After attacking, or instead of attacking, it may force a common or champion
    within ``reach`` spaces 1 space.

    Reading: "instead of attacking" is a ``UseAbility`` in the attack phase that counts
    as the unit's attack (R8e) but is no attack (no cost-of-inaction relief); any side's
    common or champion, never a summoner or structure, never one that cannot be
    forced."""

    action_phases = (ATTACK,)  # ``actions`` offers nothing in other phases

    reach = 2

    def _targets(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.board
            if c >= 0
            and common_or_champion(st, c)
            and within(st, src, c, self.reach)
            and pushable(st, c)
        ]

    def _has_target(self, st: GameState, src: int) -> bool:
        """``bool(self._targets(st, src))``, stopping at the first (pure tests)."""
        dist = DIST[st.pos[src]]
        pos = st.pos
        reach = self.reach
        for c in st.board:
            if (
                c >= 0
                and c != src
                and dist[pos[c]] <= reach
                and common_or_champion(st, c)
                and pushable(st, c)
            ):
                return True
        return False

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self.trigger(st, src) if attacker == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        ask_optional_target(self, st, src, self._targets(st, src), prompt=self.id)

    def actions(self, st: GameState, src: int) -> list[Action]:
        """Instead of attacking (counts as its attack, R8e "instead of")."""
        if not may_attack_now(st, src) or not self._has_target(st, src):
            return []
        return [UseAbility(src, self.id)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        opts = [ChooseTarget(c) for c in self._targets(st, src)]
        st.ask(self.decision(st, src, opts, prompt=self.id))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        force_next_to(self, st, dec, action, prompt="push")


class GreaterPush(Push):
    reach = 3


class WindMagePush(Push):
    reach = 2


class Steadfast(Ability):
    """Nothing can force this unit."""

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src


# -- Deceiver --------------------------------------------------------------------------
class Stupefy(Ability):
    """An adjacent enemy's attack that rolls at least one [special] deals 1 less
    damage.

    Reading: "adjacent" is judged at the damage step; each Deceiver next to the
    attacker lowers the damage by 1 (separate cards, separate abilities)."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if (
            st.ctrl[attacker] != st.ctrl[src]
            and st.zone[attacker] == BOARD
            and DIST[st.pos[attacker]][st.pos[src]] == 1
            and any(f & SPECIAL for f in faces)
        ):
            return damage - 1 if damage > 0 else 0
        return damage


class DeceiverEngage(Engage):
    """The shared mechanic :class:`Engage` (its docstring says what it does)."""


# -- Mind Witch ------------------------------------------------------------------------
class Mimic(FlagLending):
    """At the start of your move phase it may choose a common within 3 spaces; until
    your turn ends it has all of that common's abilities.

    Reading: any common (either side); the abilities printed on that card (not ones it
    borrows itself), kept until the turn ends even if that common leaves play; copied
    modifiers change the witch only; they work while the witch is on the battlefield
    (not from under a card, e.g. a copied Frost Axe)."""

    self_only = True  # borrowed modifiers change the witch itself only
    not_forwarded = ("lets_pass",)  # its own passes_through covers the witch
    # the choice at the start of the move phase, kept in st.flags for the turn (the
    # lending machinery is the core's FlagLending, shared with the first edition)
    phase = MOVE
    pick_tag = "mimic"

    def _commons(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.board
            if c >= 0
            and st.info.is_common[c]
            and st.info.is_unit[c]
            and within(st, src, c, 3)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if self.resolve_bundle(st, trig):
            return
        src = trig.source
        if not st.on_board(src):
            return
        ask_optional_target(self, st, src, self._commons(st, src), prompt="Mimic")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.flags[self._key(dec.source)] = action.card + 1


# -- Wind Archer -----------------------------------------------------------------------
class Swift(Ability):
    """It may move 1 extra space."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value


class WindArcherFarShot(FarShot):
    """The shared mechanic :class:`FarShot` (its docstring says what it does)."""


# -- Events ----------------------------------------------------------------------------
class MindControl(Ability):
    """Any number of enemy commons and champions within 2 spaces of your summoner come
    under your control until your turn ends.

    Reading: chosen one at a time (``NO`` stops); playable only when there is at least
    one such unit; they return to their controller when your turn ends (end-of-turn
    trigger of the discarded event)."""

    hook_zones = {"end_of_turn": (DISCARD,)}

    def _candidates(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in near_summoner(st, player, 2)
            if st.ctrl[c] != player and common_or_champion(st, c)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._candidates(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player)

    def _ask(self, st: GameState, card: int, player: int) -> None:
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in self._candidates(st, player)]
        if len(opts) > 1:
            st.ask(Decision(player, self.id, card, tuple(opts), (), "Mind Control"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            unit = action.card
            # remember who gets it back: (event card, previous controller)
            st.flags[f"{self.id}:{unit}"] = 2 * dec.source + st.ctrl[unit]
            st.set_controller(unit, dec.player)
            fix_lethal(st)
            self._ask(st, dec.source, dec.player)

    def _taken(self, st: GameState, src: int) -> list[tuple[int, int]]:
        prefix = f"{self.id}:"
        out = []
        for k, v in st.flags.items():
            if k.startswith(prefix) and v >> 1 == src:
                out.append((int(k[len(prefix) :]), v & 1))
        return out

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.flags and self._taken(st, src):
            return Trigger(self.id, src, player)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for unit, back in self._taken(st, trig.source):
            del st.flags[f"{self.id}:{unit}"]
            if st.on_board(unit) and st.ctrl[unit] == trig.player:
                st.set_controller(unit, back)
        fix_lethal(st)


class Blast(Ability):
    """A common or champion within 3 straight-line empty spaces of your summoner is
    forced 1-3 spaces, passing over commons and champions; it and every unit passed
    over take 1 damage.

    Reading: a force is one straight line (R8e), any direction, ending on an empty
    space; summoners and structures stop it; either side's card may be picked."""

    def _candidates(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ):
            return []
        out = []
        for ray in RAYS[st.pos[summ]]:
            for s in ray[:3]:
                c = st.board[s]
                if c >= 0:
                    if common_or_champion(st, c) and self._landings(st, c):
                        out.append(c)
                    break
        return sorted(out)

    def _landings(self, st: GameState, cid: int) -> dict[int, tuple[int, ...]]:
        """Empty space -> the cards passed over to reach it."""
        if not st.can_be_forced(cid):
            return {}
        out: dict[int, tuple[int, ...]] = {}
        for ray in RAYS[st.pos[cid]]:
            passed: tuple[int, ...] = ()
            for s in ray[:3]:
                c = st.board[s]
                if c < 0:
                    out[s] = passed
                elif common_or_champion(st, c):
                    passed += (c,)
                else:
                    break
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._candidates(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._candidates(st, p)]
        st.ask(Decision(p, self.id, card, tuple(opts), ("pick",), "Blast"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            land = self._landings(st, action.card)
            opts = tuple(ChooseSpace(s) for s in sorted(land))
            st.ask(Decision(dec.player, self.id, dec.source, opts, ("to", action.card)))
        elif isinstance(action, ChooseSpace):
            target = dec.data[1]
            passed = self._landings(st, target)[action.space]
            start = st.pos[target]
            ray = next(r for r in RAYS[start] if action.space in r)
            path = ray[: ray.index(action.space) + 1]
            st.relocate(target, action.space, "force", path)
            for c in (target, *passed):
                if st.terminal:
                    return
                st.deal_damage(c, 1, dec.player, dec.source)


class HypnoticCall(Ability):
    """Pick a common or champion; you may force it 1 space toward your summoner.
    ACTIVE: your summoner has +1 strength when it attacks that unit."""

    zones = (ACTIVE,)

    def _key(self, card: int) -> str:
        return f"{self.id}:{card}"

    def can_play(self, st: GameState, card: int) -> bool:
        return any(c >= 0 and common_or_champion(st, c) for c in st.board)

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = tuple(
            ChooseTarget(c) for c in st.board if c >= 0 and common_or_champion(st, c)
        )
        st.ask(Decision(p, self.id, card, opts, ("pick",), "Hypnotic Call"))

    def _toward(self, st: GameState, player: int, unit: int) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ) or not st.can_be_forced(unit):
            return []
        here = DIST[st.pos[summ]]
        d = here[st.pos[unit]]
        return [s for s in empty_adjacent(st, unit) if here[s] < d]

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            unit = action.card
            st.flags[self._key(dec.source)] = unit + 1
            spaces = self._toward(st, dec.player, unit)
            if spaces:
                opts: list[Action] = [NO]
                opts += [ChooseSpace(s) for s in spaces]
                st.ask(
                    Decision(
                        dec.player, self.id, dec.source, tuple(opts), ("push", unit)
                    )
                )
        elif isinstance(action, ChooseSpace):
            st.force(dec.data[1], action.space)

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            attacker == st.info.summoners[st.ctrl[src]]
            and st.flags.get(self._key(src)) == target + 1
        ):
            return value + 1
        return value


class PerplexingTempest(Ability):
    """ACTIVE: every unit moves 1 space less than normal.

    Reading: the card names no side, so both players' units are slowed until the
    event is discarded at the start of your next turn."""

    zones = (ACTIVE,)

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value - 1


ABILITIES: dict[str, type[Ability]] = {
    "tacullu.mind-capture": MindCapture,
    "gulldune.telepathic-command": TelepathicCommand,
    "gwalark.flight": Flight,
    "gwalark.levitate": Levitate,
    "kalal.greater-push": GreaterPush,
    "wind-mage.push": WindMagePush,
    "kalal.steadfast": Steadfast,
    "deceiver.stupefy": Stupefy,
    "deceiver.engage": DeceiverEngage,
    "mind-witch.mimic": Mimic,
    "wind-archer.swift": Swift,
    "wind-archer.far-shot": WindArcherFarShot,
    "mind-control.effect": MindControl,
    "blast.effect": Blast,
    "hypnotic-call.effect": HypnoticCall,
    "perplexing-tempest.effect": PerplexingTempest,
}
