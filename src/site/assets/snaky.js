// Snaky: the reader plays Breaker; Maker answers only from the certificate's
// node records (pivot, children with placements, reply map). The rules
// known here: cells are free or taken, and Maker's cells t + R(P) win, P the
// certificate's shape (Snaky for the paper's table, a winner's own animal
// for the atlas's tables).
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
// board's corner, which is (0,0) for the paper's table, and on a table with
// a board only its cells count, as in `gamecert snaky play --board N` (a
// table without a board counts from (0,0), as `snaky play` does).
const onBoard = (c) => !table.board || (c[0] >= board.corner[0] && c[0] < board.corner[0] + board.size &&
  c[1] >= board.corner[1] && c[1] < board.corner[1] + board.size);
function firstFree(ok, anywhere) {
  const [cx, cy] = table.board ? board.corner : [0, 0];
  for (let r = 0; r < 1000; r++) {
    for (let x = -r; x <= r; x++) {
      const ys = Math.abs(x) === r ? range(-r, r) : [-r, r];
      for (const y of ys) {
        const c = [cx + x, cy + y];
        if (isFree(c) && (anywhere || onBoard(c)) && ok(c)) return c;
      }
    }
  }
  return null;
}
// Inside the square the view is drawn around: the board of the
// finite-board claim, or (for a table with none) its final card's envelope.
const inSquare = (c) => c[0] >= board.corner[0] && c[0] < board.corner[0] + board.size &&
  c[1] >= board.corner[1] && c[1] < board.corner[1] + board.size;
function range(a, b) { const out = []; for (let i = a; i <= b; i++) out.push(i); return out; }

function fail(reason) { game.end = "failed"; game.failure = reason; }

// Maker's move at the current node: its placed pivot (a replacement move if
// Maker owns it already), or at a base card the one cell of P Maker lacks.
function makerMove() {
  const n = node();
  let cell, replacement = false;
  if (n.pivot === null) {
    const cells = placed(n.envelope);
    if (cells.some((c) => game.breaker.has(key(c)))) return fail("Breaker owns a cell of the placed " + table.shape_name + " at " + n.label);
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
  else if (n.pivot === null) fail("the base card is complete but no " + table.shape_name + " was found");
  game.moves[game.moves.length - 1].left = movesLeft();
}

// The moves Maker may still need after its move at the current node: the
// node's height counts that move, so one less (0 once Maker has won).
function movesLeft() { return game.end === "won" ? 0 : node().height - 1; }

// Maker cells t + R(P) through `cell`, P the certificate's shape.
function snakyThrough(cell) {
  const shape = table.shape;
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
// `below(n)` draws the random Breaker's choice, uniform in 0..n-1.
function breakerChoice(mode, below = (n) => Math.floor(Math.random() * n)) {
  const n = node();
  const envelope = placed(n.envelope);
  const inEnvelope = new Set(envelope.map(key));
  const inside = envelope.filter((c) => isFree(c) && onBoard(c));
  const outside = () => firstFree((c) => !inEnvelope.has(key(c)));
  if (mode === "far") return outside();
  if (mode === "random") return inside.length ? inside[below(inside.length)] : outside();
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

// A far move: the first free cell off the board (outside the square the view
// is drawn around) and outside the placed envelope, in the replacement order.
function farMove() {
  if (game.end) return;
  const envelope = new Set(placed(node().envelope).map(key));
  breakerMove(firstFree((c) => !inSquare(c) && !envelope.has(key(c)), true));
}

// ---- the random Breaker, measured: SplitMix64 exactly as `gamecert snaky
// play --breaker random` draws it (game k of `--games` uses seed k), so the
// page's games are the producer's.
const MASK64 = (1n << 64n) - 1n;
function splitMix64(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  const next = () => {
    state = (state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    return z ^ (z >> 31n);
  };
  return (n) => { // uniform in 0..n-1, by rejection
    const m = BigInt(n), zone = MASK64 - (MASK64 % m);
    for (;;) { const v = next(); if (v < zone) return Number(v % m); }
  };
}
const MEASURED_GAMES = 1000;
let measured = null; // {games, wins, histogram: {moves: games}, mean, longest}
function measureRandomBreakers() {
  const saved = game;
  const histogram = {};
  let wins = 0, total = 0, longest = 0;
  for (let g = 0; g < MEASURED_GAMES; g++) {
    const below = splitMix64(g);
    newGame();
    for (let i = 0; i < 1000 && !game.end; i++) breakerMove(breakerChoice("random", below));
    const moves = game.moves.length;
    histogram[moves] = (histogram[moves] || 0) + 1;
    if (game.end === "won") wins++;
    total += moves;
    longest = Math.max(longest, moves);
  }
  game = saved;
  measured = { games: MEASURED_GAMES, wins, histogram, mean: total / MEASURED_GAMES, longest };
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
      : `Maker played ${shown(game.moves[count - 1].maker)} (move ${count}; it may still need ${movesLeft()} more). Your reply, Breaker.`;
  const placedT = placed(n.envelope);
  const rows = [
    ["node (card)", n.label + (n.pivot === null ? " (base card)" : "")],
    ["moves Maker may still need", String(movesLeft())],
    ["Maker moves", String(count)],
    ["placed envelope T", placedT.length + " cells"],
    ["required cells A", placed(n.required).map(shown).join(" ") || "none"],
    ["placement", "x ↦ [" + game.placement.slice(0, 4).join(" ") + "] x + (" + game.placement.slice(4).join(",") + ")"],
  ];
  document.getElementById("info").replaceChildren(...rows.map(([k, v], i) => el("tr", i === 1 ? { id: "moves-left" } : {}, el("th", {}, k), el("td", {}, v))));
  document.getElementById("moves").replaceChildren(...game.moves.map((m) => el("li", {
    "data-maker": key(m.maker), "data-breaker": m.breaker ? key(m.breaker) : "", "data-node": m.node, "data-left": m.left,
  }, `Maker ${shown(m.maker)}${m.replacement ? " (replacement)" : ""} at ${m.node}, ${m.left} more at most` + (m.breaker ? `; Breaker ${shown(m.breaker)}` : ""))));
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
  const input = document.getElementById("card-number");
  document.getElementById("card-prev").disabled = number <= +input.min;
  document.getElementById("card-next").disabled = number >= +input.max;
  if (index < 0) { info.textContent = "No card " + number + " in this table."; return; }
  const t = table.targets[index];
  const cells = t.envelope.concat([t.pivot]);
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
  const fy = (y) => y1 - y;
  // Rows fill 0..y1-y0+1 and the x labels the row below; the y labels the column left of x0.
  svg.setAttribute("viewBox", `${x0 - 1} 0 ${x1 - x0 + 2} ${y1 - y0 + 2}`);
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
// Claim `cell` for Breaker; why not, when it cannot be claimed.
function claimCell(cell) {
  if (game.end) return "The game is over: start a new game (key n).";
  if (game.maker.has(key(cell))) return `${shown(cell)} is taken: Maker claimed it with move ${game.maker.get(key(cell))}.`;
  if (game.breaker.has(key(cell))) return `${shown(cell)} is taken: you claimed it after Maker's move ${game.breaker.get(key(cell))}.`;
  breakerMove(cell);
  redraw();
  return "";
}

function note(text) {
  const box = document.getElementById("cell-note");
  box.textContent = text;
  box.className = text ? "bad" : "";
}

function setup() {
  document.getElementById("board").addEventListener("click", (event) => {
    const rect = event.target.closest("rect.cell"); // not the board's dashed frame
    if (rect) { cursor = [+rect.dataset.x, +rect.dataset.y]; note(claimCell(cursor)); }
  });
  document.getElementById("board").addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      cursor = [Math.min(VIEW.max, Math.max(VIEW.min, cursor[0] + dx)), Math.min(VIEW.max, Math.max(VIEW.min, cursor[1] + dy))];
      drawBoard();
    } else if (event.key === "Enter" || event.key === " ") note(claimCell(cursor));
    else return;
    event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
    const actions = { b: () => autoBreaker(), f: () => farMove(), u: () => undo(), n: () => newGame(), a: () => autoplay() };
    if (actions[event.key]) { actions[event.key](); note(""); redraw(); }
  });
  document.getElementById("breaker-move").onclick = () => { autoBreaker(); redraw(); };
  document.getElementById("far-move").onclick = () => { farMove(); redraw(); };
  document.getElementById("autoplay").onclick = () => { autoplay(); redraw(); };
  document.getElementById("undo").onclick = () => { undo(); redraw(); };
  document.getElementById("new-game").onclick = () => { newGame(); redraw(); };
  const input = document.getElementById("cell-input");
  const typed = () => {
    const m = input.value.match(/^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$/);
    if (!m) { note(`"${input.value}" is not a cell: type x,y, for example 7,8.`); return; }
    cursor = [+m[1], +m[2]];
    const why = claimCell(cursor);
    note(why);
    if (!why) input.value = "";
  };
  document.getElementById("cell-play").onclick = typed;
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") typed(); });
  const number = document.getElementById("card-number");
  number.addEventListener("input", () => drawCard(+number.value));
  // Previous and Next stay within the table's cards (|P| .. the final card).
  const step = (d) => { number.value = Math.min(+number.max, Math.max(+number.min, +number.value + d)); drawCard(+number.value); };
  document.getElementById("card-prev").onclick = () => step(-1);
  document.getElementById("card-next").onclick = () => step(1);
  const select = document.getElementById("table");
  datasetPicker(select, "snaky.html", () => true, (name) => { setQuery("table", name); loadDataset(name, start); });
  const asked = new URLSearchParams(location.search).get("table");
  if (asked && [...select.options].some((o) => o.value === asked)) select.value = asked;
  if (select.value) loadDataset(select.value, start);
  else showError("no card table in data/index.js");
}

function undo() { if (game.replies.length) replay(game.replies.slice(0, -1)); }
function autoplay() { for (let i = 0; i < 1000 && !game.end; i++) autoBreaker(); }

function start(dataset) {
  table = dataset;
  // Without a board (a winner's own table claims none), the view is the
  // final card's envelope, squared, with 3 cells around it.
  const envelope = table.targets[table.root].envelope.flat();
  const extent = Math.max(...envelope) - Math.min(...envelope) + 1;
  board = table.board || { size: extent, corner: [Math.min(...envelope), Math.min(...envelope)] };
  VIEW.min = Math.min(board.corner[0], board.corner[1]) - 3;
  VIEW.max = Math.max(board.corner[0], board.corner[1]) + board.size + 2;
  cursor = [board.corner[0] + (board.size >> 1), board.corner[1] + (board.size >> 1) + 1];
  document.getElementById("board-note").textContent = table.board
    ? `the ${board.size}x${board.size} board {${board.corner[0]}..${board.corner[0] + board.size - 1}} x {${board.corner[1]}..${board.corner[1] + board.size - 1}} of the certificate's finite-board claim`
    : "none: the certificate claims no fixed board";
  const name = table.shape_name;
  document.title = `${name}: play Breaker against the card table`;
  document.getElementById("title").textContent = `${name}: you are Breaker`;
  document.getElementById("shape-note").textContent = name;
  document.getElementById("board").setAttribute("aria-label", `${name} board; arrow keys move the cursor, Enter claims the cell`);
  const number = document.getElementById("card-number");
  // Card lines start at |P| (6 for Snaky): the cards below are base cards.
  number.min = table.shape.length;
  number.max = table.card;
  if (+number.value < +number.min || +number.value > table.card) number.value = number.min;
  measureRandomBreakers();
  newGame();
  note("");
  redraw();
  drawCard(+number.value);
  drawAbout();
}

// ---- the game explained: the shape and its orientations, the rules, what
// a height is, and how long games last (measured above, and the bounds)
function drawAbout() {
  const name = table.shape_name, cells = table.shape.length;
  const seen = new Set(), images = [];
  for (const r of ORIENTATIONS) {
    let image = table.shape.map((c) => apply([...r, 0, 0], c));
    const x0 = Math.min(...image.map((c) => c[0])), y0 = Math.min(...image.map((c) => c[1]));
    image = image.map((c) => [c[0] - x0, c[1] - y0]).sort(byXY);
    if (!seen.has(image.map(key).join(" "))) { seen.add(image.map(key).join(" ")); images.push(image); }
  }
  const figure = (image, big) => {
    const w = Math.max(...image.map((c) => c[0])) + 1, h = Math.max(...image.map((c) => c[1])) + 1;
    const unit = big ? 18 : 9;
    const svg = svgEl("svg", { viewBox: `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`, width: unit * w, height: unit * h, class: "shape-figure", role: "img",
      "aria-label": image.map(shown).join(" ") });
    for (const [x, y] of image) svg.append(svgEl("rect", { x, y: h - 1 - y, width: 1, height: 1 }));
    return svg;
  };
  const shapeCells = table.shape.map((c) => c.slice()).sort(byXY);
  document.getElementById("shape-picture").replaceChildren(
    el("figure", {}, figure(shapeCells, true), el("figcaption", {}, name)),
    el("figure", { id: "orientations", "data-count": images.length }, el("div", { class: "orientation-row" }, ...images.map((i) => figure(i, false))),
      el("figcaption", {}, `its ${images.length} orientations`)));
  document.getElementById("rules").replaceChildren(
    `Maker and Breaker take turns claiming free cells of the grid, Maker first, one cell a move. ` +
    `Maker wins by owning all ${cells} cells of a copy of ${name}, in any of its ${images.length} orientations, anywhere. ` +
    `Breaker wins by stopping that forever: here you are Breaker, and Maker plays the certified card table.`);
  document.getElementById("height-note").textContent = `A node's height is the most moves Maker may still need from it, whatever Breaker does; ` +
    `the table certifies ${table.bound} for the empty board, and the panel shows what is left after each of Maker's moves (0 once Maker has won).`;
  const m = measured;
  const lengths = document.getElementById("random-lengths");
  lengths.dataset.games = m.games;
  lengths.dataset.wins = m.wins;
  lengths.dataset.mean = m.mean;
  lengths.dataset.histogram = JSON.stringify(m.histogram);
  lengths.textContent = `A Breaker who claims random free cells of the yellow envelope loses in about ${Math.round(m.mean)} moves: ` +
    `Maker won ${m.wins} of ${m.games} such games (seeds 0 to ${m.games - 1}) in ${m.mean.toFixed(2)} moves on average, the longest in ${m.longest}.`;
  const worst = document.getElementById("worst-case");
  const snakyTables = datasetsFor("snaky.html").filter((d) => /^snaky\d+$/.test(d.name));
  worst.replaceChildren(`The worst case is the table's bound, ${table.bound} moves here: the computer Breaker, which always leaves Maker the tallest ` +
    `part of the table, holds Maker to exactly that. `);
  const bounds = el("span", { id: "snaky-bounds" });
  worst.append(bounds);
  let done = 0;
  const found = [];
  for (const d of snakyTables) loadDataset(d.name, (data) => {
    found.push([data.bound, d.name]);
    if (++done < snakyTables.length) return;
    found.sort((a, b) => a[0] - b[0]);
    bounds.dataset.bounds = JSON.stringify(found.map((f) => f[0]));
    bounds.textContent = `The committed ${name === "Snaky" ? "" : "Snaky "}tables need ` +
      found.map((f) => `${f[0]} (${f[1]})`).join(", ") + " moves.";
  });
}

setup();
