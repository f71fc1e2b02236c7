"""Replays: regenerate one game of a job from (frozen decks, seed, agents, game number)
and cut it into steps a player can follow, one per action. Nothing is stored.

Game number ``n`` is the n-th result of the job: without ``swap`` it is game index
``n``; with ``swap`` index ``n // 2``, seats exchanged when ``n`` is odd (the order of
``engine.play.play_many``). The game is played again through ``engine.play.play_one``
with its action log, then the log is applied to a fresh ``setup_game`` state: the
engine guarantees that the log replays to the same final state.

Each step says, in words, who did what (the acting player is the one to act before
the action: the owner of a pending ability choice, else the turn player); cards and
abilities by their names, never by their ids. A step's ``turn``, ``player`` and
``phase`` are those OF ITS ACTION (the state before it: a player's "end the draw
phase" belongs to their turn, not to the next one); ``magic``, ``hand`` and ``deck``
are counted after it, as the board is drawn. With that, it has what
the board needs to draw it: ``move`` (from, to), ``attack`` (from, to, dice faces as
symbols, hits, the target's damage), ``place`` (a summoned or built card),
``destroyed`` spaces, and the board after the action. Ability choices show the
engine's prompt text, or the ability's name when the prompt is only its id.
``turn_starts`` index the first step of every turn (the first action of that turn),
so the page can also step turn by turn. The last step carries the result in words.
"""

from __future__ import annotations

from typing import Any

from engine.core import board as B
from engine.core import dice
from engine.core.actions import (
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
from engine.core.replay import end_words
from engine.play import SEATS, derive_seed, play_one, setup_game
from simulate import adapters
from simulate.models import SimulationJob

#: Steps returned at most (a safety net; real games stay far below it).
MAX_STEPS = 5000

#: Die symbols as players know them from the second-edition die.
SYMBOL_NAMES = (
    (dice.MELEE, "melee", "⚔"),
    (dice.RANGED, "ranged", "➶"),
    (dice.SPECIAL, "special", "✦"),
)


def face_symbols(face: int) -> list[str]:
    """A die face as symbol names (``melee``, ``ranged``, ``special``); [] blank."""
    return [name for bit, name, _ in SYMBOL_NAMES if face & bit]


def face_text(face: int) -> str:
    return "".join(glyph for bit, _, glyph in SYMBOL_NAMES if face & bit) or "blank"


def _board(state: Any, seat_to_side: tuple[str, str]) -> list[list[Any]]:
    """Units on the board as ``[space, card slug, side, damage]`` (spaces in player
    0's coordinates, see ``engine.core.board``)."""
    units: list[list[Any]] = []
    for space in range(B.SPACES):
        cid = state.board[space]
        if cid == B.EMPTY:
            continue
        card = state.info.cards[cid]
        units.append(
            [space, card.slug, seat_to_side[state.ctrl[cid]], state.damage[cid]]
        )
    return units


def _when(state: Any, seat_to_side: tuple[str, str]) -> dict[str, Any]:
    """The turn, turn player and phase of the action about to be applied."""
    return {
        "turn": state.turn,
        "player": seat_to_side[state.turn_player],
        "phase": state.phase_name.value,
    }


def _counters(state: Any, seat_to_side: tuple[str, str]) -> dict[str, Any]:
    """Magic, hand and draw deck of both sides (after the step's action)."""
    return {
        "magic": {seat_to_side[p]: state.magic[p] for p in (0, 1)},
        "hand": {seat_to_side[p]: len(state.hand[p]) for p in (0, 1)},
        "deck": {seat_to_side[p]: len(state.deck[p]) for p in (0, 1)},
    }


def _card(state: Any, cid: int) -> str:
    return str(state.info.cards[cid].name)


def ability_names(cards: Any) -> dict[str, str]:
    """``{ability id: "Card Name's Ability Name"}`` for every ability of ``cards``
    (the catalog's own names), so no id such as ``royal-guardian.shove`` reaches a
    player."""
    names: dict[str, str] = {}
    for card in cards:
        for ability in getattr(card, "abilities", ()) or ():
            names.setdefault(ability.id, f"{card.name}'s {ability.name}")
    return names


def _ability(
    state: Any, names: dict[str, str], ability_id: str, source: int | None = None
) -> str:
    """An ability in words: its catalog name (``names``: :func:`ability_names`),
    else its id made readable."""
    if ability_id in names:
        return names[ability_id]
    card_slug, _, own = str(ability_id).rpartition(".")
    words = (own or card_slug).replace("-", " ").replace("_", " ").strip()
    if source is not None and 0 <= source < len(state.info.cards):
        return f"{_card(state, source)}'s {words}" if words else _card(state, source)
    return words.capitalize()


def square(space: int) -> str:
    """A square as players read it: ``square e5`` (columns a-f, rows 1-8)."""
    return f"square {B.name(space)}"


def _option_words(
    state: Any, action: Any, abilities: dict[str, str], top: Any = None
) -> str:
    """What was chosen, in words, for an answer to a pending decision."""
    if isinstance(action, ChooseTarget):
        where = state.pos[action.card]
        at = f" on {B.name(where)}" if 0 <= where < B.SPACES else ""
        return f"{_card(state, action.card)}{at}"
    if isinstance(action, ChooseSpace):
        return square(action.space)
    if isinstance(action, YesNo):
        return "yes" if action.yes else "no"
    if isinstance(action, ChooseOption):
        return f"option {action.option + 1}"
    if isinstance(action, ChooseTrigger):
        data = getattr(top, "data", ()) or ()
        trigger = data[action.index] if action.index < len(data) else None
        ability = getattr(trigger, "ability", "")
        if ability:
            source = getattr(trigger, "source", None)
            src = source if isinstance(source, int) else None
            return f"{_ability(state, abilities, str(ability), src)} first"
        return f"effect {action.index + 1} first"
    return action.kind.replace("_", " ")


def _describe(
    state: Any,
    action: Any,
    names: dict[str, str],
    actor: str,
    abilities: dict[str, str] | None = None,
) -> str:
    """One sentence for an action, in the state before it is applied."""
    who = names[actor]
    if abilities is None:
        abilities = ability_names(state.info.cards)
    if isinstance(action, Move):
        via = f" (through {B.name(action.via)})" if action.via >= 0 else ""
        return (
            f"{who} moves {_card(state, action.unit)} from "
            f"{B.name(state.pos[action.unit])} to {B.name(action.to)}{via}."
        )
    if isinstance(action, Attack):
        return (
            f"{who}: {_card(state, action.attacker)} attacks "
            f"{_card(state, action.target)} on {B.name(state.pos[action.target])}."
        )
    if isinstance(action, Summon):
        return f"{who} summons {_card(state, action.card)} on {B.name(action.space)}."
    if isinstance(action, Build):
        return f"{who} builds {_card(state, action.card)} on {B.name(action.space)}."
    if isinstance(action, PlayEvent):
        return f"{who} plays the event {_card(state, action.card)}."
    if isinstance(action, DiscardForMagic):
        return f"{who} discards {_card(state, action.card)} for 1 magic."
    if isinstance(action, EndPhase):
        return f"{who} ends the {state.phase_name.value} phase."
    if isinstance(action, UseAbility):
        return f"{who} uses {_ability(state, abilities, action.ability, action.card)}."
    top = state.stack[-1] if state.stack else None
    chosen = _option_words(state, action, abilities, top)
    prompt = str(getattr(top, "prompt", "") or "")
    ability = str(getattr(top, "ability", "") or "")
    source = getattr(top, "source", None)
    src = source if isinstance(source, int) else None
    if top is not None and (not prompt or prompt == ability or _looks_like_id(prompt)):
        # The engine's default prompt is the ability's id: say its name instead.
        asked = prompt or ability
        prompt = _ability(state, abilities, asked, src) if asked else ""
    prompt = prompt.rstrip(" ?:.")
    return f"{who} — {prompt}: {chosen}." if prompt else f"{who} chooses {chosen}."


def _looks_like_id(text: str) -> bool:
    """``royal-guardian.shove``, ``burn``: an id, not a question in words."""
    return bool(text) and " " not in text and text == text.lower()


def replay_game(*, job: SimulationJob, game: int) -> dict[str, Any]:
    """Steps of game number ``game`` of ``job`` (see the module docstring)."""
    index, swapped = divmod(game, job.results_per_index)
    deck_a = adapters.game_deck(job.deck_a)
    deck_b = adapters.game_deck(job.deck_b)
    seats = (deck_b, deck_a) if swapped else (deck_a, deck_b)
    agents = (job.agent_b, job.agent_a) if swapped else (job.agent_a, job.agent_b)
    seat_to_side: tuple[str, str] = ("b", "a") if swapped else ("a", "b")
    names = {"a": str(job.deck_a["name"]), "b": str(job.deck_b["name"])}
    seed = derive_seed(job.seed, index)
    rules = adapters.rules(job.ruleset)
    result = play_one(
        seats[0],
        seats[1],
        seed=seed,
        agent_a=agents[0],
        agent_b=agents[1],
        rules=rules,
        record=True,
    )
    state = setup_game(seats[0], seats[1], seed=seed, rules=rules)
    cards: dict[str, dict[str, Any]] = {}
    for card in state.info.cards:
        cards.setdefault(
            card.slug,
            {
                "name": card.name,
                "life": card.life,
                "summoner": card.is_summoner,
                "structure": card.is_structure,
            },
        )
    abilities = ability_names(state.info.cards)
    steps: list[dict[str, Any]] = [
        {
            "text": "Setup: both sides in their starting positions.",
            "kind": "setup",
            "actor": None,
            "units": _board(state, seat_to_side),
            "turn": 0,
            "player": None,
            "phase": "setup",
            **_counters(state, seat_to_side),
        }
    ]
    turns: list[dict[str, Any]] = [{"turn": 0, "step": 0, "label": "Setup"}]
    for action in (result.log or [])[:MAX_STEPS]:
        actor = seat_to_side[state.current_player()]
        when = _when(state, seat_to_side)
        if (when["turn"], when["player"]) != (
            steps[-1]["turn"],
            steps[-1]["player"],
        ):
            turns.append(
                {
                    "turn": when["turn"],
                    "step": len(steps),
                    "label": f"Turn {when['turn']}: {names[when['player']]}",
                }
            )
        on_board = {cid: state.pos[cid] for cid in state.board if cid != B.EMPTY}
        step: dict[str, Any] = {
            "text": _describe(state, action, names, actor, abilities),
            "kind": action.kind,
            "actor": actor,
            **when,
        }
        if isinstance(action, Move):
            step["from"], step["to"] = state.pos[action.unit], action.to
        elif isinstance(action, Attack):
            step["from"], step["to"] = (
                state.pos[action.attacker],
                state.pos[action.target],
            )
            attacker = state.info.cards[action.attacker]
            step["attack_type"] = (
                attacker.attack_type.value if attacker.attack_type else None
            )
            target_damage = state.damage[action.target]
        elif isinstance(action, Summon | Build):
            step["to"] = action.space
        rolled = len(state.rolls or [])
        state.apply_action(action)
        rolls = (state.rolls or [])[rolled:]
        rs = state.info.ruleset
        if rolls:
            step["dice"] = [[rs.face_names(f) for f in roll] for roll in rolls]
            ranged = step.get("attack_type") == "ranged"
            # per die: does it hit (an attack's dice; the page marks them)
            step["dice_hits"] = [
                [rs.die_hits(f, ranged) for f in roll] for roll in rolls
            ]
            step["text"] += "  Dice: " + ", ".join(
                " ".join(rs.face_text(f, "blank") for f in roll) for roll in rolls
            )
        destroyed = [
            space
            for cid, space in on_board.items()
            if not (
                0 <= state.pos[cid] < B.SPACES and state.board[state.pos[cid]] == cid
            )
        ]
        if isinstance(action, Attack):
            ranged = step["attack_type"] == "ranged"
            hits = sum(rs.die_hits(f, ranged) for roll in rolls for f in roll)
            step["hits"] = hits
            if step["to"] in destroyed:
                step["text"] += f"  {hits} hit{'s' if hits != 1 else ''}: destroyed!"
            else:
                dealt = state.damage[action.target] - target_damage
                step["text"] += f"  {hits} hit{'s' if hits != 1 else ''}"
                step["text"] += f", {dealt} damage." if dealt != hits else "."
        if destroyed:
            step["destroyed"] = destroyed
        step["units"] = _board(state, seat_to_side)
        step.update(_counters(state, seat_to_side))
        steps.append(step)
    winner = result.winner
    if swapped and winner is not None:
        winner = {"a": "b", "b": "a"}[winner]
    first = SEATS[state.first_player]
    outcome = (
        f"{names[winner]} wins: {end_words(result.termination)}, turn {result.turns}."
        if winner
        else f"Draw: {end_words(result.termination)}, turn {result.turns}."
    )
    steps[-1]["final"] = True
    steps[-1]["outcome"] = outcome
    return {
        "index": index,
        "swapped": bool(swapped),
        "seed": seed,
        "winner": winner,
        "termination": result.termination,
        "end_words": end_words(result.termination),
        "outcome": outcome,
        "turns": result.turns,
        "first_player": seat_to_side[SEATS.index(first)],
        "names": names,
        "rows": B.ROWS,
        "cols": B.COLS,
        "cards": cards,
        "steps": steps,
        "turn_starts": turns,
    }
