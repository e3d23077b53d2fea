#!/usr/bin/env python3
"""Rewrites the measured figures of docs/results/: each page's certificate
files with their SHA-256 (between <!-- figures:files --> and
<!-- /figures -->), its kernel files with their line counts (between
<!-- figures:kernel --> and <!-- /figures -->), and the totals (between
<!-- total --> and <!-- /total -->, and in README.md's index). A Snaky
page with a search record also lists the files that record's audit adds
(between <!-- figures:kernel-search --> and <!-- /figures -->, total
between <!-- total-search --> and <!-- /total -->).

Run from the repository root after a kernel or certificate change:
    python3 contrib/results_figures.py
With --check it writes nothing, names every page whose figures are stale
and exits 1 if any is (CI runs it so).
A page's file list is the one already in its block (hashes recomputed in
place), plus the files `extra_files` names.
"""
import hashlib
import json
import os
import re
import sys

RESULTS = "docs/results"
KERNEL = "crates/gamecert-audit/src"
SHARED = ["lib.rs", "json.rs", "bin/gamecert-audit.rs"]

# The kernel files each page's audit runs through: a folder name stands for
# every file in it, "-path" drops one file, "path.rs" adds one.
SNAKY = ["snaky", "-snaky/search.rs"]
MODULES = {
    "snaky15.md": SNAKY, "snaky19.md": SNAKY, "snaky20.md": SNAKY, "snaky21.md": SNAKY,
    "snaky35.md": SNAKY, "harary.md": ["board"], "snaky-boards.md": ["board"],
    "atlas.md": ["animals", *SNAKY, "board", "grid", "findings.rs"],
    "tictactoe.md": ["tictactoe", "findings.rs"],
    "chess1d.md": ["chess1d", "findings.rs"],
}
# What auditing a page's snaky-search record adds to its certificate's files.
SEARCH = ["snaky/search.rs", "findings.rs"]


def extra_files(page):
    """Files a page cites beyond its block: the atlas's bound sources
    (`upper_by`, and `lower_by` where it is not the trivial bound)."""
    if page != "atlas.md":
        return []
    with open("certificates/animals.json") as f:
        atlas = json.load(f)
    moves = [a["moves"] for a in atlas["animals"] if isinstance(a.get("moves"), dict)]
    return sorted({m["upper_by"] for m in moves}
                  | {m["lower_by"] for m in moves if m.get("lower_by")})


def kernel_files(modules):
    files = list(SHARED)
    for module in modules:
        if module.startswith("-"):
            files.remove(module[1:])
        elif module.endswith(".rs"):
            files.append(module)
        else:
            folder = os.path.join(KERNEL, module)
            files += sorted(f"{module}/{name}" for name in os.listdir(folder) if name.endswith(".rs"))
    return files


def counts(path):
    """All lines, and the lines before the file's `#[cfg(test)]` module
    (in every kernel file it is the last item)."""
    with open(path) as f:
        lines = f.read().split("\n")[:-1]
    cut = next((i for i, line in enumerate(lines) if line.startswith("#[cfg(test)]")), len(lines))
    return len(lines), cut


def replace(text, start, end, body):
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.S)
    return pattern.sub(lambda _: start + body + end, text)


def files_block(text, page):
    """Every hash line of the block recomputed in place; the page's extra
    files appended as hash lines."""
    match = re.search(r"<!-- figures:files -->(.*?)<!-- /figures -->", text, re.S)
    if not match:
        return text

    def rehash(line):
        with open(line.group(1), "rb") as f:
            return f"    {hashlib.sha256(f.read()).hexdigest()}  {line.group(1)}"

    block = re.sub(r"^    [0-9a-f]{64}  (\S+)$", rehash, match.group(1), flags=re.M)
    listed = re.findall(r"^    [0-9a-f]{64}  (\S+)$", block, re.M)
    for path in extra_files(page):
        if path not in listed:
            with open(path, "rb") as f:
                block += f"    {hashlib.sha256(f.read()).hexdigest()}  {path}\n"
    return text[:match.start(1)] + block + text[match.end(1):]


def table(files, start=(0, 0)):
    """The rows of `files` and their total, added to `start`."""
    rows, (total, bare) = [], start
    for name in files:
        lines, cut = counts(os.path.join(KERNEL, name))
        rows.append(f"| `src/{name}` | {lines:,} | {cut:,} |")
        total, bare = total + lines, bare + cut
    return rows, (total, bare)


def kernel_block(text, page):
    files = kernel_files(MODULES[page])
    rows, (total, bare) = table(files)
    head = ["| file | lines (`wc -l`) | without the `#[cfg(test)]` module |", "|---|---:|---:|"]
    body = head + rows + [f"| total ({len(rows)} files) | **{total:,}** | **{bare:,}** |"]
    text = replace(text, "<!-- figures:kernel -->", "<!-- /figures -->", "\n" + "\n".join(body) + "\n")
    text = replace(text, "<!-- total -->", "<!-- /total -->", f"{total:,} lines ({bare:,} without tests)")
    if "<!-- figures:kernel-search -->" in text:
        added = [name for name in SEARCH if name not in files]
        rows, (all_total, all_bare) = table(added, (total, bare))
        body = head + rows + [
            f"| total with the {len(files)} files above ({len(files) + len(rows)} files) "
            f"| **{all_total:,}** | **{all_bare:,}** |"]
        text = replace(text, "<!-- figures:kernel-search -->", "<!-- /figures -->", "\n" + "\n".join(body) + "\n")
        text = replace(text, "<!-- total-search -->", "<!-- /total -->",
                       f"{all_total:,} lines ({all_bare:,} without tests)")
    return text, f"{total:,} ({bare:,})"


def main(check):
    index_path = os.path.join(RESULTS, "README.md")
    with open(index_path) as f:
        index = f.read()
    pages = {}
    for page in MODULES:
        path = os.path.join(RESULTS, page)
        with open(path) as f:
            text = f.read()
        pages[path], total = kernel_block(files_block(text, page), page)
        index = replace(index, f"<!-- total:{page} -->", "<!-- /total -->", total)
    pages[index_path] = index
    stale = []
    for path, text in pages.items():
        with open(path) as f:
            if f.read() == text:
                continue
        stale.append(path)
        if not check:
            with open(path, "w") as f:
                f.write(text)
    if check and stale:
        for path in stale:
            print(f"stale figures: {path} (run python3 contrib/results_figures.py)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if sys.argv[1:] not in ([], ["--check"]):
        print("usage: python3 contrib/results_figures.py [--check]", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:] == ["--check"])
