// Pairings: the reader plays Maker on a W x H board; Breaker answers by the
// pairing a certificate lists (its pairs over one period and the period
// lattice), never by a search. The rules known here: what a copy of the
// animal is (its 8 symmetries, translated), to count the copies Maker
// could still complete.
"use strict";

const W = 12, H = 10; // the board {0..W-1} x {0..H-1}
let atlas = null;     // the atlas dataset
let chosen = null;    // {animal, loser}: the atlas entry, and the loser whose pairing Breaker plays
let pairing = null;   // that loser's pairing dataset
let partners = null;  // period-box cell -> [dx, dy, pair index, first cell of the pair?]
let copies = [];      // every copy of the chosen animal on the board, as lists of cells
let game = null;
let cursor = [5, 5];

const key = (c) => c[0] + "," + c[1];
const shown = (c) => "(" + key(c) + ")";
const onBoard = (c) => c[0] >= 0 && c[0] < W && c[1] >= 0 && c[1] < H;
const stemOf = (cells) => cells.map((c) => "" + c[0] + c[1]).join("-");
const cellList = (cells) => cells.map(shown).join(" "); // how the atlas names an animal
const called = (a) => a.name || cellList(a.cells);

// ---- the pairing, read from the certificate data
// The representative of a cell in the period box {0..a-1} x {0..b-1} of
// the lattice spanned by (a,0) and (s,b).
function reduce(c) {
  const [[a], [s, b]] = pairing.lattice;
  const k = Math.floor(c[1] / b);
  const x = c[0] - k * s;
  return [((x % a) + a) % a, c[1] - k * b];
}

function buildPartners() {
  partners = new Map();
  pairing.pairs.forEach(([u, v], i) => {
    partners.set(key(reduce(u)), [v[0] - u[0], v[1] - u[1], i, true]);
    partners.set(key(reduce(v)), [u[0] - v[0], u[1] - v[1], i, false]);
  });
}

function partner(c) {
  const d = partners.get(key(reduce(c)));
  return d ? [c[0] + d[0], c[1] + d[1]] : null;
}

// ---- copies of the animal: 8 symmetries, each translated over the board
function buildCopies() {
  const seen = new Set();
  copies = [];
  const maps = [[1, 0, 0, 1], [0, 1, 1, 0], [-1, 0, 0, 1], [0, 1, -1, 0], [1, 0, 0, -1], [0, -1, 1, 0], [-1, 0, 0, -1], [0, -1, -1, 0]];
  for (const [a, b, c, d] of maps) {
    let cells = chosen.animal.cells.map(([x, y]) => [a * x + b * y, c * x + d * y]);
    const x0 = Math.min(...cells.map((p) => p[0])), y0 = Math.min(...cells.map((p) => p[1]));
    cells = cells.map((p) => [p[0] - x0, p[1] - y0]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    if (seen.has(cellList(cells))) continue;
    seen.add(cellList(cells));
    const w = Math.max(...cells.map((p) => p[0])), h = Math.max(...cells.map((p) => p[1]));
    for (let tx = 0; tx + w < W; tx++) for (let ty = 0; ty + h < H; ty++) copies.push(cells.map((p) => [p[0] + tx, p[1] + ty]));
  }
}

// ---- the game
function newGame() { game = { maker: new Map(), breaker: new Map(), moves: [] }; }
const isFree = (c) => onBoard(c) && !game.maker.has(key(c)) && !game.breaker.has(key(c));

function firstFree() {
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (isFree([x, y])) return [x, y];
  return null;
}

function makerMove(cell) {
  if (!isFree(cell)) return false;
  const number = game.moves.length + 1;
  game.maker.set(key(cell), number);
  const p = partner(cell);
  let breaker = null, why;
  if (p && isFree(p)) { breaker = p; why = "partner"; }
  else {
    breaker = firstFree();
    why = !p ? "no partner" : onBoard(p) ? "partner taken" : "partner off the board";
  }
  if (breaker) game.breaker.set(key(breaker), number);
  game.moves.push({ maker: cell, breaker, why });
  return true;
}

function randomMove() {
  const free = [];
  for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) if (isFree([x, y])) free.push([x, y]);
  return free.length > 0 && makerMove(free[Math.floor(Math.random() * free.length)]);
}

function undo() {
  const cells = game.moves.slice(0, -1).map((m) => m.maker);
  newGame();
  for (const c of cells) makerMove(c);
}

// Copies Maker owns whole, copies Breaker has not touched, and the open
// copy holding the most Maker cells.
function tally() {
  let completed = 0, open = 0, best = null, most = -1;
  for (const copy of copies) {
    if (copy.some((c) => game.breaker.has(key(c)))) continue;
    open++;
    const mine = copy.filter((c) => game.maker.has(key(c))).length;
    if (mine === copy.length) completed++;
    if (mine > most) { most = mine; best = copy; }
  }
  return { completed, open, best, most };
}

// ---- drawing
const sy = (y) => H - 1 - y;
function drawBoard(t) {
  const svg = document.getElementById("board");
  svg.setAttribute("viewBox", `-1 -0.2 ${W + 1.2} ${H + 1.2}`);
  svg.replaceChildren();
  const [[a], [, b]] = pairing.lattice;
  svg.append(svgEl("rect", { x: 0, y: sy(b - 1), width: a, height: b, class: "period" }));
  for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) {
    const cursorClass = x === cursor[0] && y === cursor[1] ? " cursor" : "";
    svg.append(svgEl("rect", { x, y: sy(y), width: 1, height: 1, class: "cell" + cursorClass, "data-x": x, "data-y": y }));
  }
  for (let v = 0; v < Math.max(W, H); v++) {
    if (v < W) svg.append(svgEl("text", { x: v + 0.5, y: H + 0.5, class: "axis" }, String(v)));
    if (v < H) svg.append(svgEl("text", { x: -0.5, y: sy(v) + 0.5, class: "axis" }, String(v)));
  }
  if (document.getElementById("show-pairs").checked) drawPairs(svg);
  if (document.getElementById("show-open").checked && t.most > 0) for (const [x, y] of t.best) {
    svg.append(svgEl("rect", { x: x + 0.04, y: sy(y) + 0.04, width: 0.92, height: 0.92, class: "won" }));
  }
  game.moves.forEach((move, i) => {
    const [x, y] = move.maker;
    svg.append(svgEl("circle", { cx: x + 0.5, cy: sy(y) + 0.5, r: 0.4, class: "maker" }));
    svg.append(svgEl("text", { x: x + 0.5, y: sy(y) + 0.5, class: "stone-number" }, String(i + 1)));
    if (move.breaker) {
      const [bx, by] = move.breaker;
      svg.append(svgEl("rect", { x: bx + 0.12, y: sy(by) + 0.12, width: 0.76, height: 0.76, class: "breaker" }));
      svg.append(svgEl("text", { x: bx + 0.5, y: sy(by) + 0.5, class: "stone-number" }, String(i + 1)));
    }
  });
}

// Each pair once (from its first cell, or from the cell on the board), as a
// bar between the two centres; a bar to a partner off the board stops at the
// board's edge, so it never covers the axis labels.
function drawPairs(svg) {
  for (let x = 0; x < W; x++) for (let y = 0; y < H; y++) {
    const d = partners.get(key(reduce([x, y])));
    if (!d || !(d[3] || !onBoard([x + d[0], y + d[1]]))) continue;
    const [ax, ay, bx, by] = [x + 0.5, y + 0.5, x + d[0] + 0.5, y + d[1] + 0.5];
    // The largest t in [0, 1] keeping a + t (b - a) in [0, W] x [0, H].
    let t = 1;
    for (const [from, to, limit] of [[ax, bx, W], [ay, by, H]]) {
      if (to > limit) t = Math.min(t, (limit - from) / (to - from));
      if (to < 0) t = Math.min(t, from / (from - to));
    }
    svg.append(svgEl("line", { x1: ax, y1: H - ay, x2: ax + t * (bx - ax), y2: H - (ay + t * (by - ay)), class: "pair" }));
  }
}

function drawPanel(t) {
  const status = document.getElementById("status");
  const last = game.moves[game.moves.length - 1];
  const full = firstFree() === null;
  status.dataset.completed = t.completed;
  status.dataset.open = t.open;
  status.className = "status" + (t.completed ? " lost" : full ? " won" : "");
  status.textContent = t.completed
    ? `You completed ${t.completed} cop${t.completed === 1 ? "y" : "ies"} of the animal: this pairing does not block it.`
    : full ? `The board is full and you completed no copy of ${called(chosen.animal)}: Breaker's pairing blocked all ${copies.length}.`
      : !last ? "Your move, Maker: claim any cell."
        : `Breaker answered ${last.breaker ? shown(last.breaker) : "nothing"}` +
          (last.why === "partner" ? `, the partner of your ${shown(last.maker)}.` : ` (${last.why} of ${shown(last.maker)}).`);
  const [[a], [s, b]] = pairing.lattice;
  const rows = [
    ["animal", called(chosen.animal) + ` (${chosen.animal.cells.length} cells)`],
    ["why a loser", chosen.loser === chosen.animal ? "its own pairing" : `it contains ${called(chosen.loser)}, whose pairing blocks every copy of it`],
    ["lattice", `spanned by (${a},0) and (${s},${b})`],
    ["pairs per period", pairing.pairs.map(([u, v]) => shown(u) + "–" + shown(v)).join(" ")],
    ["copies on this board", `${copies.length}: ${t.open} open, ${copies.length - t.open} blocked, ${t.completed} completed`],
    ["most of yours in an open copy", t.best ? `${t.most} of ${chosen.animal.cells.length}` : "none open"],
  ];
  document.getElementById("info").replaceChildren(...rows.map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v))));
  document.getElementById("moves").replaceChildren(...game.moves.map((m) => el("li", {
    "data-maker": key(m.maker), "data-breaker": m.breaker ? key(m.breaker) : "", "data-why": m.why,
  }, `Maker ${shown(m.maker)}, Breaker ${m.breaker ? shown(m.breaker) : "-"}` + (m.why === "partner" ? "" : ` (${m.why})`))));
  document.getElementById("undo").disabled = game.moves.length === 0;
}

function redraw() { const t = tally(); drawBoard(t); drawPanel(t); }

// ---- choosing an animal: every loser whose certificate leads to a pairing
const byCells = (list) => atlas.animals.find((a) => cellList(a.cells) === list);

// A loser by "contains" plays the pairing of the loser it contains.
function pairingLoser(animal) {
  let a = animal;
  for (let i = 0; a && a.how === "contains" && i < 10; i++) a = byCells(a.certificate);
  return a && a.status === "loser" && a.how === "pairing" ? a : null;
}

function pairingDataset(loser) {
  return datasetsFor("pairings.html").find((d) => d.certificate === loser.certificate);
}

function choose(stem) {
  const animal = atlas.animals.find((a) => stemOf(a.cells) === stem);
  const loser = animal && pairingLoser(animal);
  const dataset = loser && pairingDataset(loser);
  if (!dataset) { showError("no certified pairing for " + stem); return; }
  loadDataset(dataset.name, (data) => {
    pairing = data;
    chosen = { animal, loser };
    buildPartners();
    buildCopies();
    newGame();
    document.getElementById("animal-figure").replaceChildren(animalFigure(animal.cells, "how-" + animal.how));
    redraw();
  });
}

// A small drawing of an animal (the atlas page draws the same way).
function animalFigure(cells, cls) {
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const svg = svgEl("svg", { viewBox: `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`, class: "animal-figure " + cls, width: 12 * w, height: 12 * h, role: "img", "aria-label": cellList(cells) });
  for (const [x, y] of cells) svg.append(svgEl("rect", { x, y: h - 1 - y, width: 1, height: 1 }));
  return svg;
}

function setup(data) {
  atlas = data;
  const select = document.getElementById("animal");
  const losers = atlas.animals.filter((a) => pairingLoser(a) && pairingDataset(pairingLoser(a)));
  for (const a of losers) {
    const via = a.how === "pairing" ? "its pairing" : "contains " + called(pairingLoser(a));
    select.append(el("option", { value: stemOf(a.cells) }, `${a.cells.length}: ${called(a)} (${via})`));
  }
  const asked = new URLSearchParams(location.search).get("animal");
  const stems = losers.map((a) => stemOf(a.cells));
  select.value = stems.includes(asked) ? asked : stems.includes("00-01-10-11") ? "00-01-10-11" : stems[0];
  select.addEventListener("change", () => { setQuery("animal", select.value); choose(select.value); });
  choose(select.value);
}

function act(action) { if (pairing) { action(); redraw(); } }

const board = document.getElementById("board");
board.addEventListener("click", (event) => {
  const rect = event.target.closest("rect[data-x]");
  if (rect) { cursor = [+rect.dataset.x, +rect.dataset.y]; act(() => makerMove(cursor)); }
});
board.addEventListener("keydown", (event) => {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (steps[event.key]) {
    const [dx, dy] = steps[event.key];
    cursor = [Math.min(W - 1, Math.max(0, cursor[0] + dx)), Math.min(H - 1, Math.max(0, cursor[1] + dy))];
    act(() => {});
  } else if (event.key === "Enter" || event.key === " ") act(() => makerMove(cursor));
  else return;
  event.preventDefault();
});
const fill = () => { while (randomMove()); };
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  const actions = { r: randomMove, a: fill, u: undo, n: newGame };
  if (actions[event.key]) act(actions[event.key]);
});
document.getElementById("random-move").onclick = () => act(randomMove);
document.getElementById("autoplay").onclick = () => act(fill);
document.getElementById("undo").onclick = () => act(undo);
document.getElementById("new-game").onclick = () => act(newGame);
document.getElementById("show-pairs").onchange = () => act(() => {});
document.getElementById("show-open").onchange = () => act(() => {});
if (datasetsFor("atlas.html").length) loadDataset("atlas", setup);
else showError("no atlas in data/index.js");
