#!/usr/bin/env python3
"""Re-derive every committed board certificate with the prover.

For each certificates/boards/*.json, asks `gamecert board` the same question
(shape, board, weak or strong game, and `--within K` for a lower bound),
into a scratch directory, and compares the claim and
move bound it writes with the committed ones. Prints a Markdown table (one
row a certificate) and a summary line; exits 1 when an answer differs.

    python3 contrib/prover_rederive.py [--bin target/dist/gamecert] [--timeout 120]

A run over the time limit is reported as unfinished, not as a difference.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def question(cert):
    """The `gamecert board` arguments that ask the certificate's question."""
    board = cert["board"]
    target = cert["name"].split(" on ")[0]
    args = [target, "--size", str(board["width"])]
    if board["height"] != board["width"]:
        args += ["--height", str(board["height"])]
    if cert["game"] == "strong":
        args.append("--strong")
    if cert["claim"] == "first-does-not-win-within":
        args += ["--within", str(cert["move_bound"])]
    # Pairing leaves (sound in both games: a pairing keeps the first player
    # from completing a set), as the committed certificates were built.
    return args + ["--pairing-plies", "16"]


def answer(path):
    data = json.loads(path.read_text())
    return data["claim"], data["move_bound"]


def compare(committed, derived):
    if derived == committed:
        return "same"
    (claim, bound), (new_claim, new_bound) = committed, derived
    if claim == new_claim == "first-wins" and new_bound < bound:
        return "better"
    return "DIFFERS"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / "target/dist/gamecert"))
    parser.add_argument("--timeout", type=float, default=120.0)
    options = parser.parse_args()
    rows, differs, unfinished = [], 0, 0
    with tempfile.TemporaryDirectory() as scratch:
        for path in sorted((ROOT / "certificates/boards").glob("*.json")):
            cert = json.loads(path.read_text())
            committed = (cert["claim"], cert["move_bound"])
            out = pathlib.Path(scratch) / path.name
            command = [options.bin, "board", *question(cert), "--json", str(out)]
            start = time.monotonic()
            try:
                subprocess.run(command, cwd=ROOT, capture_output=True,
                               timeout=options.timeout, check=False)
                seconds = time.monotonic() - start
                if out.exists():
                    derived = answer(out)
                    verdict = compare(committed, derived)
                    differs += verdict == "DIFFERS"
                    result = f"{derived[0]} {derived[1] if derived[1] is not None else ''}"
                else:
                    verdict, result = "DIFFERS", "no certificate written"
                    differs += 1
            except subprocess.TimeoutExpired:
                seconds = options.timeout
                verdict, result = "unfinished", f"over {options.timeout:.0f} s"
                unfinished += 1
            bound = committed[1] if committed[1] is not None else ""
            rows.append(f"| {path.name} | {committed[0]} {bound} | {result} | "
                        f"{seconds:.1f} | {verdict} |")
            print(rows[-1], file=sys.stderr)
    print("| certificate | committed | prover | seconds | |")
    print("|---|---|---|---:|---|")
    print("\n".join(rows))
    print(f"\n{len(rows)} certificates: {len(rows) - differs - unfinished} re-derived, "
          f"{differs} differ, {unfinished} unfinished within {options.timeout:.0f} s")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
