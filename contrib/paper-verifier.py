#!/usr/bin/env python3
"""OUR STAND-IN for the paper's verifier; not the paper's program.

"Snaky in 21 Maker moves" prints a short Python verifier in its appendix: it
reads the card table, computes every card's condition (A, T, h) by Lemma 4
(bases) and Lemma 3 (combination), and reports the last card's A, |T| and h.
It checks no reply classes and writes no certificate. That program is not
available in this repository, so this file re-implements exactly what the
issue describes it doing, in plain Python, for `just bench-snaky`: gamecert's
`snaky check --json` is timed against it process to process.

Extensions over the paper's program (so it reads the 1,501-line draft too):
the 487-symbol coordinate alphabet (the first 17 symbols are the paper's
digits) and a single space just inside a parenthesis, which the draft writes
on two lines. Snaky only.

Usage: paper-verifier.py TABLE   (prints "card N: A = [...], |T| = t, h = h")
"""

import sys

# The 487 coordinate symbols, value = position (docs/formats/card-table.md).
ALPHABET = (
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    "!#$%&*+,-./;<=>?@[]^_{|}~\"'"
    + "".join(chr(c) for c in range(0xC0, 0x250) if c not in (0xD7, 0xF7))
)
VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
assert len(ALPHABET) == 487

SNAKY = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]


def orient(s, x, y):
    """Orientation code s: bit 2 negates x, bit 4 negates y, then bit 1 swaps."""
    if s & 2:
        x = -x
    if s & 4:
        y = -y
    if s & 1:
        x, y = y, x
    return x, y


def place(condition, s, dx, dy):
    required, envelope, height = condition
    move = lambda c: (lambda x, y: (x + dx, y + dy))(*orient(s, c[0], c[1]))
    return frozenset(map(move, required)), frozenset(map(move, envelope)), height


def cell(text, i):
    return (VALUE[text[i]], VALUE[text[i + 1]])


def combine(pivot, children):
    """Lemma 3: T = {p} u U T_i, A = (U A_i u n T_i) minus {p}, h = 1 + max h_i."""
    envelope = frozenset([pivot]).union(*(t for _, t, _ in children))
    common = frozenset.intersection(*(t for _, t, _ in children))
    required = frozenset().union(*(a for a, _, _ in children)) | common
    return required - {pivot}, envelope, 1 + max(h for _, _, h in children)


def parse_node(text, i, cards):
    """A pivot and its children from text[i:]; returns (condition, next index)."""
    pivot = cell(text, i)
    i += 2
    children = []
    while i < len(text) and text[i] == " ":
        i += 1
        if text[i] == ")":  # a space just inside ')'
            break
        if text[i] == "(":
            i += 1
            if text[i] == " ":  # a space just inside '('
                i += 1
            child, i = parse_node(text, i, cards)
            if text[i] == " ":
                i += 1
            assert text[i] == ")", f"expected ')' at column {i + 1}"
            i += 1
        else:
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            card = int(text[i:j])
            assert card < len(cards), f"card {card} is not defined yet"
            if j < len(text) and text[j] == ":":
                s = int(text[j + 1])
                dx, dy = cell(text, j + 2)
                child = place(cards[card], s, dx, dy)
                j += 4
            else:
                child = cards[card]
            i = j
        children.append(child)
    return combine(pivot, children), i


def main(path):
    snaky = frozenset(SNAKY)
    cards = [(snaky - {c}, snaky, 1) for c in SNAKY]  # Lemma 4
    with open(path, encoding="utf-8") as table:
        for number, line in enumerate(table, 1):
            line = line.rstrip("\r\n")
            if not line:
                continue
            card, rest = line.split(" ", 1)
            assert int(card) == len(cards), f"line {number}: card {card} out of order"
            condition, end = parse_node(rest, 0, cards)
            assert end == len(rest), f"line {number}: trailing text"
            cards.append(condition)
    required, envelope, height = cards[-1]
    print(f"card {len(cards) - 1}: A = {sorted(required)}, |T| = {len(envelope)}, h = {height}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
