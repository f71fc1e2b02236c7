"""Replays: write a played game to JSON and replay it to the identical final state.

``python -m engine.replay FILE`` replays a file, checks the final state digest and
prints the game turn by turn (board as text, actions, dice); :func:`engine.play.replay`
replays one with the catalog and ruleset resolved by name.

File format (JSON)::

    {"format": "sw-engine-replay", "version": 1,
     "decks": [DECK, DECK],          # seat 0, seat 1 (card slugs, see deck_to_json)
     "seed": 123, "rules": {...}, "agents": ["greedy", "random"],
     "log": [{"type": "move", "unit": 5, "to": 14, "via": -1}, ...],
     "result": {"winner": 0, "termination": "...", "turns": 17,
                "digest": "<sha256 of the final state>"}}

Replaying needs only the decks, the seed, the rules and the log (agents are recorded
for information): the state's RNG makes every die roll and shuffle identical.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from engine.core import board as B
from engine.core import dice
from engine.core.actions import (
    Action,
    Attack,
    Build,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    ChooseTrigger,
    DiscardForMagic,
    EndPhase,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
    YesNo,
)
from engine.core.game import GameDeck, start_game
from engine.core.hooks import Decision
from engine.core.ruleset import Ruleset
from engine.core.state import GameState
from engine.core.types import CardDef, Position, Rules

FORMAT = "sw-engine-replay"


def deck_to_json(d: GameDeck) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": d.name,
        "summoner": d.summoner.slug,
        "summoner_at": [d.summoner_at.row, d.summoner_at.col],
        "starting_gate": d.starting_gate.slug if d.starting_gate else None,
        "gate_at": [d.gate_at.row, d.gate_at.col],
        "starting_units": [[c.slug, [p.row, p.col]] for c, p in d.starting_units],
        "draw_cards": [c.slug for c in d.draw_cards],
        "setup_default": d.setup_default,
    }
    if d.piles:  # (first edition: separate piles; absent otherwise)
        out["piles"] = [c.slug for c in d.piles]
    return out


def deck_from_json(data: Mapping[str, Any], cards: Mapping[str, CardDef]) -> GameDeck:
    gate = data.get("starting_gate")
    return GameDeck(
        name=data["name"],
        summoner=cards[data["summoner"]],
        summoner_at=Position(*data["summoner_at"]),
        starting_gate=cards[gate] if gate else None,
        gate_at=Position(*data["gate_at"]),
        starting_units=tuple(
            (cards[s], Position(*p)) for s, p in data["starting_units"]
        ),
        draw_cards=tuple(cards[s] for s in data["draw_cards"]),
        setup_default=bool(data.get("setup_default", False)),
        piles=tuple(cards[s] for s in data.get("piles", ())),
    )


def state_digest(st: GameState) -> str:
    """sha256 over every part of the state that matters for the game (its parts are
    fixed: stored replays carry these digests; :meth:`GameState.position_key` is the
    in-memory key that also covers notes, the stack and the dice counters)."""
    parts: tuple[object, ...] = (
        st.zone,
        st.pos,
        st.ctrl,
        st.damage,
        st.boost,
        st.board,
        st.deck,
        st.hand,
        st.discard,
        st.active,
        sorted(st.under.items()),
        st.magic,
        st.turn_player,
        st.turn,
        st.phase,
        st.moved,
        st.attacked,
        st.targeted_enemy,
        sorted(st.flags.items()),
        st.winner,
        st.termination,
    )
    if st.info.ruleset.magic_pile:  # (the second edition's digests stay as they were)
        parts += (st.magic_pile,)
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def replay_to_json(
    decks: tuple[GameDeck, GameDeck],
    seed: int,
    log: list[Action],
    *,
    rules: Rules | None = None,
    agents: tuple[str, str] = ("?", "?"),
    final: GameState | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": 1,
        "decks": [deck_to_json(decks[0]), deck_to_json(decks[1])],
        "seed": seed,
        "rules": asdict(rules or Rules()),
        "agents": list(agents),
        "log": [a.to_json() for a in log],
    }
    if final is not None:
        out["result"] = {
            "winner": final.winner,
            "termination": final.termination,
            "turns": final.turn,
            "digest": state_digest(final),
        }
    return out


def write_replay(path: str | Path, data: Mapping[str, Any]) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return p


def rules_from_json(data: Mapping[str, Any]) -> Rules:
    """The run parameters of a replay (keys this version does not know, such as the
    limits older files recorded, which now belong to the ruleset, are ignored)."""
    known = {f.name for f in fields(Rules)}
    return Rules(**{k: v for k, v in data.items() if k in known})


def load_state(
    data: Mapping[str, Any], cards: Mapping[str, CardDef], ruleset: Ruleset
) -> tuple[GameState, list[Action]]:
    """The initial state and the action list of a replay (``ruleset``: the one its
    rules name, see :func:`engine.play.replay`)."""
    if data.get("format") != FORMAT:
        raise ValueError("not an engine replay file")
    decks = [deck_from_json(d, cards) for d in data["decks"]]
    rules = rules_from_json(data.get("rules", {}))
    st = start_game(
        decks[0], decks[1], seed=int(data["seed"]), rules=rules, ruleset=ruleset
    )
    return st, [Action.from_json(a) for a in data["log"]]


def replay(
    data: Mapping[str, Any], cards: Mapping[str, CardDef], ruleset: Ruleset
) -> GameState:
    """Apply the whole log; raises ValueError if the final digest differs."""
    st, log = load_state(data, cards, ruleset)
    for a in log:
        st.apply_action(a)
    want = data.get("result", {}).get("digest")
    if want is not None and want != state_digest(st):
        raise ValueError("replay diverged: final state digest differs")
    return st


def _name(st: GameState, cid: int) -> str:
    return f"{st.info.cards[cid].name}#{cid}"


#: How a game ends, in words.
END_WORDS = {
    "summoner_destroyed": "a summoner was destroyed",
    "turn_cap": "the turn limit was reached (a draw)",
    "stalled": "the game stalled (a draw)",
}

#: Die symbols as players know them: melee ⚔, ranged ➶, special ✦.
SYMBOLS = ((dice.MELEE, "⚔"), (dice.RANGED, "➶"), (dice.SPECIAL, "✦"))


def die_text(face: int) -> str:
    """A die face as the symbols printed on it (``-`` for a blank face)."""
    return "".join(glyph for bit, glyph in SYMBOLS if face & bit) or "-"


def end_words(termination: str | None) -> str:
    if not termination:
        return "not over"
    return END_WORDS.get(termination, termination.replace("_", " "))


def describe(st: GameState, a: Action) -> str:
    """One line for an action, in the state before it is applied; the answer to a
    choice inside an effect is given with the effect's question."""
    top = st.stack[-1] if st.stack else None
    if isinstance(top, Decision):
        question = top.prompt or top.ability.split(".")[-1].replace("-", " ")
        return f"  {question}: {_answer(st, top, a)}"
    if isinstance(a, Move):
        via = f" via {B.name(a.via)}" if a.via >= 0 else ""
        return (
            f"move {_name(st, a.unit)} {B.name(st.pos[a.unit])} -> {B.name(a.to)}{via}"
        )
    if isinstance(a, Attack):
        return f"attack {_name(st, a.attacker)} -> {_name(st, a.target)}"
    if isinstance(a, Summon):
        return f"summon {_name(st, a.card)} at {B.name(a.space)}"
    if isinstance(a, Build):
        return f"build {_name(st, a.card)} at {B.name(a.space)}"
    if isinstance(a, PlayEvent):
        return f"play event {_name(st, a.card)}"
    if isinstance(a, DiscardForMagic):
        if st.info.ruleset.magic_pile:
            return f"put {_name(st, a.card)} on the magic pile"
        return f"discard {_name(st, a.card)} for 1 magic"
    if isinstance(a, EndPhase):
        return f"end {st.phase_name.value} phase"
    if isinstance(a, UseAbility):
        what = a.ability.split(".")[-1].replace("-", " ")
        on = f" on {_name(st, a.option)}" if 0 <= a.option < len(st.info.cards) else ""
        return f"use {what} of {_name(st, a.card)}{on}"
    return f"{a.to_json()}"


def _answer(st: GameState, dec: Decision, a: Action) -> str:
    if isinstance(a, ChooseTarget):
        return _name(st, a.card)
    if isinstance(a, ChooseSpace):
        return f"space {B.name(a.space)}"
    if isinstance(a, YesNo):
        return "yes" if a.yes else "no"
    if isinstance(a, ChooseTrigger) and a.index < len(dec.data):
        trig = dec.data[a.index]
        ability = getattr(trig, "ability", "")
        return f"resolve {ability.split('.')[-1].replace('-', ' ')} first"
    if isinstance(a, ChooseOption):
        return f"option {a.option + 1}"
    return str(a.to_json())
