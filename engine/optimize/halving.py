"""The budget plan of a swap search step (:mod:`engine.optimize.suggest`): how many
rounds successive halving takes, the fewest games a step can play, and how much of a
step's budget is kept for the confirmation."""

from __future__ import annotations

from engine.optimize import sequential as sq

CONFIRM_MAX_GAMES = 16_000


def search_rounds(n: int) -> int:
    """Rounds of successive halving from ``n`` candidates down to one."""
    r = 0
    while n > 1:
        n = -(-n // 2)
        r += 1
    return r


def min_search_games(n: int, nf: int) -> int:
    """The fewest games a search over ``n`` candidates can play: one pass over the
    field per round for every surviving candidate and the base."""
    games = 0
    while n > 1:
        games += 2 * nf * (n + 1)
        n = -(-n // 2)
    return games


#: fold-over pairs of multi-swap variants per seed block in the screening search
SCREEN_PAIRS = 2


def min_screen_games(n: int, nf: int) -> int:
    """The fewest games a screening search over ``n`` candidates can play: one
    pass over the field a round (the deck and its variants on each seed), as many
    rounds as halving takes."""
    return search_rounds(n) * 2 * nf * (1 + 2 * SCREEN_PAIRS)


def min_confirm_games(nf: int) -> int:
    """The games of a confirmation's first look (both decks, both seats)."""
    return 4 * max(sq.MIN_BLOCKS, sq.look_blocks(nf))


def least_search_games(n: int, nf: int, screening: bool = True) -> int:
    """The fewest games a search of either kind can play."""
    return min_screen_games(n, nf) if screening else min_search_games(n, nf)


def min_step_games(n: int, nf: int, screening: bool = True) -> int:
    """The fewest games a climb step needs: its search (screening or halving),
    then the confirmation's first look."""
    return least_search_games(n, nf, screening) + min_confirm_games(nf)


def confirm_budget(step_budget: int, n: int, nf: int, screening: bool = True) -> int:
    """The games kept for a step's confirmation: a quarter of the step (at most
    :data:`CONFIRM_MAX_GAMES`), never less than one look, and never so much that
    the search cannot run."""
    share = min(CONFIRM_MAX_GAMES, step_budget // 4)
    search = least_search_games(n, nf, screening)
    return max(min_confirm_games(nf), min(share, step_budget - search))
