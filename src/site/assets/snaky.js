// Snaky: the reader plays Breaker; Maker answers only from the certificate's
// node records (pivot, children with placements, reply map). The rules
// known here: cells are free or taken, and six Maker cells t + R(S) win.
"use strict";

// The board of the certificate's finite-board claim, in the table's frame
// (the 21-move table's is {0..16}², the 20-move table's {24..40}²); the
// view shows it with 3 cells around it, and the replacement order starts
// at its corner.
let board = { size: 17, corner: [0, 0] };
const VIEW = { min: -3, max: 19 }; // cells shown, both axes, inclusive
let table = null;   // the dataset: {targets, root, bound, board, ...}
let game = null;    // the game in progress, rebuilt from its replies on undo
let cursor = [8, 9];

// ---- placements: [a, b, c, d, tx, ty] maps (x, y) to (ax+by+tx, cx+dy+ty)
const IDENTITY = [1, 0, 0, 1, 0, 0];
const key = (c) => c[0] + "," + c[1];
const shown = (c) => "(" + key(c) + ")";
function apply(m, c) { return [m[0] * c[0] + m[1] * c[1] + m[4], m[2] * c[0] + m[3] * c[1] + m[5]]; }
function compose(outer, inner) { // outer after inner
  const [a, b, c, d] = outer, [e, f, g, h] = inner;
  const t = apply(outer, [inner[4], inner[5]]);
  return [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h, t[0], t[1]];
}
function inverse(m) { // signed permutations are orthogonal: R^-1 = R^T
  const r = [m[0], m[2], m[1], m[3]];
  return [r[0], r[1], r[2], r[3], -(r[0] * m[4] + r[1] * m[5]), -(r[2] * m[4] + r[3] * m[5])];
}
const ORIENTATIONS = [[1, 0, 0, 1], [0, 1, 1, 0], [-1, 0, 0, 1], [0, 1, -1, 0],
  [1, 0, 0, -1], [0, -1, 1, 0], [-1, 0, 0, -1], [0, -1, -1, 0]];
const byXY = (p, q) => p[0] - q[0] || p[1] - q[1];

// ---- the game
function newGame() {
  game = { maker: new Map(), breaker: new Map(), moves: [], replies: [],
    target: table.root, placement: IDENTITY, end: null, snaky: null, failure: null };
  makerMove();
}

function replay(replies) {
  newGame();
  for (const reply of replies) if (!game.end) breakerMove(reply);
}

const isFree = (c) => !game.maker.has(key(c)) && !game.breaker.has(key(c));
const node = () => table.targets[game.target];
const placed = (cells) => cells.map((c) => apply(game.placement, c)).sort(byXY);

// The first free cell by max(|x|,|y|), then x, then y (the paper's order
// for replacement moves), that passes `ok`; x and y are counted from the
// board's corner, which is (0,0) for the paper's table.
function firstFree(ok) {
  const [cx, cy] = board.corner;
  for (let r = 0; r < 1000; r++) {
    for (let x = -r; x <= r; x++) {
      const ys = Math.abs(x) === r ? range(-r, r) : [-r, r];
      for (const y of ys) {
        const c = [cx + x, cy + y];
        if (isFree(c) && ok(c)) return c;
      }
    }
  }
  return null;
}
function range(a, b) { const out = []; for (let i = a; i <= b; i++) out.push(i); return out; }

function fail(reason) { game.end = "failed"; game.failure = reason; }

// Maker's move at the current node: its placed pivot (a replacement move if
// Maker owns it already), or at a base card the one Snaky cell Maker lacks.
function makerMove() {
  const n = node();
  let cell, replacement = false;
  if (n.pivot === null) {
    const cells = placed(n.envelope);
    if (cells.some((c) => game.breaker.has(key(c)))) return fail("Breaker owns a cell of the placed Snaky at " + n.label);
    const missing = cells.filter((c) => !game.maker.has(key(c)));
    if (missing.length !== 1) return fail("base card " + n.label + " lacks " + missing.length + " cells");
    cell = missing[0];
  } else {
    cell = apply(game.placement, n.pivot);
    if (game.breaker.has(key(cell))) return fail("Breaker owns the pivot " + key(cell) + " of node " + n.label);
    if (game.maker.has(key(cell))) { cell = firstFree(() => true); replacement = true; }
  }
  game.maker.set(key(cell), game.moves.length + 1);
  game.moves.push({ maker: cell, replacement, node: n.label, breaker: null });
  const snaky = snakyThrough(cell);
  if (snaky) { game.end = "won"; game.snaky = snaky; }
  else if (n.pivot === null) fail("the base card is complete but no Snaky was found");
}

// Six Maker cells t + R(S) through `cell`, S read from a base card.
function snakyThrough(cell) {
  const shape = table.targets[table.bases].envelope;
  for (const r of ORIENTATIONS) {
    for (const s of shape) {
      const image = apply([...r, 0, 0], s);
      const m = [...r, cell[0] - image[0], cell[1] - image[1]];
      const cells = shape.map((c) => apply(m, c));
      if (cells.every((c) => game.maker.has(key(c)))) return cells;
    }
  }
  return null;
}

// The child the certificate names for a reply on `cell`, by the node's
// reply map (cells of T \ (A ∪ {p}) in the node's frame) or its outside
// entry; null when the certificate has no answer.
function answer(n, cell) {
  const local = apply(inverse(game.placement), cell);
  for (const [x, y, child] of n.replies) if (x === local[0] && y === local[1]) return child;
  if (n.envelope.some((c) => c[0] === local[0] && c[1] === local[1])) return null;
  return n.outside;
}

function breakerMove(cell) {
  if (game.end || !isFree(cell)) return false;
  const n = node();
  game.breaker.set(key(cell), game.moves.length);
  game.moves[game.moves.length - 1].breaker = cell;
  game.replies.push(cell);
  const child = answer(n, cell);
  if (child === null) { fail("the certificate has no answer at node " + n.label + " to " + key(cell)); return true; }
  const link = n.children[child];
  game.placement = compose(game.placement, link.m);
  game.target = link.target;
  makerMove();
  return true;
}

// ---- Breakers that play by themselves
function breakerChoice(mode) {
  const n = node();
  const envelope = placed(n.envelope);
  const inEnvelope = new Set(envelope.map(key));
  const inside = envelope.filter(isFree);
  const outside = () => firstFree((c) => !inEnvelope.has(key(c)));
  if (mode === "far") return outside();
  if (mode === "random") return inside.length ? inside[Math.floor(Math.random() * inside.length)] : outside();
  // computer: the reply leaving Maker at the tallest child (first on ties).
  let best = null, most = -1;
  for (const c of inside.concat([outside()])) {
    const child = answer(n, c);
    const h = child === null ? Infinity : table.targets[n.children[child].target].height;
    if (h > most) { most = h; best = c; }
  }
  return best;
}

function autoBreaker() {
  if (!game.end) breakerMove(breakerChoice(document.getElementById("mode").value));
}

// ---- drawing
const sy = (y) => VIEW.max - y; // y grows upwards
function drawBoard() {
  const svg = document.getElementById("board");
  const size = VIEW.max - VIEW.min + 1;
  svg.setAttribute("viewBox", `${VIEW.min - 1} 0 ${size + 1} ${size + 1}`);
  svg.replaceChildren();
  const n = node();
  const live = !game.end;
  const envelope = new Set(live ? placed(n.envelope).map(key) : []);
  for (let x = VIEW.min; x <= VIEW.max; x++) {
    for (let y = VIEW.min; y <= VIEW.max; y++) {
      const cls = "cell" + (envelope.has(key([x, y])) ? " envelope" : "") +
        (x === cursor[0] && y === cursor[1] ? " cursor" : "");
      svg.append(svgEl("rect", { x, y: sy(y), width: 1, height: 1, class: cls, "data-x": x, "data-y": y }));
    }
  }
  for (let v = VIEW.min; v <= VIEW.max; v += 1) {
    if ((v - VIEW.min) % 2 === 0) continue;
    svg.append(svgEl("text", { x: v + 0.5, y: sy(VIEW.min) + 1.5, class: "axis" }, String(v)));
    svg.append(svgEl("text", { x: VIEW.min - 0.5, y: sy(v) + 0.5, class: "axis" }, String(v)));
  }
  if (table.board) {
    const [x, y] = board.corner;
    svg.append(svgEl("rect", { x, y: sy(y + board.size - 1), width: board.size, height: board.size, class: "outline", id: "outline",
      "data-x": x, "data-y": y, "data-size": board.size }));
  }
  if (live) for (const c of placed(n.required)) {
    svg.append(svgEl("rect", { x: c[0] + 0.08, y: sy(c[1]) + 0.08, width: 0.84, height: 0.84, class: "required" }));
  }
  game.moves.forEach((move, i) => {
    const [x, y] = move.maker;
    svg.append(svgEl("circle", { cx: x + 0.5, cy: sy(y) + 0.5, r: 0.42, class: "maker",
      "stroke-dasharray": move.replacement ? "0.15 0.1" : "", stroke: move.replacement ? "#000" : "none", "stroke-width": 0.06 }));
    svg.append(svgEl("text", { x: x + 0.5, y: sy(y) + 0.5, class: "stone-number" }, String(i + 1)));
    if (move.breaker) {
      const [bx, by] = move.breaker;
      svg.append(svgEl("rect", { x: bx + 0.1, y: sy(by) + 0.1, width: 0.8, height: 0.8, class: "breaker" }));
      svg.append(svgEl("text", { x: bx + 0.5, y: sy(by) + 0.5, class: "stone-number" }, String(i + 1)));
    }
  });
  if (game.snaky) for (const c of game.snaky) {
    svg.append(svgEl("rect", { x: c[0] + 0.02, y: sy(c[1]) + 0.02, width: 0.96, height: 0.96, class: "won" }));
  }
}

function drawPanel() {
  const n = node();
  const status = document.getElementById("status");
  const count = game.moves.length;
  status.className = "status" + (game.end === "won" ? " won" : game.end ? " lost" : "");
  status.textContent = game.end === "won"
    ? `Maker won with its ${ordinal(count)} move (bound ${table.bound}).`
    : game.end ? "The strategy failed: " + game.failure
      : `Maker played ${shown(game.moves[count - 1].maker)} (move ${count}). Your reply, Breaker.`;
  const placedT = placed(n.envelope);
  const rows = [
    ["node (card)", n.label + (n.pivot === null ? " (base card)" : "")],
    ["height left", String(n.height)],
    ["Maker moves", String(count)],
    ["placed envelope T", placedT.length + " cells"],
    ["required cells A", placed(n.required).map(shown).join(" ") || "none"],
    ["placement", "x ↦ [" + game.placement.slice(0, 4).join(" ") + "] x + (" + game.placement.slice(4).join(",") + ")"],
  ];
  document.getElementById("info").replaceChildren(...rows.map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v))));
  document.getElementById("moves").replaceChildren(...game.moves.map((m) => el("li", {
    "data-maker": key(m.maker), "data-breaker": m.breaker ? key(m.breaker) : "", "data-node": m.node,
  }, `Maker ${shown(m.maker)}${m.replacement ? " (replacement)" : ""}` + (m.breaker ? `, Breaker ${shown(m.breaker)}` : "") + ` at ${m.node}`)));
  document.getElementById("undo").disabled = game.replies.length === 0;
}

function ordinal(n) { return n + (n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"); }

function redraw() { drawBoard(); drawPanel(); }

// ---- card browser: a card's own node, drawn like the paper's figures
function drawCard(number) {
  const index = table.targets.findIndex((t) => t.label === String(number));
  const info = document.getElementById("card-info");
  const svg = document.getElementById("card");
  svg.replaceChildren();
  if (index < 0) { info.textContent = "No card " + number + " in this table."; return; }
  const t = table.targets[index];
  const cells = t.envelope.concat([t.pivot]);
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const fy = (y) => y1 - y;
  svg.setAttribute("viewBox", `${x0 - 1} -1 ${x1 - x0 + 2} ${y1 - y0 + 2}`);
  svg.setAttribute("aria-label", "card " + number);
  svg.style.maxWidth = (x1 - x0 + 2) * 1.8 + "rem";
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) {
    const inT = t.envelope.some((c) => c[0] === x && c[1] === y);
    svg.append(svgEl("rect", { x, y: fy(y), width: 1, height: 1, class: "cell" + (inT ? " envelope" : "") }));
  }
  for (let x = x0; x <= x1; x++) svg.append(svgEl("text", { x: x + 0.5, y: fy(y0) + 1.5, class: "axis" }, String(x)));
  for (let y = y0; y <= y1; y++) svg.append(svgEl("text", { x: x0 - 0.5, y: fy(y) + 0.5, class: "axis" }, String(y)));
  for (const c of t.required) svg.append(svgEl("rect", { x: c[0] + 0.1, y: fy(c[1]) + 0.1, width: 0.8, height: 0.8, fill: "#1d2430" }));
  svg.append(svgEl("circle", { cx: t.pivot[0] + 0.5, cy: fy(t.pivot[1]) + 0.5, r: 0.4, class: "pivot" }));
  const children = t.children.map((link, i) => {
    const child = table.targets[link.target];
    if (child.pivot === null) { // a base card: mark its completing cell
      const missing = child.envelope.filter((c) => !child.required.some((r) => r[0] === c[0] && r[1] === c[1]))[0];
      const [x, y] = apply(link.m, missing);
      svg.append(svgEl("polygon", { points: `${x + 0.5},${fy(y) + 0.08} ${x + 0.92},${fy(y) + 0.5} ${x + 0.5},${fy(y) + 0.92} ${x + 0.08},${fy(y) + 0.5}`, class: "completing" }));
      svg.append(svgEl("text", { x: x + 0.5, y: fy(y) + 0.5, class: "child-label" }, String(i + 1)));
    }
    return el("li", {}, `${child.label}${child.pivot === null ? "" : ` (h ${child.height})`} placed by [${link.m.join(" ")}]`);
  });
  info.replaceChildren(
    el("p", {}, `Card ${t.label}: pivot (${t.pivot}), |A| = ${t.required.length}, |T| = ${t.envelope.length}, height ${t.height}, ${t.replies.length} reply cells.`),
    el("p", { class: "muted" }, "Yellow: envelope T. Black: required cells A. Green ring: the pivot. Green diamonds: the completing cell of each base card placed as a child (numbered by child)."),
    el("ol", {}, ...children));
}

// ---- input
function claimCell(cell) {
  if (!game.end && isFree(cell)) { breakerMove(cell); redraw(); }
}

function setup() {
  document.getElementById("board").addEventListener("click", (event) => {
    const rect = event.target.closest("rect[data-x]");
    if (rect) { cursor = [+rect.dataset.x, +rect.dataset.y]; claimCell(cursor); }
  });
  document.getElementById("board").addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      cursor = [Math.min(VIEW.max, Math.max(VIEW.min, cursor[0] + dx)), Math.min(VIEW.max, Math.max(VIEW.min, cursor[1] + dy))];
      drawBoard();
    } else if (event.key === "Enter" || event.key === " ") claimCell(cursor);
    else return;
    event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
    const actions = { b: () => autoBreaker(), u: () => undo(), n: () => newGame(), a: () => autoplay() };
    if (actions[event.key]) { actions[event.key](); redraw(); }
  });
  document.getElementById("breaker-move").onclick = () => { autoBreaker(); redraw(); };
  document.getElementById("autoplay").onclick = () => { autoplay(); redraw(); };
  document.getElementById("undo").onclick = () => { undo(); redraw(); };
  document.getElementById("new-game").onclick = () => { newGame(); redraw(); };
  const input = document.getElementById("cell-input");
  const typed = () => {
    const m = input.value.match(/^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$/);
    if (m) { cursor = [+m[1], +m[2]]; claimCell(cursor); input.value = ""; }
  };
  document.getElementById("cell-play").onclick = typed;
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") typed(); });
  const number = document.getElementById("card-number");
  number.addEventListener("input", () => drawCard(+number.value));
  document.getElementById("card-prev").onclick = () => { number.value = +number.value - 1; drawCard(+number.value); };
  document.getElementById("card-next").onclick = () => { number.value = +number.value + 1; drawCard(+number.value); };
  const select = document.getElementById("table");
  datasetPicker(select, "snaky.html", () => true, (name) => loadDataset(name, start));
  const asked = new URLSearchParams(location.search).get("table");
  if (asked && [...select.options].some((o) => o.value === asked)) select.value = asked;
  if (select.value) loadDataset(select.value, start);
  else showError("no Snaky table in data/index.js");
}

function undo() { if (game.replies.length) replay(game.replies.slice(0, -1)); }
function autoplay() { for (let i = 0; i < 1000 && !game.end; i++) autoBreaker(); }

function start(dataset) {
  table = dataset;
  board = table.board || { size: 17, corner: [0, 0] };
  VIEW.min = Math.min(board.corner[0], board.corner[1]) - 3;
  VIEW.max = Math.max(board.corner[0], board.corner[1]) + board.size + 2;
  cursor = [board.corner[0] + 8, board.corner[1] + 9];
  document.getElementById("board-note").textContent = table.board
    ? `the ${board.size}x${board.size} board {${board.corner[0]}..${board.corner[0] + board.size - 1}} x {${board.corner[1]}..${board.corner[1] + board.size - 1}} of the certificate's finite-board claim`
    : "none: the certificate makes no finite-board claim";
  const number = document.getElementById("card-number");
  number.max = table.card;
  newGame();
  redraw();
  drawCard(+number.value);
}

setup();
