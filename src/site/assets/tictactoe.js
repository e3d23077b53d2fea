// Tic-tac-toe: the computer plays only from the certificate's strategy
// tables. The rules here: k in a row wins, a full board draws, and the
// board's symmetries (to read the canonical table keys).
"use strict";

let data = null;     // the dataset
let board = [];      // "." "X" "O" per cell, row by row
let human = "X";
let symmetries = []; // each: image cell i comes from board cell p[i]
let lines = [];

function setupBoard(dataset) {
  data = dataset;
  const { rows, cols, k } = data;
  const maps = [(r, c) => [r, c], (r, c) => [r, cols - 1 - c], (r, c) => [rows - 1 - r, c], (r, c) => [rows - 1 - r, cols - 1 - c]];
  if (rows === cols) {
    maps.push((r, c) => [c, r], (r, c) => [cols - 1 - c, r], (r, c) => [c, rows - 1 - r], (r, c) => [cols - 1 - c, rows - 1 - r]);
  }
  symmetries = maps.map((f) => cells().map((i) => { const [r, c] = f(Math.floor(i / cols), i % cols); return r * cols + c; }));
  if (symmetries.length !== data.symmetries) showError(`the certificate says ${data.symmetries} symmetries, the page found ${symmetries.length}`);
  lines = [];
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      const line = [];
      for (let s = 0; s < k; s++) {
        const [rr, cc] = [r + dr * s, c + dc * s];
        if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) break;
        line.push(rr * cols + cc);
      }
      if (line.length === k) lines.push(line);
    }
  }
  const side = document.getElementById("side");
  for (const option of side.options) {
    const opponent = option.value === "X" ? "o" : "x";
    option.disabled = !data.strategies[opponent];
  }
  if (side.selectedOptions[0].disabled) side.value = side.value === "X" ? "O" : "X";
  drawFacts();
  drawLines();
  newGame();
}

function cells() { return [...Array(data.rows * data.cols).keys()]; }
function toText(b) {
  const rows = [];
  for (let r = 0; r < data.rows; r++) rows.push(b.slice(r * data.cols, (r + 1) * data.cols).join(""));
  return rows.join("/");
}
const toMove = () => board.filter((v) => v === "X").length === board.filter((v) => v === "O").length ? "X" : "O";
const winningLine = () => lines.find((line) => board[line[0]] !== "." && line.every((i) => board[i] === board[line[0]]));
const over = () => winningLine() || board.every((v) => v !== ".");

// The table's move on the real board: canonical key, lookup, map back.
function tableMove() {
  const player = toMove().toLowerCase();
  const strategy = data.strategies[player];
  const images = symmetries.map((p) => toText(p.map((i) => board[i])));
  const canonical = images.reduce((a, b) => (b < a ? b : a));
  const cell = strategy.table[canonical];
  if (cell === undefined) return { error: `the ${player.toUpperCase()} table has no entry for ${canonical}` };
  const p = symmetries[images.indexOf(canonical)];
  return { cell: p[cell - 1], key: canonical, entry: cell };
}

function play(i) {
  if (over() || board[i] !== "." || toMove() !== human) return;
  board[i] = toMove();
  computerMove();
  draw();
}

function computerMove() {
  if (!over() && toMove() !== human) {
    const move = tableMove();
    if (move.error) { showError(move.error); }
    else {
      board[move.cell] = toMove();
      document.getElementById("table-note").textContent = `Table entry "${move.key}": ${move.entry}, played on cell ${move.cell + 1}.`;
    }
  }
}

function newGame() {
  human = document.getElementById("side").value;
  board = cells().map(() => ".");
  document.getElementById("table-note").textContent = "";
  document.getElementById("error").textContent = "";
  computerMove(); // X's table opens when you play O
  draw();
}

function draw() {
  const grid = document.getElementById("grid");
  grid.style.gridTemplateColumns = `repeat(${data.cols}, 1fr)`;
  grid.style.maxWidth = data.cols * 5.5 + "rem";
  const line = winningLine() || [];
  grid.replaceChildren(...cells().map((i) => el("button", {
    class: board[i] + (line.includes(i) ? " win" : ""), "data-cell": i + 1,
    "aria-label": `cell ${i + 1}: ${board[i] === "." ? "empty" : board[i]}`,
    onclick: () => play(i),
  }, board[i] === "." ? "" : board[i])));
  const status = document.getElementById("status");
  const winner = line.length ? board[line[0]] : null;
  status.dataset.result = winner || (over() ? "draw" : "");
  status.className = "status" + (winner === human ? " won" : winner ? " lost" : "");
  status.textContent = winner ? `${winner} wins.` : over() ? "Draw: the board is full." : `${toMove()} to move` + (toMove() === human ? " (you)." : ".");
}

function drawFacts() {
  const s = data.sequences;
  const rows = [
    ["board", `${data.rows}x${data.cols}, ${data.k} in a row`],
    ["value", { "1": "+1: X wins", "0": "0: draw", "-1": "-1: O wins" }[String(data.value)]],
    ["move sequences", `X wins ${fmt(s.x_wins)}, O wins ${fmt(s.o_wins)}, draws ${fmt(s.draws)} (total ${fmt(s.total)})`],
    ["game-tree nodes", fmt(data.nodes)],
    ["positions", `${fmt(data.positions)} (${fmt(data.positions_up_to_symmetry)} up to symmetry)`],
    ["X table", data.strategies.x ? `${data.strategies.x.size} positions, ${data.strategies.x.goal}` : "none"],
    ["O table", data.strategies.o ? `${data.strategies.o.size} positions, ${data.strategies.o.goal}` : "none (O loses with best play)"],
  ];
  document.getElementById("counts").replaceChildren(...rows.map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v))));
  const values = document.getElementById("values");
  values.style.gridTemplateColumns = `repeat(${data.cols}, 1fr)`;
  values.replaceChildren(...data.first_moves.map((v, i) => el("span", { title: `cell ${i + 1}` }, signed(v))));
  replyGrid(document.getElementById("corner-replies"), 1, data.replies_to_corner_1);
  document.getElementById("centre-section").hidden = !data.replies_to_centre_5;
  if (data.replies_to_centre_5) replyGrid(document.getElementById("centre-replies"), 5, data.replies_to_centre_5);
  document.getElementById("claims").replaceChildren(...data.claims.map((c) => el("li", {},
    el("strong", { class: c.verdict === "refuted" ? "bad" : "good" }, c.verdict + ": "), c.statement, el("br"), el("span", { class: "muted" }, c.detail))));
}

const fmt = (n) => n.toLocaleString("en");
const signed = (v) => (v > 0 ? "+" + v : String(v));

// The board with X on `first` and, on every other cell, the value of O's
// reply there, as the certificate lists it ({cell: value}).
function replyGrid(box, first, replies) {
  box.style.gridTemplateColumns = `repeat(${data.cols}, 1fr)`;
  box.replaceChildren(...cells().map((i) => {
    const cell = String(i + 1), value = replies[cell];
    return i + 1 === first ? el("span", { class: "x-mark", "data-cell": cell, title: `cell ${cell}: X` }, "X")
      : el("span", { "data-cell": cell, "data-value": value, title: `O on ${cell}` }, value === undefined ? "?" : signed(value));
  }));
}

// ---- the article's lines: per claim, the first line of its evidence that
// is not the start of a longer one (claim 4: O on an edge after X 5; claim
// 5: O in a corner), replayed move by move.
const LINE = /^(?:(.*): )?([XO]\d+(?: [XO]\d+)*)$/;
let replay = { lines: [], chosen: 0, ply: 0 };
function articleLines() {
  const lines = [];
  for (const claim of data.claims) {
    const found = (claim.evidence || []).map((e) => ({ e, m: LINE.exec(e.caption || "") })).filter((f) => f.m && f.e.board)
      .map((f) => ({ claim, caption: f.e.caption, board: f.e.board, moves: f.m[2].split(" ").map((t) => ({ player: t[0], cell: +t.slice(1) })) }));
    const text = (l) => l.moves.map((m) => m.player + m.cell).join(" ");
    const longest = found.find((l) => !found.some((o) => o !== l && text(o).startsWith(text(l) + " ")));
    if (longest) lines.push(longest);
  }
  return lines;
}

function drawLines() {
  replay = { lines: articleLines(), chosen: 0, ply: 0 };
  document.getElementById("lines").hidden = replay.lines.length === 0;
  document.getElementById("line-choice").replaceChildren(...replay.lines.map((l, i) =>
    el("button", { "data-line": i, onclick: () => { replay.chosen = i; replay.ply = l.moves.length; drawReplay(); } },
      `claim ${l.claim.id}: ${l.caption}`)));
  if (replay.lines.length) drawReplay();
}

function drawReplay() {
  const line = replay.lines[replay.chosen];
  replay.ply = Math.max(0, Math.min(replay.ply, line.moves.length));
  const position = cells().map(() => ".");
  for (const m of line.moves.slice(0, replay.ply)) position[m.cell - 1] = m.player;
  const grid = document.getElementById("line-grid");
  grid.style.gridTemplateColumns = `repeat(${data.cols}, 1fr)`;
  grid.style.width = data.cols * 3.5 + "rem";
  grid.replaceChildren(...position.map((v, i) => el("span", { class: v, "data-cell": i + 1 }, v === "." ? "" : v)));
  for (const b of document.querySelectorAll("#line-choice button")) b.classList.toggle("current", +b.dataset.line === replay.chosen);
  const last = line.moves[replay.ply - 1];
  const note = document.getElementById("line-note");
  const text = toText(position);
  note.dataset.board = text;
  note.dataset.ply = replay.ply;
  note.dataset.matches = String(replay.ply === line.moves.length && text === line.board);
  let value = "";
  if (replay.ply === 1) value = `, worth ${signed(data.first_moves[last.cell - 1])} with best play`;
  const replies = replay.ply === 2 && { 1: data.replies_to_corner_1, 5: data.replies_to_centre_5 }[line.moves[0].cell];
  if (replies && replies[last.cell] !== undefined) value = `, worth ${signed(replies[last.cell])} with best play`;
  note.textContent = (last ? `Move ${replay.ply} of ${line.moves.length}: ${last.player} on ${last.cell}${value}.` : `Start: the empty board (${line.moves.length} moves).`) +
    (replay.ply === line.moves.length ? (text === line.board ? ` The certificate's board ${line.board}: the same.` : ` The certificate's board is ${line.board}, not ${text}.`) : "");
  document.getElementById("line-claim").textContent = `Claim ${line.claim.id} (${line.claim.verdict}): ${line.claim.statement}`;
}

function setup() {
  const select = document.getElementById("board-choice");
  datasetPicker(select, "tictactoe.html", () => true, (name) => { setQuery("table", name); loadDataset(name, setupBoard); });
  const asked = new URLSearchParams(location.search).get("table");
  if ([...select.options].some((o) => o.value === asked)) select.value = asked;
  document.getElementById("line-start").onclick = () => { replay.ply = 0; drawReplay(); };
  document.getElementById("line-prev").onclick = () => { replay.ply--; drawReplay(); };
  document.getElementById("line-next").onclick = () => { replay.ply++; drawReplay(); };
  document.getElementById("line-end").onclick = () => { replay.ply = Infinity; drawReplay(); };
  document.getElementById("new-game").onclick = newGame;
  document.getElementById("side").onchange = newGame;
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT" || !data) return;
    const n = Number(event.key);
    if (n >= 1 && n <= 9 && n <= board.length) play(n - 1);
  });
  if (select.value) loadDataset(select.value, setupBoard);
}

setup();
