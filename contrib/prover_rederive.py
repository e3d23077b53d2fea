#!/usr/bin/env python3
"""Re-derive every committed board certificate with the prover.

For each certificates/boards/*.json (and .json.gz), asks `gamecert board` the
same question (shape, board, weak or strong game; `--within K` for a lower
bound; for a first-player win within B, that claim as one shard with `--bound
B`, then the merge), into a scratch directory, and compares the claim and
move bound it writes with the committed ones. Prints a Markdown table (one
row a certificate) and a summary line; exits 1 when an answer differs.

    python3 contrib/prover_rederive.py [--bin target/dist/gamecert] [--timeout 120]

A run over the time limit is reported as unfinished, not as a difference.
"""

import argparse
import gzip
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


def commands(binary, cert, scratch, name):
    """The ways to ask the question, each a list of commands, and the
    certificate `out` they write. A first player's win within B is asked
    as that claim (one shard, then the merge); when the shard mode cannot
    express it (exit 2: the first move completes a set), as the plain
    question."""
    out = scratch / f"{name}.json"
    plain = [[binary, "board", *question(cert), "--json", str(out)]]
    if cert["claim"] == "first-wins":
        parts = scratch / f"{name}-parts"
        shard = [binary, "board", *question(cert), "--bound", str(cert["move_bound"]),
                 "--shard", "1/1", "--parts-dir", str(parts)]
        merge = [binary, "board", "merge", str(parts / "part-1-of-1.json"), "--json", str(out)]
        return [[shard, merge], plain], out
    return [plain], out


def load(path):
    if path.suffix == ".gz":
        return json.loads(gzip.decompress(path.read_bytes()))
    return json.loads(path.read_text())


def answer(path):
    data = load(path)
    return data["claim"], data["move_bound"]


def run_all(ways, timeout):
    """Runs each way's commands in turn within `timeout` seconds in all,
    going to the next way when a command exits 2 (bad input)."""
    start = time.monotonic()
    for steps in ways:
        for step in steps:
            left = timeout - (time.monotonic() - start)
            if left <= 0:
                raise subprocess.TimeoutExpired(step, timeout)
            done = subprocess.run(step, cwd=ROOT, capture_output=True, timeout=left,
                                  check=False)
            if done.returncode == 2:
                break
        else:
            return


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
        directory = ROOT / "certificates/boards"
        paths = sorted([*directory.glob("*.json"), *directory.glob("*.json.gz")])
        for path in paths:
            cert = load(path)
            if cert["claim"] == "first-does-not-win-after":
                # A partial certificate answers some first moves of an open
                # board; the whole board's question is not its own.
                print(f"{path.name}: partial (first moves {cert['first_moves']}), skipped",
                      file=sys.stderr)
                continue
            committed = (cert["claim"], cert["move_bound"])
            name = path.name.split(".")[0]
            ways, out = commands(options.bin, cert, pathlib.Path(scratch), name)
            start = time.monotonic()
            try:
                run_all(ways, options.timeout)
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
