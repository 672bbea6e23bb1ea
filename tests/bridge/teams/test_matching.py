"""Maximum matchings (Edmonds' blossoms) against a brute force over every set of disjoint edges."""

import functools
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.bridge.teams.matching import maximum_matching


def most_disjoint_edges(vertices, edges):
    """Brute force: the size of a largest matching, trying every partner of the first vertex."""

    @functools.cache
    def best(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        return max(
            [best(rest)]
            + [
                1 + best(rest[:k] + rest[k + 1 :])
                for k, other in enumerate(rest)
                if frozenset((first, other)) in edges
            ]
        )

    return best(tuple(vertices))


@st.composite
def graphs(draw):
    size = draw(st.integers(0, 11))
    pairs = list(itertools.combinations(range(size), 2))
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    return list(range(size)), {frozenset(pair) for pair, keep in zip(pairs, chosen, strict=True) if keep}


@given(graphs())
@settings(max_examples=300, deadline=None)
def test_the_matching_is_a_largest_set_of_disjoint_edges(graph):
    vertices, edges = graph
    matching = maximum_matching(vertices, lambda v: [w for w in vertices if frozenset((v, w)) in edges])
    assert all(matching[partner] == vertex for vertex, partner in matching.items())
    assert all(frozenset(pair) in edges for pair in matching.items())
    assert len(matching) // 2 == most_disjoint_edges(vertices, edges)


def test_odd_cycles_need_the_blossoms():
    # Two triangles joined by an edge, and a five-cycle with a tail: a greedy or bipartite
    # augmenting search gets stuck in the odd cycles.
    triangles = {(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)}
    five_and_tail = {(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5), (2, 6), (6, 7)}
    for edges, vertices, size in ((triangles, 6, 3), (five_and_tail, 8, 4)):
        neighbours = {
            v: [w for a, b in edges for v2, w in ((a, b), (b, a)) if v2 == v] for v in range(vertices)
        }
        assert len(maximum_matching(list(range(vertices)), neighbours.__getitem__)) // 2 == size


def test_neighbours_outside_the_vertices_and_loops_are_ignored():
    matching = maximum_matching(["a", "b"], lambda v: ["a", "b", "z"])
    assert matching == {"a": "b", "b": "a"}
