"""``python -m engine.tune``: tune the planner's evaluation weights (the library,
whose docstring is this command's help, is :mod:`engine.agents.tuning`; Texel tuning
is :mod:`engine.agents.texel`)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.agents import tuning
from engine.agents.weights import NAMES, WEIGHTS_FILE, Weights


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m engine.tune", description=tuning.__doc__
    )
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument(
        "--pairs", type=int, default=4, help="deals per iteration (x2 games)"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=32, help="deals for the final check")
    ap.add_argument(
        "--write", action="store_true", help=f"store in {WEIGHTS_FILE.name}"
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--method", choices=("spsa", "texel"), default="spsa")
    ap.add_argument("--games", type=int, default=480, help="texel: games played")
    ap.add_argument(
        "--pull",
        type=float,
        default=None,
        help="texel: L2 pull to the start (default: chosen on a validation split)",
    )
    ap.add_argument("--out", help="texel: also write the fitted weights here")
    ns = ap.parse_args(argv)
    if ns.method == "texel":
        return _print_texel(ns)
    start, res, out = tuning.tune_spsa(
        iterations=ns.iterations,
        pairs=ns.pairs,
        seed=ns.seed,
        check=ns.check,
        write=ns.write,
        log=sys.stderr,
    )
    if ns.json:
        print(json.dumps(out, sort_keys=True))
    else:
        lo, hi = res.check_interval
        print(
            f"{res.iterations} iterations, {res.games} tuning games; tuned vs start: "
            f"{100 * res.check_score:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of "
            f"{res.check_games} games ({out['cpu_seconds']} CPU s)"
        )
        _print_changes(start, res.weights)
    return 0


def _print_changes(start: Weights, end: Weights) -> None:
    """Each weight, before and after a run."""
    before, after = start.as_dict(), end.as_dict()
    for k in NAMES:
        print(f"  {k:16} {before[k]:8.3f} -> {after[k]:8.3f}")


def _print_texel(ns: argparse.Namespace) -> int:
    """``--method texel``: run it (:func:`engine.agents.tuning.tune_texel`), print."""

    def log(msg: str) -> None:
        print(msg, file=sys.stderr)

    start, res, out = tuning.tune_texel(
        games=ns.games,
        seed=ns.seed,
        check=ns.check,
        pull=ns.pull,
        out_path=ns.out,
        write=ns.write,
        log=log,
    )
    if ns.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    a, b = res.held_loss
    lo, hi = res.check_interval
    print(
        f"texel: {res.games} games, {res.samples} samples (+{res.held_samples} held "
        f"out), K {res.k:.2f}, pull {res.pull:g}; held-out log-loss {a:.4f} -> "
        f"{b:.4f}; tuned vs start: "
        f"{100 * res.check_score:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of "
        f"{res.check_games} games ({out['cpu_seconds']} CPU s)"
    )
    _print_changes(start, res.weights)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
