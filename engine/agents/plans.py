"""Scripted faction plans: a test harness for the planner's blind spots.

A plan agent (``plan:<faction>``, engine-only) plays one faction the way its
players' strategy guides say it is meant to be played, where the plan has
something to say, and lets the planner (:class:`~engine.agents.planner.PlannerAgent`,
its own instance) decide everything else. Seated with another faction's deck it is
the planner. A plan is not an agent to play with: it is a yardstick. When a plan
beats the planner's own play of its faction on the same deals
(:func:`engine.agents.ladder.blind_spot`), the planner has a blind spot, to be
closed in the planner, never by the plan.

Every rule of a plan names where it comes from; the rules read only what the seat
may see (the battlefield, its own hand, magic) and pick among the legal actions
the engine lists, so a plan can never break a rule of the game.

**Cave Goblins** (``plan:cave-goblins``), from two community guides:
Physch's "Cave Goblin Guide - Base Deck" (sw-zone.com/articles/5) and the faction's
strategy guide on sw-zone.com (sw-zone.com/faction/cave-goblins/strategy-guide).
Both describe a tempo deck: summon a swarm of free units fast, get a gate to the
front, let Sneeks lead the charge early, and win on the enemy summoner before the
long game's magic turns the other side's kills into champions.

- *Swarm* ("summon a lot of units very fast"): in the summon phase, a 0-cost unit
  in hand is summoned, on the open space nearest the enemy summoner.
- *Forward gate* ("quickly build a second gate ... often in enemy territory"; a
  "forward gate" to keep the aggression up): a gate is built on the legal space
  nearest the enemy summoner.
- *Fuel* ("play or discard at least 4/5 cards every turn"; the magic comes from
  discarding The Eater, Beast Riders, a gate and one or two Pile On, never the free
  bodies): in the magic phase The Eater, Beast Riders, a second Pile On and gates
  beyond the second on the battlefield are discarded first, and a 0-cost unit is
  never discarded.
- *Sneeks leads* ("Sneeks should lead the charge ... in the early game, until he is
  too wounded"; Sly to the front rank on turn 1): in the first seven of his turns,
  while he has 4 or more life left, Sly swaps him with the free unit nearest the
  enemy summoner when that brings him closer.
- *The burst* (the summoner assault the guides build to): an attack on the enemy
  summoner is taken before any other (the strongest attacker first); Enrage the
  Horde is played when two or more free units can attack the enemy summoner, and
  its extra attacks go at the summoner; Pile On is played when two or more friendly
  units stand next to the enemy summoner.

**Savanna Elves** (``plan:savanna-elves``), from the faction's page on
summonerwars.com ("Grow as One": units that grow with boosts, the summoner the key
source of them, slow build-up and sudden bursts) and the Savanna Elves article of
goblins.net's second-edition series (Abua Shi's vital ability works only when she
moves; expensive troops not to be thrown away; events as vital as air):

- *Bond every turn*: in the move phase Abua Shi moves whenever she can, to the space
  with the most friendly units within 3 spaces (no enemy next to it, then the
  farthest back); her Spirit Bond and the Spirit Mages' Commune give their boosts to
  the unit that grows with them (Imbued abilities, Swift Shot), the most expensive
  first.
- *The burst*: Chant of Power (the epic event) is played on the boosted unit within 3
  spaces of Abua Shi that carries the most boosts (at least two) when it stands next
  to an enemy card.
- *The epic is kept*: Chant of Power is never discarded for magic (the events are
  "vital"; the epic is the burst the slow build-up is for).

**Fallen Kingdom** (``plan:fallen-kingdom``), from "Hail to the King, Baby -
Ret-Talus Preview Part 2" (kmcfadyen.com: Undead Warriors swing last to cash in the
turn's kills; free Hellfire Cultists are the units to give up) and Plaid Hat Games'
Fallen Kingdom faction highlight (plaidhatgames.com/news/15: units built into magic
come back through Raise the Dead, a faction for the long game):

- *Raise the Dead*: Ret-Talus raises the most expensive Undead unit of the discard
  pile in every summon phase while he has 6 or more life left.
- *Fodder forward*: a Hellfire Cultist in hand is summoned on the open space with
  the most enemy units next to it (then nearest the enemy summoner).
- *Warriors last*: an Undead Warrior does not attack while another unit has an
  attack on an enemy card.
- *Bury the Undead*: in the magic phase, when the planner would discard something
  else, an Undead unit is discarded instead (Raise the Dead brings it back).
"""

# Agents' work, not a player: never compiled (engine._build.NOT_COMPILED).

from __future__ import annotations

from collections.abc import Callable

from engine.agents.planner import PlannerAgent
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    ChooseOption,
    ChooseTarget,
    DiscardForMagic,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.board import ADJ, DIST, RAYS, own_row
from engine.core.hooks import Decision
from engine.core.phases import ATTACK, BUILD, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.view import PlayerView

#: a plan's rule: the action the plan takes here, or None (the planner decides)
Rule = Callable[[GameState, int, list[Action]], Action | None]


class PlanAgent:
    """The planner, overruled by a faction's plan where the plan applies."""

    faction = ""
    rules: tuple[Rule, ...] = ()

    def __init__(self, seed: int) -> None:
        self.name = f"plan:{self.faction}"
        self.planner = PlannerAgent(seed)
        self._mine: bool | None = None
        #: how often each rule decided (by rule name), for reports and tests
        self.used: dict[str, int] = {}

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) < 2 or not self._plays_faction(view):
            return self.planner.choose(view, actions)
        st = view.public_state()
        for rule in self.rules:
            got = rule(st, view.player, actions)
            if got is not None:
                self._count(rule.__name__.lstrip("_"))
                return got
        got = self.planner.choose(view, actions)
        if isinstance(got, DiscardForMagic) and END_PHASE in actions:
            habit = self._kept(st, got.card)
            if habit is not None:
                # a card the plan keeps: the magic phase ends instead
                self._count(habit)
                return END_PHASE
        return got

    def _kept(self, st: GameState, card: int) -> str | None:
        """The habit that keeps ``card`` from being discarded for magic, if any."""
        return None

    def _count(self, habit: str) -> None:
        self.used[habit] = self.used.get(habit, 0) + 1

    def _plays_faction(self, view: PlayerView) -> bool:
        if self._mine is None:
            st = view.public_state()
            summoner = st.info.cards[st.info.summoners[view.player]]
            self._mine = summoner.faction == self.faction
        return self._mine


# -- what the rules read ---------------------------------------------------------------
def _slug(st: GameState, cid: int) -> str:
    return st.info.cards[cid].slug


def _free(st: GameState, cid: int) -> bool:
    """A 0-cost unit (not a summoner)."""
    c = st.info.cards[cid]
    return st.info.is_unit[cid] and not c.is_summoner and (c.cost or 0) == 0


def _target(st: GameState, me: int) -> int:
    """The enemy summoner's space (-1 if it is not on the battlefield)."""
    return st.pos[st.info.summoners[1 - me]]


def _nearest(
    st: GameState, me: int, options: list[tuple[int, Action]]
) -> Action | None:
    """Of ``(space, action)`` pairs, the action whose space is nearest the enemy
    summoner (the first of equals)."""
    t = _target(st, me)
    if t < 0 or not options:
        return None
    return min(options, key=lambda o: DIST[o[0]][t])[1]


def _gates_on_board(st: GameState, me: int) -> int:
    board = st.board
    return sum(
        1
        for c in board
        if c >= 0 and st.ctrl[c] == me and st.on_board(c) and st.is_gate(c)
    )


def _free_in_reach_of_summoner(st: GameState, me: int) -> int:
    """Friendly free units next to the enemy summoner, or ranged and first in line
    within 3 spaces of it."""
    t = _target(st, me)
    if t < 0:
        return 0
    n = 0
    for u in st.units_of(me):
        if not _free(st, u):
            continue
        s = st.pos[u]
        if DIST[s][t] == 1:
            n += 1
        elif st.info.is_ranged[u]:
            for ray in RAYS[s]:
                hit = next((s2 for s2 in ray[:3] if st.board[s2] >= 0), -1)
                if hit == t:
                    n += 1
                    break
    return n


# -- Cave Goblins ----------------------------------------------------------------------
EARLY_TURNS = (
    14  # the goblins' first seven turns (the turn counter counts both players')
)
SNEEKS_BOLD_LIFE = 4  # Sneeks leads while he has this much life left
FUEL = ("the-eater", "beast-rider")  # discarded first, in this order


def _at_the_summoner(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """An attack on the enemy summoner before any other, the strongest attacker first
    (also the extra attacks Enrage the Horde offers)."""
    enemy = st.info.summoners[1 - me]
    attacks = [a for a in actions if isinstance(a, Attack) and a.target == enemy]
    if not attacks:
        return None
    return max(attacks, key=lambda a: st.strength(a.attacker))


def _burst(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """Enrage the Horde with two or more free units on the enemy summoner; Pile On
    with two or more friendly units next to it."""
    t = _target(st, me)
    if st.stack or t < 0:
        return None
    for a in actions:
        if not isinstance(a, PlayEvent):
            continue
        slug = _slug(st, a.card)
        if slug == "enrage-the-horde" and _free_in_reach_of_summoner(st, me) >= 2:
            return a
        if slug == "pile-on":
            mine = st.info.summoners[me]
            friends = sum(
                1 for u in st.units_of(me) if u != mine and DIST[st.pos[u]][t] == 1
            )
            if friends >= 2:
                return a
    return None


def _sneeks_leads(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """Early, while he is healthy, Sly takes Sneeks to the free unit nearest the
    enemy summoner, if that is nearer than where he stands."""
    if st.phase != ATTACK or st.stack or st.turn > EARLY_TURNS:
        return None
    sneeks = st.info.summoners[me]
    t = _target(st, me)
    if t < 0 or st.life(sneeks) - st.damage[sneeks] < SNEEKS_BOLD_LIFE:
        return None
    here = DIST[st.pos[sneeks]][t]
    swaps: list[tuple[int, Action]] = [
        (st.pos[a.option], a)
        for a in actions
        if isinstance(a, UseAbility)
        and a.card == sneeks
        and a.ability.endswith("sly")
        and DIST[st.pos[a.option]][t] < here
    ]
    return _nearest(st, me, swaps)


def _swarm(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """A free unit in hand is summoned, nearest the enemy summoner."""
    if st.phase != SUMMON or st.stack:
        return None
    free: list[tuple[int, Action]] = [
        (a.space, a) for a in actions if isinstance(a, Summon) and _free(st, a.card)
    ]
    return _nearest(st, me, free)


def _close_in(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """Early, a unit (not Sneeks) that can step next to the enemy summoner does."""
    if st.phase != MOVE or st.stack or st.turn > EARLY_TURNS:
        return None
    t = _target(st, me)
    if t < 0:
        return None
    sneeks = st.info.summoners[me]
    for a in actions:
        if (
            isinstance(a, Move)
            and a.unit != sneeks
            and DIST[a.to][t] == 1
            and DIST[st.pos[a.unit]][t] > 1
        ):
            return a
    return None


def _forward_gate(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """A gate goes on the legal space nearest the enemy summoner."""
    if st.phase != BUILD or st.stack:
        return None
    builds: list[tuple[int, Action]] = [
        (a.space, a) for a in actions if isinstance(a, Build)
    ]
    return _nearest(st, me, builds)


def _fuel(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """Magic from The Eater, Beast Riders, a second Pile On, and gates once two
    stand on the battlefield."""
    if st.phase != MAGIC or st.stack:
        return None
    by_slug: dict[str, list[Action]] = {}
    for a in actions:
        if isinstance(a, DiscardForMagic):
            by_slug.setdefault(_slug(st, a.card), []).append(a)
    for slug in FUEL:
        if slug in by_slug:
            return by_slug[slug][0]
    if len(by_slug.get("pile-on", ())) > 1:
        return by_slug["pile-on"][0]
    if _gates_on_board(st, me) >= 2:
        for a in actions:
            if isinstance(a, DiscardForMagic) and st.info.cards[a.card].is_structure:
                return a
    return None


class CaveGoblinsPlan(PlanAgent):
    faction = "cave-goblins"
    rules = (
        _at_the_summoner,
        _burst,
        _sneeks_leads,
        _swarm,
        _close_in,
        _forward_gate,
        _fuel,
    )

    def _kept(self, st: GameState, card: int) -> str | None:
        # the free bodies are never discarded
        return "keep_the_swarm" if _free(st, card) else None


# -- Savanna Elves ---------------------------------------------------------------------
def _pending(st: GameState, me: int, ability: str) -> Decision | None:
    """The choice ``me`` must make inside ``ability`` (its id ends with it), if any."""
    if st.stack:
        top = st.stack[-1]
        if (
            isinstance(top, Decision)
            and top.player == me
            and top.ability.endswith(ability)
        ):
            return top
    return None


def _grows(st: GameState, cid: int) -> bool:
    """A unit that turns boosts into more: Imbued abilities, Swift Shot."""
    return any(
        a.name.startswith("Imbued") or a.name == "Swift Shot"
        for a in st.info.cards[cid].abilities
    )


def _best_grower(st: GameState, options: list[Action]) -> Action | None:
    """Of ``ChooseTarget`` options, the friendly unit that grows with boosts, the most
    expensive first."""
    growers = [a for a in options if isinstance(a, ChooseTarget) and _grows(st, a.card)]
    if not growers:
        return None
    return max(growers, key=lambda a: (st.info.cards[a.card].cost or 0, -a.card))  # type: ignore[attr-defined]


def _near_enemy(st: GameState, space: int, me: int) -> int:
    board = st.board
    return sum(1 for s in ADJ[space] if board[s] >= 0 and st.ctrl[board[s]] != me)


def _bond_every_turn(st: GameState, me: int, actions: list[Action]) -> Action | None:
    if st.phase != MOVE or st.stack:
        return None
    abua = st.info.summoners[me]
    moves = [a for a in actions if isinstance(a, Move) and a.unit == abua]
    if not moves:
        return None
    friends = [u for u in st.units_of(me) if u != abua]

    def score(a: Move) -> tuple[int, int, int]:
        near = sum(1 for u in friends if DIST[st.pos[u]][a.to] <= 3)
        return (near, -_near_enemy(st, a.to, me), -own_row(me, a.to))

    best = max(moves, key=score)
    return best if score(best)[0] > 0 else None


def _bond_to_a_grower(st: GameState, me: int, actions: list[Action]) -> Action | None:
    if _pending(st, me, "spirit-bond") is None:
        return None
    return _best_grower(st, actions)


def _commune_to_a_grower(
    st: GameState, me: int, actions: list[Action]
) -> Action | None:
    if _pending(st, me, "commune-with-spirits") is None:
        return None
    got = _best_grower(st, actions)
    if got is not None:
        return got
    keep = [a for a in actions if isinstance(a, ChooseOption)]
    return keep[0] if keep else None


def _chant_target(st: GameState, me: int) -> int:
    """The friendly unit within 3 spaces of Abua Shi with the most boosts (>= 2),
    next to an enemy card; -1 if none."""
    abua = st.info.summoners[me]
    if not st.on_board(abua):
        return -1
    best, most = -1, 1
    for u in st.units_of(me):
        if u == abua or DIST[st.pos[u]][st.pos[abua]] > 3:
            continue
        if st.boost[u] > most and _near_enemy(st, st.pos[u], me) > 0:
            best, most = u, st.boost[u]
    return best


def _chant_of_power(st: GameState, me: int, actions: list[Action]) -> Action | None:
    dec = _pending(st, me, "chant-of-power")
    if dec is None and not st.stack:
        plays = [
            a
            for a in actions
            if isinstance(a, PlayEvent) and _slug(st, a.card) == "chant-of-power"
        ]
        return plays[0] if plays and _chant_target(st, me) >= 0 else None
    if dec is not None:
        target = _chant_target(st, me)
        for a in actions:
            if isinstance(a, ChooseTarget) and a.card == target:
                return a
    return None


class SavannaElvesPlan(PlanAgent):
    faction = "savanna-elves"
    rules = (_chant_of_power, _bond_to_a_grower, _commune_to_a_grower, _bond_every_turn)

    def _kept(self, st: GameState, card: int) -> str | None:
        # the epic event is kept for the burst
        return "keep_the_epic" if _slug(st, card) == "chant-of-power" else None


# -- Fallen Kingdom --------------------------------------------------------------------
RAISE_LIFE = 6  # Ret-Talus raises the dead while he has this much life left


def _undead(st: GameState, cid: int) -> bool:
    return st.info.is_unit[cid] and "Undead" in st.info.cards[cid].name


def _raise_the_dead(st: GameState, me: int, actions: list[Action]) -> Action | None:
    which = _pending(st, me, "raise-the-dead")
    ret = st.info.summoners[me]
    if which is not None:
        cards = [a for a in actions if isinstance(a, ChooseTarget)]
        if cards:
            return max(cards, key=lambda a: (st.info.cards[a.card].cost or 0, -a.card))  # type: ignore[attr-defined]
        return None
    if st.phase != SUMMON or st.stack:
        return None
    if st.life(ret) - st.damage[ret] < RAISE_LIFE:
        return None
    for a in actions:
        if (
            isinstance(a, UseAbility)
            and a.card == ret
            and a.ability.endswith("raise-the-dead")
        ):
            return a
    return None


def _fodder_forward(st: GameState, me: int, actions: list[Action]) -> Action | None:
    if st.phase != SUMMON or st.stack:
        return None
    cultists = [
        a
        for a in actions
        if isinstance(a, Summon) and _slug(st, a.card) == "hellfire-cultist"
    ]
    if not cultists:
        return None
    t = _target(st, me)
    return max(
        cultists,
        key=lambda a: (
            _near_enemy(st, a.space, me),
            -(DIST[a.space][t] if t >= 0 else 0),
        ),  # type: ignore[attr-defined]
    )


class FallenKingdomPlan(PlanAgent):
    faction = "fallen-kingdom"
    rules = (_raise_the_dead, _fodder_forward)

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        got = super().choose(view, actions)
        if not self._plays_faction(view):
            return got
        st = view.public_state()
        me = view.player
        if (
            isinstance(got, Attack)
            and _slug(st, got.attacker) == "undead-warrior"
            and st.ctrl[got.target] != me
        ):
            others = [
                a
                for a in actions
                if isinstance(a, Attack)
                and st.ctrl[a.target] != me
                and _slug(st, a.attacker) != "undead-warrior"
            ]
            if others:
                # warriors last: the strongest other attack first
                self._count("warriors_last")
                return max(others, key=lambda a: st.strength(a.attacker))
        if (
            isinstance(got, DiscardForMagic)
            and not _undead(st, got.card)
            and st.phase == MAGIC
            and not st.stack
        ):
            undead = [
                a
                for a in actions
                if isinstance(a, DiscardForMagic) and _undead(st, a.card)
            ]
            if undead:
                # bury the Undead: Raise the Dead brings them back
                self._count("bury_the_undead")
                return min(
                    undead, key=lambda a: (st.info.cards[a.card].cost or 0, a.card)
                )  # type: ignore[attr-defined]
        return got


#: the plans by agent name (engine.agents registers them as engine-only agents)
PLANS: dict[str, type[PlanAgent]] = {
    "plan:cave-goblins": CaveGoblinsPlan,
    "plan:savanna-elves": SavannaElvesPlan,
    "plan:fallen-kingdom": FallenKingdomPlan,
}
