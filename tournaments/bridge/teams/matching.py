"""Maximum matchings in a general graph (Edmonds' blossom algorithm), for the Swiss draw.

``maximum_matching(vertices, neighbours)`` returns a largest set of disjoint edges: in
the Swiss draw, the most matches of teams that have not met, so "how many rematches must
this round have at least" is (teams - 2 * its size) / 2. A bipartite method would not do:
teams form odd cycles of "not yet met", which is what the blossoms handle.

The algorithm grows alternating trees from each unmatched vertex by breadth-first search,
shrinks odd cycles (blossoms) to their base, and augments along the path it finds:
O(V^3), a few milliseconds for a Swiss field of 200 teams.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

Vertex = TypeVar("Vertex", bound=Hashable)


def maximum_matching(
    vertices: Sequence[Vertex], neighbours: Callable[[Vertex], Iterable[Vertex]]
) -> dict[Vertex, Vertex]:
    """Return a maximum matching as a dict vertex -> its partner (both directions).

    ``neighbours(v)`` gives the vertices joined to ``v``; those not in ``vertices`` are
    ignored, and the graph is taken as undirected.
    """
    index = {vertex: number for number, vertex in enumerate(vertices)}
    adjacency: list[set[int]] = [set() for _ in vertices]
    for vertex, number in index.items():
        for other in neighbours(vertex):
            if other in index and other != vertex:
                adjacency[number].add(index[other])
                adjacency[index[other]].add(number)
    partner = _blossom([sorted(edges) for edges in adjacency])
    return {vertices[v]: vertices[w] for v, w in enumerate(partner) if w >= 0}


def _blossom(adjacency: list[list[int]]) -> list[int]:
    """Return partner[v] (or -1) of a maximum matching of the graph given by adjacency lists."""
    size = len(adjacency)
    partner = [-1] * size
    for v in range(size):  # a greedy start leaves few augmenting paths to find
        if partner[v] < 0:
            for w in adjacency[v]:
                if partner[w] < 0:
                    partner[v], partner[w] = w, v
                    break
    for root in range(size):
        if partner[root] < 0:
            end, parent = _augmenting_path(adjacency, partner, root)
            while end >= 0:  # flip the path's edges: the matching grows by one
                previous = parent[end]
                following = partner[previous]
                partner[end], partner[previous] = previous, end
                end = following
    return partner


def _augmenting_path(adjacency: list[list[int]], partner: list[int], root: int) -> tuple[int, list[int]]:
    """Search from an unmatched root; return the free vertex the path ends at (or -1) and the tree."""
    size = len(adjacency)
    parent = [-1] * size
    base = list(range(size))
    in_tree = [False] * size
    in_tree[root] = True
    queue = deque([root])
    while queue:
        v = queue.popleft()
        for w in adjacency[v]:
            if base[v] == base[w] or partner[v] == w:
                continue
            if w == root or (partner[w] >= 0 and parent[partner[w]] >= 0):
                _shrink(v, w, root, base, parent, partner, in_tree, queue)
            elif parent[w] < 0:
                parent[w] = v
                if partner[w] < 0:
                    return w, parent
                in_tree[partner[w]] = True
                queue.append(partner[w])
    return -1, parent


def _shrink(
    v: int,
    w: int,
    root: int,
    base: list[int],
    parent: list[int],
    partner: list[int],
    in_tree: list[bool],
    queue: deque[int],
) -> None:
    """Shrink the odd cycle closed by the edge v-w to its base, putting its vertices in the queue."""
    ancestor = _common_base(v, w, base, parent, partner)
    in_blossom = [False] * len(base)
    _mark_path(v, ancestor, w, base, parent, partner, in_blossom)
    _mark_path(w, ancestor, v, base, parent, partner, in_blossom)
    for vertex in range(len(base)):
        if in_blossom[base[vertex]]:
            base[vertex] = ancestor
            if not in_tree[vertex]:
                in_tree[vertex] = True
                queue.append(vertex)


def _common_base(v: int, w: int, base: list[int], parent: list[int], partner: list[int]) -> int:
    """Return the base of the lowest common ancestor of v and w in the alternating tree."""
    seen = [False] * len(base)
    while True:
        v = base[v]
        seen[v] = True
        if partner[v] < 0:
            break
        v = parent[partner[v]]
    while True:
        w = base[w]
        if seen[w]:
            return w
        w = parent[partner[w]]


def _mark_path(
    v: int,
    ancestor: int,
    child: int,
    base: list[int],
    parent: list[int],
    partner: list[int],
    in_blossom: list[bool],
) -> None:
    """Mark the blossom's vertices from v down to its base, re-pointing parents around the cycle."""
    while base[v] != ancestor:
        in_blossom[base[v]] = in_blossom[base[partner[v]]] = True
        parent[v] = child
        child = partner[v]
        v = parent[partner[v]]
