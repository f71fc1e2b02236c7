"""``python -m engine.replay FILE``: print a recorded game turn by turn (board, actions,
dice) and check that it replays to the recorded final state (the library is
:mod:`engine.core.replay`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.replay import describe, end_words, state_digest
from engine.core.state import GameState
from engine.play import load_replay


def print_game(data: Mapping[str, Any], out: Any = None) -> GameState:
    """The game turn by turn: the board at each turn's start, then every action
    with the player who takes it (the answer to a choice with its question), the
    dice as their symbols (⚔ melee, ➶ ranged, ✦ special), and the result in words."""
    out = out or sys.stdout
    st, log = load_replay(data)
    names = [d["name"] for d in data["decks"]]
    print(f"{names[0]} (seat 0) vs {names[1]} (seat 1), seed {data['seed']}", file=out)
    last_turn = 0
    for a in log:
        if st.turn != last_turn:
            last_turn = st.turn
            print(
                f"\n== turn {st.turn}: seat {st.turn_player} ({names[st.turn_player]})"
                f"  magic {st.magic[0]}/{st.magic[1]}"
                f"  hand {len(st.hand[0])}/{len(st.hand[1])}"
                f"  deck {len(st.deck[0])}/{len(st.deck[1])}",
                file=out,
            )
            print(st.board_text(), file=out)
        actor = st.current_player()  # before the action: who takes it
        text = describe(st, a)
        n_rolls = len(st.rolls or [])
        st.apply_action(a)
        rolls = (st.rolls or [])[n_rolls:]
        if rolls:
            text += "  dice: " + ", ".join(
                " ".join(f"[{st.info.ruleset.face_text(f)}]" for f in r) for r in rolls
            )
        print(f"p{actor} {text}", file=out)
    if st.winner is None:
        banner = f"no winner: {end_words(st.termination)}"
    else:
        banner = (
            f"{names[st.winner]} (seat {st.winner}) wins: {end_words(st.termination)}"
        )
    print(f"\nresult: winner seat {st.winner}, turn {st.turn}: {banner}", file=out)
    print(st.board_text(), file=out)
    want = data.get("result", {}).get("digest")
    if want is not None:
        ok = want == state_digest(st)
        print(
            f"final state {'matches' if ok else 'DIFFERS FROM'} the recording", file=out
        )
        if not ok:
            raise SystemExit(1)
    return st


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__)
    ap.add_argument("file")
    ns = ap.parse_args(argv)
    data = json.loads(Path(ns.file).read_text(encoding="utf-8"))
    print_game(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
