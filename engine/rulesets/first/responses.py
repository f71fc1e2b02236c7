"""Response windows (research/first-edition.md R15, section 5): cards played or used
out of phase, "in answer to" something that just happened, by whichever player holds
them (usually the player whose turn it is not): Shadows, Shield of the Hopeful, the
Spellsucker Mutant's Nullify, the Vanguards' Abolish and Divine Protection.

How a response card is written
    Subclass :class:`Response` (an :class:`~engine.core.hooks.Ability`) for the
    card's ability id, set :attr:`Response.moment` to one of the moments below and
    override :meth:`Response.eligible` (may the holder answer this moment with this
    card now?) and :meth:`Response.respond` (what answering does). An event held in
    hand keeps the default ``zones = (HAND,)``; a unit that answers from the
    battlefield (Spellsucker) sets ``zones = (BOARD,)``. :meth:`Response.cost` is the
    magic the answer costs (0 by default); a card is offered only when its holder can
    pay it. A response event is never playable in the event phase (its ``can_play``
    is False): it is played only through its window. When answered, an event goes to
    its owner's discard pile first (as a played event does), then ``respond`` runs;
    an answering event is itself an event its holder plays, so the EVENT window
    opens for it first (the other player asked first) and an answer there may cancel
    it (:func:`cancel_event`; FAQ 2.6.8.1: a Spellsucker may nullify an Abolish).

Moments (``ctx`` is what :meth:`Response.eligible` and :meth:`Response.respond` get)
    ``DESTROYED`` ``(card, by_player, was_ctrl)``: a card was destroyed (``by_player``
    the player whose attack or effect destroyed it, None for a rule; ``was_ctrl`` the
    player who controlled it). Opened by the ``on_destroy`` hook, after the card went
    to its owner's discard pile and the destroyer gained the magic (R22).
    ``WOUNDS`` ``(attacker, target)``: an attack's dice are rolled (rerolls included)
    and the attack would wound ``target`` (:func:`would_wound`); the wounds are not
    placed yet. Opened by the ``after_roll`` hook; cancel the wounds with
    :func:`ignore_wounds`. Only attacks open it (wounds an effect deals without an
    attack are placed at once, mid-effect, where R34 allows no answer).
    ``EVENT`` ``(event card, player)``: ``player`` played the event (it is in the
    discard pile, its effect not resolved yet). Opened by
    :func:`engine.rulesets.first.events.do_event` for every event but walls, and by
    the window itself for an event played as an answer; cancel the effect with
    :func:`cancel_event`.
    ``ANYTIME`` ``(phase,)``: "at any time" powers (R34: during your own turn, or
    between the phases of the opponent's turn, never mid-roll or mid-event). Opened by
    the ``end_of_phase`` hook as each phase of a turn ends. The turn player uses such
    a power through an ordinary ``actions`` hook of the card instead, so an ANYTIME
    response is normally eligible only for the other player (Possessed Wall).

The window (:class:`ResponseWindow`, decision ability ``"first.response"``)
    One window per moment: the player whose turn it is not is asked first, then the
    turn player, each once, and only when they hold an eligible card they can pay
    for. The question is a :class:`~engine.core.hooks.Decision` with explicit options:
    ``NO`` (let it pass) first, then ``PlayEvent(card)`` for each eligible card in hand
    (hand order) and ``UseAbility(card, ability id)`` for each eligible card on the
    battlefield (space order) or under a card (card id order). Eligibility is asked
    again when a player's turn to answer comes (an earlier answer may have changed
    it). Everything is decided from
    the state (no hidden choice, no randomness), so it replays from the seed and
    searches see it as any other decision.

Adding a moment
    Give it a name, open it with :func:`open_window` where it happens (an opener hook
    on :class:`Response`, filtered in :meth:`Response.game_hooks`, or an explicit call
    in ruleset code), and document its ``ctx`` above.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from engine.core.actions import NO, Action, PlayEvent, UseAbility
from engine.core.hooks import BOARD, DISCARD, HAND, Ability, Decision, Trigger

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.core.state import GameState
    from engine.core.types import CardDef

DESTROYED = "destroyed"
WOUNDS = "wounds"
EVENT = "event"
ANYTIME = "anytime"

WINDOW = "first.response"
#: st.flags key: set while :func:`would_wound` asks the modifiers (abilities that
#: roll dice in ``mod_damage`` must not roll then)
PROBE = "first.response.probe"
_IGNORE = "first.response.ignore."
_CANCEL = "first.response.cancel."

#: the hook that opens each moment's window (the others are left out of the game)
_OPENERS = {DESTROYED: "on_destroy", WOUNDS: "after_roll", ANYTIME: "end_of_phase"}


@mypyc_attr(allow_interpreted_subclasses=True)  # tests define responses of their own
class Response(Ability):
    """Base of response cards (see the module docstring)."""

    zones = (HAND,)
    moment: ClassVar[str] = ""

    # -- what a card says ------------------------------------------------------------
    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        """May ``src``'s holder answer this moment with ``src`` now?"""
        return False

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        """The answer (an event is already in its owner's discard pile)."""

    def cost(self, st: GameState, src: int) -> int:
        """Magic the answer costs its holder."""
        return 0

    def can_play(self, st: GameState, card: int) -> bool:
        return False  # never in the event phase: only through its window

    # -- the machinery ---------------------------------------------------------------
    def offered(
        self, st: GameState, src: int, moment: str, ctx: tuple[Any, ...]
    ) -> bool:
        """Is ``src`` a legal answer to ``moment`` now (zone, holder can pay, text)?"""
        return (
            moment == self.moment
            and st.zone[src] in self.zones
            and st.magic[st.ctrl[src]] >= self.cost(st, src)
            and self.eligible(st, src, ctx)
        )

    def game_hooks(
        self, game: Sequence[tuple[CardDef, tuple[Ability, ...]]]
    ) -> tuple[str, ...]:
        opener = _OPENERS.get(self.moment)
        return tuple(
            h for h in self.overrides() if h not in _OPENERS.values() or h == opener
        )

    def _open(
        self, st: GameState, src: int, moment: str, ctx: tuple[Any, ...]
    ) -> Trigger | None:
        # one window per moment: only the first card offered opens it
        if first_responder(st, moment, ctx) == src:
            return Trigger(WINDOW, src, st.ctrl[src], ("open", moment, ctx))
        return None

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        return self._open(st, src, DESTROYED, (card, by_player, st.ctrl[card]))

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return self._open(st, src, ANYTIME, (phase,))

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        step = st.stack[-1] if st.stack else None
        if not (
            isinstance(step, Trigger)
            and step.ability == "core.attack_damage"
            and step.data[1] == roller
        ):
            return None
        return self._open(st, src, WOUNDS, (roller, step.data[3]))


def responders(st: GameState) -> tuple[tuple[int, Response], ...]:
    """Every (card, response ability) of the game, by card id (cached)."""
    extra = st.info.extra
    got: tuple[tuple[int, Response], ...] | None = extra.get("first.responders")
    if got is None:
        got = extra["first.responders"] = tuple(
            (c, a)
            for c, impls in enumerate(st.info.abilities)
            for a in impls
            if isinstance(a, Response)
        )
    return got


def offers(
    st: GameState, player: int, moment: str, ctx: tuple[Any, ...]
) -> list[Action]:
    """``player``'s legal answers to ``moment`` now: ``PlayEvent`` for cards in hand
    (hand order), then ``UseAbility`` for cards on the battlefield (space order), then
    for cards under others (card id order)."""
    found = [
        (c, a)
        for c, a in responders(st)
        if st.ctrl[c] == player and a.offered(st, c, moment, ctx)
    ]
    if not found:
        return []
    hand = st.hand[player]
    out: list[Action] = []
    for c, _a in sorted(
        ((c, a) for c, a in found if st.zone[c] == HAND), key=lambda x: hand.index(x[0])
    ):
        out.append(PlayEvent(c))
    for c, a in sorted(
        ((c, a) for c, a in found if st.zone[c] != HAND),
        key=lambda x: st.pos[x[0]] if st.zone[x[0]] == BOARD else 100 + x[0],
    ):
        out.append(UseAbility(c, a.id))
    return out


def first_responder(st: GameState, moment: str, ctx: tuple[Any, ...]) -> int:
    """The lowest card id that may answer ``moment`` now (either player), or -1."""
    for c, a in responders(st):
        if a.offered(st, c, moment, ctx):
            return c
    return -1


def open_window(st: GameState, moment: str, ctx: tuple[Any, ...]) -> bool:
    """Ask the players in turn (the player whose turn it is not first) whether they
    answer ``moment``; False when nobody can (nothing was asked). (The window's
    trigger may have waited under other triggers: eligibility is asked again here.)"""
    order = (1 - st.turn_player, st.turn_player)
    return _ask_next(st, moment, ctx, order)


def _ask_next(
    st: GameState, moment: str, ctx: tuple[Any, ...], players: tuple[int, ...]
) -> bool:
    for i, p in enumerate(players):
        opts = offers(st, p, moment, ctx)
        if opts:
            st.ask(
                Decision(
                    p,
                    WINDOW,
                    -1,
                    (NO, *opts),
                    ("answer", moment, ctx, players[i + 1 :]),
                    f"respond to {moment}?",
                )
            )
            return True
    return False


def would_wound(
    st: GameState, attacker: int, target: int, faces: tuple[int, ...]
) -> int:
    """The wounds the attack of ``attacker`` with dice ``faces`` would put on
    ``target`` (hits, then the ``mod_damage`` modifiers, asked with :data:`PROBE`
    set)."""
    from engine.core.mechanics.attack import hits_of

    n = hits_of(st, attacker, faces)
    st.flags[PROBE] = 1
    try:
        for s, ab in st.hooked("mod_damage"):
            n = ab.mod_damage(st, s, attacker, target, faces, n)
    finally:
        del st.flags[PROBE]
    return n if n > 0 else 0


def pending_faces(st: GameState, attacker: int) -> tuple[int, ...]:
    """The dice of ``attacker``'s attack waiting for its damage step (() if none)."""
    for t in reversed(st.stack):
        if (
            isinstance(t, Trigger)
            and t.ability == "core.attack_damage"
            and t.data[1] == attacker
        ):
            faces: tuple[int, ...] = t.data[2]
            return faces
    return ()


def ignore_wounds(st: GameState, target: int) -> None:
    """The pending attack puts no wounds on ``target`` (:class:`IgnoreWounds`)."""
    st.flags[f"{_IGNORE}{target}"] = 1


def cancel_event(st: GameState, card: int) -> None:
    """The event ``card`` being played has no effect."""
    st.flags[f"{_CANCEL}{card}"] = 1


class IgnoreWounds(Response):
    """Base of WOUNDS responses that cancel the wounds (:func:`ignore_wounds`): its
    ``mod_damage`` (working from the discard pile, where the played card lies)
    zeroes the wounds of the attack answered, after every other modifier."""

    moment = WOUNDS
    order = 100
    hook_zones = {"mod_damage": (DISCARD,)}

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        key = f"{_IGNORE}{target}"
        if key in st.flags and PROBE not in st.flags:
            del st.flags[key]
            return 0
        return damage


class ResponseWindow(Ability):
    """The window's decisions and continuations (not a card's ability)."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        tag = trig.data[0]
        if tag == "open":
            open_window(st, trig.data[1], trig.data[2])
        elif tag == "next":
            _ask_next(st, trig.data[1], trig.data[2], trig.data[3])
        elif tag == "answer":
            card = trig.data[1]
            key = f"{_CANCEL}{card}"
            if key in st.flags:
                del st.flags[key]
                return
            impl = next(a for c, a in responders(st) if c == card)
            impl.respond(st, card, trig.data[2])
        elif tag == "event":
            card = trig.data[1]
            key = f"{_CANCEL}{card}"
            if key in st.flags:
                del st.flags[key]
                return
            slug = st.info.cards[card].slug
            st.info.registry[f"{slug}.effect"].play(st, card)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        _tag, moment, ctx, rest = dec.data
        if rest:
            st.stack.append(
                Trigger(WINDOW, -1, dec.player, ("next", moment, ctx, rest))
            )
        card = -1
        if isinstance(action, PlayEvent):
            card = action.card
        elif isinstance(action, UseAbility):
            card = action.card
        if card < 0:
            return
        impl = next(a for c, a in responders(st) if c == card)
        cost = impl.cost(st, card)
        if cost:
            st.gain_magic(dec.player, -cost)
        if st.zone[card] != HAND:
            impl.respond(st, card, ctx)
            return
        st.discard_card(card)
        # an answering event is an event played too (FAQ 2.6.8.1: a Spellsucker may
        # cancel an Abolish): its own EVENT window first, the opponent asked first
        ev = (card, dec.player)
        if first_responder(st, EVENT, ev) < 0:
            impl.respond(st, card, ctx)
            return
        st.stack.append(Trigger(WINDOW, -1, dec.player, ("answer", card, ctx)))
        _ask_next(st, EVENT, ev, (1 - dec.player, dec.player))


def play_event(st: GameState, card: int, player: int) -> None:
    """Play the event ``card`` (already in the discard pile): open the EVENT window
    first; the effect resolves after it unless an answer cancelled it."""
    impl = st.info.registry[f"{st.info.cards[card].slug}.effect"]
    if first_responder(st, EVENT, (card, player)) < 0:
        impl.play(st, card)
        return
    st.stack.append(Trigger(WINDOW, -1, player, ("event", card)))
    open_window(st, EVENT, (card, player))


ABILITIES: dict[str, type[Ability]] = {WINDOW: ResponseWindow}
