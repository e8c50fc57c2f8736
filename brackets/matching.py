"""Perfect matchings that avoid what has been seen before: partners, opponents, rematches.

Both the progressive party (partners) and Swiss (opponents) need to pair an even group so
that no pair is one the caller forbids, whenever that can be done. `pair_avoiding` finds
such a pairing greedily and then repairs it with swaps; by Dirac's theorem the repair always
succeeds when every one may still meet at least half of the others (see docs/tournaments.md
"Progressive parties" and "Swiss"), which is what the formats' guarantees rest on.
"""


def pair_avoiding(people, allowed):
    """A list of pairs covering `people` (an even-sized list, in preference order) where
    `allowed(a, b)` holds for every pair, or None when the greedy-and-swap search finds none.

    Each person in turn takes the first allowed person after them still free; two left
    free (who may not meet) are then seated by splitting a pair (a, b) into (u, a) and
    (v, b). That swap exists whenever each of u and v may meet half of the group or more.
    """
    mate = {}
    for index, person in enumerate(people):
        if person in mate:
            continue
        for other in people[index + 1 :]:
            if other not in mate and allowed(person, other):
                mate[person], mate[other] = other, person
                break
    free = [person for person in people if person not in mate]
    while free:  # no two of them may pair (else the first pass would have paired them)
        second, first = free.pop(), free.pop()
        swap = _swap(people, mate, first, second, allowed)
        if swap is None:
            return None
        a, b = swap
        mate[first], mate[a], mate[second], mate[b] = a, first, b, second
    pairs, seen = [], set()
    for person in people:
        if person not in seen:
            seen.update((person, mate[person]))
            pairs.append((person, mate[person]))
    return pairs


def _swap(people, mate, first, second, allowed):
    """A paired (a, b) such that (first, a) and (second, b) are both allowed, or None."""
    for a in people:
        b = mate.get(a)
        if b is not None and allowed(first, a) and allowed(second, b):
            return a, b
    return None
