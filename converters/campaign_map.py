"""The campaign board as a graph, and the movement rules that read it (T7.1, T7.3).

The seed's board (roads, sea stretches, open-sea crossings) is not in the seed; the project
ships its own drawing of it as data (``armylists/data/scenarios/tarentine/board.toml``) and a
club may bring its own. This module is the shape any board must have, validated when it is
loaded, and the pure questions the ledger asks of it: which provinces neighbour this one by
road, which sea route a fleet takes and whether it is allowed. It knows nothing of files.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from converters.i18n import _

__all__ = [
    "MAX_SEA_STRETCHES",
    "WAYS",
    "Board",
    "Link",
    "Place",
    "Way",
]

Way = Literal["road", "mountain", "sea", "crossing"]
"""How two provinces touch: a road, a mountain road over the Apennines (T3.2: +1 to the
defender), a coastal sea stretch, or an open-sea crossing (the board's dashed lines)."""

WAYS: tuple[Way, ...] = ("road", "mountain", "sea", "crossing")
"""Every :data:`Way`, in the order the map lists neighbours."""

LAND_WAYS: frozenset[str] = frozenset({"road", "mountain"})
"""The ways an army marches along (T7.3)."""

SEA_WAYS: frozenset[str] = frozenset({"sea", "crossing"})
"""The ways a fleet sails along (T7.3)."""

MAX_SEA_STRETCHES = 8
"""T3.7, T7.3: a fleet moves at most 8 sea stretches in a turn."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Place(_Frozen):
    """One province on the board: where its chief town is and whether it touches the sea."""

    province: str = Field(min_length=1)
    """The province, as the provinces table names it."""
    lat: float = Field(ge=-90, le=90)
    """Latitude of the chief town (degrees north)."""
    lon: float = Field(ge=-180, le=180)
    """Longitude of the chief town (degrees east)."""
    maritime: bool = False
    """Its symbol touches the sea: fleets may enter it (T7.3)."""
    landing_only: list[str] = []
    """When not empty, only these nations (and allies sailing with them) may land troops here
    (T7.3: the African coast, only Pyrrhus)."""
    port: bool = False
    """One of the key maritime ports (D9: the three key maritime satrapies of Macedon vs
    Persia); only a maritime province can be one."""
    note: str = ""
    """Why it is drawn so (the chief town, its port)."""


class Link(_Frozen):
    """One connection of the board, stated once: it joins both ways."""

    a: str = Field(min_length=1)
    """One end."""
    b: str = Field(min_length=1)
    """The other end."""
    way: Way
    """Road, mountain road, sea stretch or open-sea crossing."""
    note: str = ""
    """What the connection is in 278 BC (a road, a strait …)."""


class Board(_Frozen):
    """The whole board (T7.1): every province's place and every connection.

    Validated on construction: each province placed once, every connection between placed
    provinces and listed once (either way round, so the board is symmetric by construction),
    sea stretches and crossings only between maritime provinces, and every province reachable
    from every other.
    """

    places: list[Place] = Field(min_length=1)
    """Every province, in the order the data lists them."""
    links: list[Link] = []
    """Every connection."""

    @model_validator(mode="after")
    def _well_formed(self) -> Board:
        seen: dict[str, Place] = {}
        for place in self.places:
            if place.province in seen:
                raise ValueError(
                    _("places: {province} is placed twice").format(province=place.province)
                )
            seen[place.province] = place
            if place.port and not place.maritime:
                raise ValueError(
                    _("places: {province} is a port but not maritime").format(
                        province=place.province
                    )
                )
        pairs: dict[tuple[frozenset[str], bool], Link] = {}
        for link in self.links:
            for end in (link.a, link.b):
                if end not in seen:
                    raise ValueError(
                        _("links: {a}–{b}: {end!r} is not a province of the board").format(
                            a=link.a, b=link.b, end=end
                        )
                    )
            if link.a == link.b:
                raise ValueError(_("links: {a} is joined to itself").format(a=link.a))
            # A pair may be joined once by land and once by sea (a coast road and its stretch).
            key = (frozenset((link.a, link.b)), link.way in SEA_WAYS)
            if key in pairs:
                twice = (
                    _(
                        "links: {a}–{b} is listed twice by sea (a connection is stated once "
                        "and joins both ways)"
                    )
                    if key[1]
                    else _(
                        "links: {a}–{b} is listed twice by land (a connection is stated once "
                        "and joins both ways)"
                    )
                )
                raise ValueError(twice.format(a=link.a, b=link.b))
            pairs[key] = link
            if link.way in SEA_WAYS and not (seen[link.a].maritime and seen[link.b].maritime):
                inland = link.a if not seen[link.a].maritime else link.b
                raise ValueError(
                    _("links: {a}–{b} is a {way} but {inland} is not maritime").format(
                        a=link.a,
                        b=link.b,
                        way=_("sea stretch") if link.way == "sea" else _("crossing"),
                        inland=inland,
                    )
                )
        unreached = self._unreached()
        if unreached:
            raise ValueError(
                _("links: not reachable from {start}: {provinces}").format(
                    start=self.places[0].province, provinces=", ".join(unreached)
                )
            )
        return self

    def _unreached(self) -> list[str]:
        start = self.places[0].province
        reached = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for link in self.links:
                if here in (link.a, link.b):
                    there = link.b if here == link.a else link.a
                    if there not in reached:
                        reached.add(there)
                        queue.append(there)
        return [place.province for place in self.places if place.province not in reached]

    # ---- reading -----------------------------------------------------------------------

    @property
    def provinces(self) -> list[str]:
        """Every province, in the data's order."""
        return [place.province for place in self.places]

    @functools.cached_property
    def places_by_name(self) -> dict[str, Place]:
        """Each province's place by its name (read once: the orders of a turn ask it often)."""
        return {place.province: place for place in self.places}

    @functools.cached_property
    def touching(self) -> dict[str, dict[Way, list[str]]]:
        """Each province's neighbours by way, in the data's order (read once, as above)."""
        found: dict[str, dict[Way, list[str]]] = {
            place.province: {way: [] for way in WAYS} for place in self.places
        }
        for link in self.links:
            found[link.a][link.way].append(link.b)
            found[link.b][link.way].append(link.a)
        return found

    def place(self, province: str) -> Place:
        """The place of ``province``; ValueError naming the field ``province`` if unknown."""
        found = self.places_by_name.get(province)
        if found is not None:
            return found
        raise ValueError(
            _("province: not a province of the board: {province!r}").format(province=province)
        )

    def check_names(self, provinces: Iterable[str]) -> None:
        """Refuse a board whose provinces are not exactly ``provinces`` (the provinces table):
        ValueError naming those missing from the board and those the table does not know."""
        table = list(provinces)
        placed = set(self.provinces)
        missing = [name for name in table if name not in placed]
        unknown = [name for name in self.provinces if name not in set(table)]
        if missing or unknown:
            parts = []
            if missing:
                parts.append(_("not on the board: {names}").format(names=", ".join(missing)))
            if unknown:
                parts.append(
                    _("not in the provinces table: {names}").format(names=", ".join(unknown))
                )
            raise ValueError(_("places: {problems}").format(problems="; ".join(parts)))

    @functools.cached_property
    def ways_by_pair(self) -> dict[tuple[frozenset[str], bool], Way]:
        """The way joining each pair of provinces, by land (False) and by sea (True): a pair
        is joined at most once each way (checked on construction; read once, as above)."""
        return {
            (frozenset((link.a, link.b)), link.way in SEA_WAYS): link.way for link in self.links
        }

    @functools.cached_property
    def sea_routes(self) -> dict[tuple[str, str], tuple[str, ...] | None]:
        """The shortest sea routes found so far (:meth:`shortest_sea_route`): a turn's
        orders ask the same ones when they are given, carried out and checked."""
        return {}

    def land_way(self, a: str, b: str) -> Way | None:
        """The road (or mountain road) joining ``a`` and ``b``, or None."""
        return self.ways_by_pair.get((frozenset((a, b)), False))

    def sea_way(self, a: str, b: str) -> Way | None:
        """The sea stretch (or open-sea crossing) joining ``a`` and ``b``, or None."""
        return self.ways_by_pair.get((frozenset((a, b)), True))

    def neighbours(self, province: str) -> dict[Way, list[str]]:
        """T7.1: the provinces touching ``province``, by way, in the data's order."""
        self.place(province)
        return {way: list(names) for way, names in self.touching[province].items()}

    def road_neighbours(self, province: str) -> list[str]:
        """T7.3: where an army in ``province`` may march this turn (road or mountain road)."""
        self.place(province)
        ways = self.touching[province]
        return [*ways["road"], *ways["mountain"]]

    def sea_neighbours(self, province: str) -> list[str]:
        """Where a fleet in ``province`` may sail in one stretch (coast or crossing)."""
        self.place(province)
        ways = self.touching[province]
        return [*ways["sea"], *ways["crossing"]]

    def shortest_sea_route(self, start: str, end: str) -> list[str] | None:
        """T7.3: the shortest route of sea stretches from ``start`` to ``end`` through maritime
        provinces (both ends included), the data's order breaking ties; None if there is none.
        """
        if not (self.place(start).maritime and self.place(end).maritime):
            return None
        if (start, end) not in self.sea_routes:
            self.sea_routes[start, end] = self._sea_route(start, end)
        found = self.sea_routes[start, end]
        return None if found is None else list(found)

    def _sea_route(self, start: str, end: str) -> tuple[str, ...] | None:
        touching = self.touching
        previous: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == end:
                route = [here]
                while (step := previous[route[-1]]) is not None:
                    route.append(step)
                return tuple(route[::-1])
            ways = touching[here]
            for there in (*ways["sea"], *ways["crossing"]):
                if there not in previous:
                    previous[there] = here
                    queue.append(there)
        return None

    def check_sea_route(self, route: Sequence[str], limit: int = MAX_SEA_STRETCHES) -> None:
        """T7.3, T3.7: refuse a fleet's route with ValueError naming the field ``route``: each
        step a sea stretch or crossing between maritime provinces, at most ``limit`` steps."""
        if len(route) < 2:
            raise ValueError(_("route: a fleet's route names at least where it starts and ends"))
        for province in route:
            if not self.place(province).maritime:
                raise ValueError(
                    _("route: {province} is not maritime: fleets never enter it (T7.3)").format(
                        province=province
                    )
                )
        for here, there in itertools.pairwise(route):
            if self.sea_way(here, there) is None:
                raise ValueError(
                    _("route: no sea stretch or crossing joins {here} and {there} (T7.3)").format(
                        here=here, there=there
                    )
                )
        if len(route) - 1 > limit:
            raise ValueError(
                _("route: {n} sea stretches; a fleet moves at most {limit} a turn (T3.7)").format(
                    n=len(route) - 1, limit=limit
                )
            )
