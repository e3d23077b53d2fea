// The atlas: every animal of the atlas certificate, drawn and coloured by
// its `how` (an open animal by its status), with links to what certifies
// it. Written over status / how / certificate / moves generically: a form
// the page does not know is shown as written, in the "other" colour.
"use strict";

const KNOWN = {
  "card-table": "winner: its own card table",
  "contained-in-winner": "winner: inside a winner",
  "pairing": "loser: its own pairing",
  "contains": "loser: contains a loser",
  "open": "open: nothing claimed",
};
let atlas = null;

const shown = (c) => "(" + c[0] + "," + c[1] + ")";
const cellList = (cells) => cells.map(shown).join(" "); // how the atlas names an animal
const stemOf = (cells) => cells.map((c) => "" + c[0] + c[1]).join("-");
const called = (a) => a.name || cellList(a.cells);
const howOf = (a) => (a.status === "open" ? "open" : a.how);
const colourOf = (a) => "how-" + (KNOWN[howOf(a)] ? howOf(a) : "other");
const byCells = (list) => atlas.animals.find((a) => cellList(a.cells) === list);

function figure(cells) {
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const svg = svgEl("svg", { viewBox: `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`, class: "animal-figure", width: 15 * w, height: 15 * h, role: "img", "aria-label": cellList(cells) });
  for (const [x, y] of cells) svg.append(svgEl("rect", { x, y: h - 1 - y, width: 1, height: 1 }));
  return svg;
}

// The Snaky page's dataset exported from a card-table certificate, if any.
const tableDataset = (path) => datasetsFor("snaky.html").find((d) => d.certificate === path);
const anchor = (a) => el("a", { href: "#a-" + stemOf(a.cells) }, called(a));

// What certifies the animal, as links: its table, its pairing, the winner
// that contains it or the loser it contains.
function certifiedBy(a) {
  const how = howOf(a);
  if (how === "card-table") {
    const table = tableDataset(a.certificate);
    return table ? [el("a", { href: "snaky.html?table=" + table.name, class: "table-link" }, "play its table")]
      : [el("code", {}, String(a.certificate))];
  }
  if (how === "contained-in-winner") {
    const winner = byCells(a.certificate);
    if (!winner) return ["inside " + a.certificate];
    const table = howOf(winner) === "card-table" && tableDataset(winner.certificate);
    return ["inside ", anchor(winner)].concat(table ? [": ", el("a", { href: "snaky.html?table=" + table.name, class: "table-link" }, "play its table")] : []);
  }
  const play = el("a", { href: "pairings.html?animal=" + stemOf(a.cells), class: "pairing-link" }, "play its pairing");
  if (how === "pairing") return [play];
  if (how === "contains") {
    const loser = byCells(a.certificate);
    return ["contains ", loser ? anchor(loser) : a.certificate, ": ", play];
  }
  return [el("span", { class: "muted" }, String(a.how))];
}

// A winner's bounds on Maker's moves on the infinite grid: "5..7 moves"
// (lower..upper bound), one number when they meet; a bare number (an older
// atlas) is shown as the upper bound it was.
function boundOf(a) {
  const m = a.moves;
  if (a.status !== "winner" || m === null || m === undefined) return "";
  if (typeof m !== "object") return el("span", { class: "bound" }, `≤ ${m} moves`);
  const text = m.lower === m.upper ? `${m.upper} moves (lower = upper bound)` : `${m.lower}..${m.upper} moves (lower..upper bound)`;
  return el("span", { class: "bound", title: "upper bound certified by " + m.upper_by }, text);
}

function card(a) {
  const bound = boundOf(a);
  return el("li", { class: "animal " + colourOf(a), id: "a-" + stemOf(a.cells), "data-how": howOf(a), "data-status": a.status, tabindex: "-1" },
    figure(a.cells), el("span", { class: "name" }, called(a)), bound, el("span", { class: "how" }, ...certifiedBy(a)));
}

function legend() {
  const counts = {};
  for (const a of atlas.animals) counts[colourOf(a)] = (counts[colourOf(a)] || 0) + 1;
  const items = Object.keys(KNOWN).concat(["other"]).filter((how) => counts["how-" + how]);
  return items.map((how) => el("li", { class: "how-" + how, "data-how": how },
    svgEl("svg", { viewBox: "0 0 1 1", width: 14, height: 14, class: "animal-figure swatch" }, svgEl("rect", { x: 0, y: 0, width: 1, height: 1 })),
    ` ${KNOWN[how] || "other"}: ${counts["how-" + how]}`));
}

function show(data) {
  atlas = data;
  document.getElementById("legend").replaceChildren(...legend());
  const sizes = [...new Set(atlas.animals.map((a) => a.size))].sort((p, q) => p - q);
  document.getElementById("sizes").replaceChildren(...sizes.map((n) => {
    const animals = atlas.animals.filter((a) => a.size === n);
    return el("section", {}, el("h2", {}, `${n} cell${n === 1 ? "" : "s"}: ${animals.length} animal${animals.length === 1 ? "" : "s"} (counted: ${atlas.counts[n]})`),
      el("ul", { class: "atlas" }, ...animals.map(card)));
  }));
  document.querySelector("#claims tbody").replaceChildren(...atlas.claims.map((c) => el("tr", {},
    el("td", {}, c.id), el("td", { class: c.verdict === "refuted" ? "bad" : "" }, c.verdict), el("td", {}, c.statement))));
  const target = location.hash && document.getElementById(location.hash.slice(1));
  if (target) { target.scrollIntoView(); target.focus(); }
}

if (datasetsFor("atlas.html").length) loadDataset("atlas", show);
else showError("no atlas in data/index.js");
