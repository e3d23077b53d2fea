#!/usr/bin/env python3
"""Convert a card set in the integer text format `snaky-cards-txt-v1`
(the format of the public 15x15 card set, certificates/sources/README.md)
into a card table in the paper's grammar (docs/formats/card-table.md), so
that `gamecert snaky check --board N` decides its claim from the rules.

    python3 contrib/snaky/cards-txt-to-table.py CARDS.txt[.gz] > TABLE.txt

The input, one card a line after the header:

    snaky-cards-txt-v1 ROWS COLS ROOT K DX DY
    H PX PY  NA [X Y]*NA  NS [X Y]*NS  PASS  NR [WX WY J K DX DY]*NR

A card (A, S, p, h) on board coordinates; PASS is a hint `J K DX DY`
(card J under orientation K, then translated) or -1, and each reply W of
S has a hint. K indexes the matrices (a, b, c, d), (x, y) -> (ax + by,
cx + dy), in the order of ORIENT below.

The output: one line per card of height 2 or more that the root reaches,
in the order of height (the root last, so it is the claim card), each a
Lemma 3 combination at the card's pivot whose children are the card's
distinct hints, the pass hint first (the kernel answers a reply outside
the envelope with child 0). A card of height 1 (Maker completes a
placement) becomes a base card reference. Each card is written in its
own frame, its region S moved so that its lowest x and y are 0; then every
translation is a whole number from 0 up, as the grammar needs.

Nothing here is trusted: A and S are not carried over (the kernel derives
a card's A and envelope from its children and checks every reply class),
so a wrong hint or a wrong conversion can only make the check fail. Exit
2 on bad usage or input this conversion cannot express.
"""
import gzip
import sys

ORIENT = [(1, 0, 0, 1), (-1, 0, 0, 1), (0, -1, 1, 0), (0, 1, 1, 0),
          (-1, 0, 0, -1), (1, 0, 0, -1), (0, 1, -1, 0), (0, -1, -1, 0)]
# The grammar's orientation codes 0..7 as matrices: (x,y) (y,x) (-x,y)
# (y,-x) (x,-y) (-y,x) (-x,-y) (-y,-x).
CODES = [(1, 0, 0, 1), (0, 1, 1, 0), (-1, 0, 0, 1), (0, 1, -1, 0),
         (1, 0, 0, -1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, -1, -1, 0)]
SNAKY = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]
SYMBOLS = ("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
           "abcdefghijklmnopqrstuvwxyz")


def fail(message):
    sys.stderr.write(f"cards-txt-to-table: {message}\n")
    sys.exit(2)


def apply(m, cell):
    a, b, c, d = m
    x, y = cell
    return (a * x + b * y, c * x + d * y)


def compose(g, h):
    """The matrix of g after h."""
    a, b, c, d = g
    e, f, k, l = h
    return (a * e + b * k, a * f + b * l, c * e + d * k, c * f + d * l)


def read_cards(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="ascii") as f:
            lines = [line.split() for line in f]
    except (OSError, UnicodeDecodeError, EOFError) as e:
        fail(f"{path}: {e}")
    head = lines[0] if lines else []
    if len(head) != 7 or head[0] != "snaky-cards-txt-v1" or not all(
            t.lstrip("-").isdigit() for t in head[1:]):
        fail(f"{path}: line 1 is not a snaky-cards-txt-v1 header")
    rows, cols, root, k, dx, dy = map(int, head[1:])
    if (k, dx, dy) != (0, 0, 0):
        fail(f"{path}: the root is placed by ({k}, {dx}, {dy}); only the identity is read")
    cards = [parse_card(tokens, n + 2) for n, tokens in enumerate(lines[1:]) if tokens]
    return rows, cols, root, cards


def parse_card(tokens, line):
    for column, token in enumerate(tokens):
        if not token.lstrip("-").isdigit():
            fail(f"line {line}: token {column + 1}, {token!r}, is not a whole number")
    numbers = iter(map(int, tokens))

    def take(count):
        return [next(numbers) for _ in range(count)]

    def cells():
        return [tuple(take(2)) for _ in range(next(numbers))]

    def hint(card):
        k, dx, dy = take(3)
        if not 0 <= k < 8:
            fail(f"line {line}: orientation {k}")
        return (card, k, dx, dy)

    try:
        h, px, py = take(3)
        required = cells()
        region = cells()
        first = next(numbers)
        passing = None if first < 0 else hint(first)
        replies = []
        for _ in range(next(numbers)):
            wx, wy, card = take(3)
            replies.append(((wx, wy), hint(card)))
        if next(numbers, None) is not None:
            fail(f"line {line}: numbers after the card's last reply")
    except StopIteration:
        fail(f"line {line}: the card ends early")
    return {"h": h, "pivot": (px, py), "A": required, "S": region,
            "pass": passing, "replies": replies}


def base_placement(card):
    """A height-1 card as base card j placed by (matrix, translation): a
    placement of Snaky through the pivot whose other cells are in A."""
    owned = set(card["A"]) | {card["pivot"]}
    px, py = card["pivot"]
    for m in CODES:
        placed = [apply(m, c) for c in SNAKY]
        for j, (x, y) in enumerate(placed):
            shift = (px - x, py - y)
            if all((a + shift[0], b + shift[1]) in owned for a, b in placed):
                return j, m, shift
    return None


def distinct_hints(card):
    """The card's hints without repeats, the pass hint first."""
    hints = [card["pass"]] if card["pass"] else []
    for _, hint in card["replies"]:
        if hint not in hints:
            hints.append(hint)
    return hints


def reachable(cards, root):
    seen, stack = {root}, [root]
    while stack:
        for j, *_ in distinct_hints(cards[stack.pop()]):
            if not 0 <= j < len(cards):
                fail(f"a hint names card {j}, not in the file")
            if j not in seen:
                seen.add(j)
                stack.append(j)
    return seen


def frame(card):
    return (min(x for x, _ in card["S"]), min(y for _, y in card["S"]))


def child_token(hint, parent, frames, numbers, bases):
    j, k, dx, dy = hint
    g = ORIENT[k]
    origin = frames[parent]
    if j in bases:
        # The base placement (m, t) in card j's board frame, then g.
        base, m, t = bases[j]
        matrix = compose(g, m)
        tx, ty = apply(g, t)
        offset = (tx + dx - origin[0], ty + dy - origin[1])
        number = base
    else:
        matrix = g
        low = apply(g, frames[j])
        offset = (low[0] + dx - origin[0], low[1] + dy - origin[1])
        number = numbers[j]
    code = CODES.index(matrix)
    if not all(0 <= v < len(SYMBOLS) for v in offset):
        fail(f"card {parent}: its hint {hint} is translated by {offset}, outside 0..61")
    if code == 0 and offset == (0, 0):
        return str(number)
    return f"{number}:{code}{SYMBOLS[offset[0]]}{SYMBOLS[offset[1]]}"


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        sys.exit(2)
    rows, cols, root, cards = read_cards(sys.argv[1])
    if not 0 <= root < len(cards):
        fail(f"the root card {root} is not in the file")
    used = reachable(cards, root)
    bases = {}
    for i in used:
        if cards[i]["h"] == 1:
            placement = base_placement(cards[i])
            if placement is None:
                fail(f"card {i} has height 1 but A and its pivot hold no Snaky placement through the pivot")
            bases[i] = placement
    lines = sorted((i for i in used if i not in bases and i != root),
                   key=lambda i: (cards[i]["h"], i)) + [root]
    numbers = {i: len(SNAKY) + n for n, i in enumerate(lines)}
    frames = {i: frame(cards[i]) for i in lines}
    out = sys.stdout
    for i in lines:
        card = cards[i]
        hints = distinct_hints(card)
        if not hints:
            fail(f"card {i} has height {card['h']} and no hint")
        for j, *_ in hints:
            if cards[j]["h"] >= card["h"]:
                fail(f"card {i} (height {card['h']}) names card {j} of height {cards[j]['h']}")
        origin = frames[i]
        px, py = card["pivot"][0] - origin[0], card["pivot"][1] - origin[1]
        children = [child_token(h, i, frames, numbers, bases) for h in hints]
        out.write(f"{numbers[i]} {SYMBOLS[px]}{SYMBOLS[py]} {' '.join(children)}\n")
    sys.stderr.write(
        f"cards-txt-to-table: {len(cards)} cards on {rows}x{cols}, {len(used)} reached from "
        f"card {root}: {len(lines)} lines, {len(bases)} placements as base cards; "
        f"the root (height {cards[root]['h']}) is card {numbers[root]}\n")


if __name__ == "__main__":
    main()
