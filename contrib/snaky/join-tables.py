#!/usr/bin/env python3
"""Join two Snaky card tables into one library: FIRST's lines as they are,
then SECOND's lines with every card number of a line (card >= the base
cards) shifted to follow FIRST's last card, references included.

    python3 contrib/snaky/join-tables.py FIRST SECOND > JOINED

The grammar (docs/formats/card-table.md): `card pivot child...`, a child
`k`, `k:sXY` or `(pivot child...)`; so a token is the line's card, a
pivot (the token after the card or after `(`), or a card reference
(possibly followed by `)`s). The joined table is only a library for
`snaky board --table` / `snaky improve`; whatever they find from it is
checked from the rules like any table. Exit 2 on bad usage or a table
whose numbering is not 6, 7, ... in order.
"""
import sys

BASE = 6  # Snaky's base cards 0..5


def numbered_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\r\n") for line in f if line.strip()]
    for i, line in enumerate(lines):
        if line.split(" ", 1)[0] != str(BASE + i):
            sys.exit(f"join-tables: {path}: line {i + 1} is not card {BASE + i}")
    return lines


def shift_reference(token, offset):
    """A child token `k`, `k:sXY`, each maybe followed by `)`s."""
    body = token.rstrip(")")
    closing = token[len(body):]
    card, colon, placement = body.partition(":")
    number = int(card)
    if number >= BASE:
        number += offset
    return f"{number}{colon}{placement}{closing}"


def shift_line(line, offset):
    tokens = line.split(" ")
    out = [str(int(tokens[0]) + offset), tokens[1]]
    for token in tokens[2:]:
        if token.startswith("("):
            out.append(token)  # "(" then a pivot
        else:
            out.append(shift_reference(token, offset))
    return " ".join(out)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        sys.exit(2)
    first, second = (numbered_lines(p) for p in sys.argv[1:])
    offset = len(first)
    out = sys.stdout
    for line in first:
        out.write(line + "\n")
    for line in second:
        out.write(shift_line(line, offset) + "\n")


if __name__ == "__main__":
    main()
