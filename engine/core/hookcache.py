"""The per-zone hook cache: which hooks work where, kept on the state's zone list.

:class:`ZoneList` is ``state.zone`` (card id -> zone) with the cache of facts that
depend
only on which cards' hooks work in their zones (``GameState.hooked``). A card's move
between zones that changes the mask of its working hooks (``GameInfo.zone_sig``) drops
the cache keys of those hooks (``GameInfo.zone_drops``); clones share the cache until
one of them changes it (copy on write).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from engine.core.hooks import Ability

_Drops = tuple[tuple[int, tuple[str, ...]], ...]


@mypyc_attr(native_class=False)  # a list subclass (mypyc: no native list subclass)
class ZoneList(list[int]):
    """``zone[cid]``: a list that also holds the state's hook cache ``hc`` (see
    ``GameState.hooked``): when a card's move between zones changes which of its
    hooks work (``GameInfo.zone_sig``), ``ver`` changes (to a process-wide unique
    number) and the cache is replaced by a copy without the entries of those hooks.

    The cache holds only facts that follow from which hooks work where, so states
    of one ``ver`` may share it: a clone shares its parent's cache (no copy; look-
    ahead makes many clones) and either gets its own copy at its first such change.
    """

    __slots__ = ("ver", "sig", "hc", "drops")

    def __init__(
        self,
        items: list[int],
        ver: int | None = None,
        sig: tuple[tuple[int, ...], ...] = (),
        hc: dict[str, Any] | None = None,
        drops: tuple[_Drops, ...] = (),
    ) -> None:
        super().__init__(items)
        self.ver = next(_ZONE_VERSIONS) if ver is None else ver
        self.sig = sig
        self.hc = {} if hc is None else hc
        self.drops = drops

    def __setitem__(self, i: Any, v: Any) -> None:
        sig = self.sig[i]
        a = sig[_get(self, i)]
        b = sig[v]
        if a != b:
            self.ver = next(_ZONE_VERSIONS)
            hc = self.hc
            if hc:
                hc = self.hc = dict(hc)  # (clones of the old version share the old)
                bits = a ^ b
                for bit, keys in self.drops[i]:
                    if bits & bit:
                        for k in keys:
                            hc.pop(k, None)
        _set(self, i, v)

    def copy(self) -> ZoneList:  # type: ignore[override]
        """Same content, same version, the same (shared) hook cache (see above)."""
        z = _new_zone_list(ZoneList)
        _extend(z, self)
        z.ver = self.ver
        z.sig = self.sig
        z.hc = self.hc
        z.drops = self.drops
        return z


_new_zone_list = ZoneList.__new__
_extend = list.extend
_get = list.__getitem__
_set = list.__setitem__


_PHASE_HOOK_NAMES = ("start_of_turn", "end_of_turn", "start_of_phase", "end_of_phase")


_ZONE_VERSIONS = itertools.count(1)


def zone_signatures(
    n: int, hooks: dict[str, tuple[tuple[int, Ability, tuple[int, ...]], ...]]
) -> tuple[tuple[tuple[int, ...], ...], tuple[_Drops, ...]]:
    """(``GameInfo.zone_sig``, ``GameInfo.zone_drops``) for ``n`` cards.

    zone_sig: per card, per zone (0-6, then -1 at index 7), the bit mask of its
    hook entries whose zones include that zone. zone_drops: per card, (bit, cache
    keys that depend on that entry) for each of its entries."""
    sig = [[0] * 8 for _ in range(n)]
    drops: list[list[tuple[int, tuple[str, ...]]]] = [[] for _ in range(n)]
    bit = [0] * n
    for h in sorted(hooks):
        keys: tuple[str, ...] = (h, "aura:" + h)
        if h in _PHASE_HOOK_NAMES:
            keys += ("core.phase_hooks",)
        for s, _a, zones in hooks[h]:
            b = 1 << bit[s]
            bit[s] += 1
            drops[s].append((b, keys))
            for z in zones:
                sig[s][z] |= b
    return tuple(tuple(x) for x in sig), tuple(tuple(x) for x in drops)
