// One-dimensional chess: the computer's moves come only from the
// certificate's strategy tables (or, at easier levels and where no table
// covers a position, a random legal move, labelled as such). The rules
// here: moves, check, mate, stalemate, bare kings, threefold repetition.
"use strict";

let board = null;   // dataset chess1d-N: {squares, value, plies_to_mate, tables}
let claims = null;  // dataset chess1d: the published line and the claims
let game = null;    // {positions: [{row, side}], moves: [{text, by}], result}
let selected = null;

// ---- rules
const isWhite = (p) => p !== "." && p === p.toUpperCase();
const ownedBy = (p, side) => p !== "." && isWhite(p) === (side === "w");
const keyOf = (pos) => pos.row.join("") + " " + pos.side;

// Squares `piece` on `from` attacks (for the king and knight: reaches).
function reach(row, from) {
  const p = row[from].toUpperCase(), out = [];
  const on = (s) => s >= 0 && s < row.length;
  if (p === "K") for (const d of [-1, 1]) { if (on(from + d)) out.push(from + d); }
  if (p === "N") for (const d of [-2, 2]) { if (on(from + d)) out.push(from + d); }
  if (p === "R") for (const d of [-1, 1]) {
    for (let s = from + d; on(s); s += d) { out.push(s); if (row[s] !== ".") break; }
  }
  return out;
}

function attacked(row, square, bySide) {
  return row.some((p, from) => ownedBy(p, bySide) && reach(row, from).includes(square));
}
const other = (side) => (side === "w" ? "b" : "w");
function inCheck(pos, side) {
  const king = pos.row.indexOf(side === "w" ? "K" : "k");
  return attacked(pos.row, king, other(side));
}

function legalMoves(pos) {
  const moves = [];
  pos.row.forEach((p, from) => {
    if (!ownedBy(p, pos.side)) return;
    for (const to of reach(pos.row, from)) {
      if (ownedBy(pos.row[to], pos.side)) continue;
      const row = pos.row.slice();
      row[to] = p; row[from] = ".";
      const next = { row, side: other(pos.side) };
      if (inCheck(next, pos.side)) continue;
      const capture = pos.row[to] === "." ? "" : "x" + pos.row[to].toUpperCase();
      moves.push({ from, to, next, text: `${p.toUpperCase()}${from + 1}-${to + 1}${capture}` });
    }
  });
  for (const m of moves) { // check and mate suffixes, as the certificates write them
    if (inCheck(m.next, m.next.side)) m.text += legalMovesPlain(m.next) ? "+" : "#";
  }
  return moves;
}
function legalMovesPlain(pos) { // whether any legal move exists (no suffixes needed)
  return pos.row.some((p, from) => ownedBy(p, pos.side) && reach(pos.row, from).some((to) => {
    if (ownedBy(pos.row[to], pos.side)) return false;
    const row = pos.row.slice(); row[to] = p; row[from] = ".";
    return !inCheck({ row, side: other(pos.side) }, pos.side);
  }));
}
const bare = (s) => s.replace(/[+#]$/, "");

// The result of the game so far, or null.
function result() {
  const pos = current();
  if (!legalMovesPlain(pos)) {
    return inCheck(pos, pos.side)
      ? { winner: other(pos.side), text: `Checkmate: ${other(pos.side) === "w" ? "White" : "Black"} wins at ply ${game.moves.length}.` }
      : { winner: null, text: "Draw by stalemate." };
  }
  if (pos.row.every((p) => p === "." || p.toUpperCase() === "K")) return { winner: null, text: "Draw: bare kings." };
  const key = keyOf(pos);
  if (game.positions.filter((p) => keyOf(p) === key).length >= 3) return { winner: null, text: "Draw by threefold repetition." };
  return null;
}

// ---- the certificate's tables
function tableFor(side) { return board.tables.find((t) => t.side === (side === "w" ? "white" : "black")); }
function entry(pos) {
  const table = tableFor(pos.side);
  return table && table.entries[keyOf(pos)] ? { table, move: table.entries[keyOf(pos)][0], plies: table.entries[keyOf(pos)][1] } : null;
}

// ---- the game
const current = () => game.positions[game.positions.length - 1];
function start() {
  const n = board.squares;
  const row = Array(n).fill(".");
  [row[0], row[1], row[2], row[n - 3], row[n - 2], row[n - 1]] = ["K", "N", "R", "r", "n", "k"];
  game = { positions: [{ row, side: "w" }], moves: [] };
  selected = null;
  computerTurn();
  draw();
}

function playMove(move, by) {
  game.positions.push(move.next);
  game.moves.push({ text: move.text, by });
}

function humanMove(move) {
  if (result() || current().side !== human()) return;
  playMove(move, "you");
  computerTurn();
  draw();
}

function computerTurn() {
  if (result() || current().side === human()) return;
  const moves = legalMoves(current());
  const level = Number(document.getElementById("level").value);
  const found = entry(current());
  const tableMove = found && moves.find((m) => bare(m.text) === bare(found.move));
  if (tableMove && Math.random() >= level) playMove(tableMove, "table " + found.table.name);
  else playMove(moves[Math.floor(Math.random() * moves.length)], found ? "random (level)" : "random (no table entry)");
}

const human = () => document.getElementById("side").value;

function undo() {
  // Back to the last position where it was your move.
  do { if (game.moves.length === 0) break; game.moves.pop(); game.positions.pop(); }
  while (current().side !== human() && game.moves.length > 0);
  if (current().side !== human()) computerTurn();
  selected = null;
  draw();
}

// ---- drawing
function pieceLabel(p) { return p === "." ? "" : p.toUpperCase(); }
function drawRow(container, pos, moves, onClick) {
  const targets = selected === null ? [] : moves.filter((m) => m.from === selected).map((m) => m.to);
  container.replaceChildren(...pos.row.map((p, i) => {
    const button = el("button", {
      class: (p === "." ? "" : isWhite(p) ? "white-piece" : "has-black") + (i === selected ? " selected" : "") + (targets.includes(i) ? " target" : ""),
      "data-square": i + 1, "aria-label": `square ${i + 1}: ${p === "." ? "empty" : (isWhite(p) ? "white " : "black ") + pieceLabel(p)}`,
    }, pieceLabel(p), el("small", {}, String(i + 1)));
    if (onClick) button.addEventListener("click", () => onClick(i));
    return button;
  }));
}

function clickSquare(i) {
  const pos = current();
  if (result() || pos.side !== human()) return;
  const moves = legalMoves(pos);
  const move = selected !== null && moves.find((m) => m.from === selected && m.to === i);
  if (move) { selected = null; humanMove(move); return; }
  selected = ownedBy(pos.row[i], pos.side) ? i : null;
  draw();
}

function draw() {
  const pos = current();
  const moves = legalMoves(pos);
  drawRow(document.getElementById("row"), pos, moves, clickSquare);
  const end = result();
  const status = document.getElementById("status");
  status.dataset.result = end ? (end.winner || "draw") : "";
  status.dataset.plies = game.moves.length;
  status.className = "status" + (end && end.winner === human() ? " won" : end && end.winner ? " lost" : "");
  status.textContent = end ? end.text : `${pos.side === "w" ? "White" : "Black"} to move${inCheck(pos, pos.side) ? " (check)" : ""}` +
    (pos.side === human() ? ": your move." : ".");
  const legal = document.getElementById("legal");
  legal.replaceChildren(...(end || pos.side !== human() ? [] : moves.map((m) =>
    el("button", { "data-move": bare(m.text), onclick: () => humanMove(m) }, m.text))));
  document.getElementById("distance").textContent = distanceText();
  document.getElementById("history").replaceChildren(...game.moves.map((m, i) =>
    el("li", {}, `${i % 2 === 0 ? "White" : "Black"} ${m.text} (${m.by})`)));
  document.getElementById("undo").disabled = !game.moves.some((m) => m.by === "you");
}

// The certificate's distance to mate for this position, where a table with
// distances (a mate_within table) holds it: for White to move its entry,
// for Black to move one less than White's entry before Black's turn, if
// White played that entry's move.
function distanceText() {
  if (result()) return "";
  const mates = board.tables.find((t) => t.plies !== null && t.side === "white");
  if (!mates) return board.value === "draw" ? "Drawn board: both sides' certified tables never lose." : "";
  const pos = current();
  const here = mates.entries[keyOf(pos)];
  if (pos.side === "w" && here) return `Certified: White mates within ${here[1]} plies from here (table ${mates.name}).`;
  const before = game.positions[game.positions.length - 2];
  const previous = before && mates.entries[keyOf(before)];
  if (pos.side === "b" && previous && bare(previous[0]) === bare(game.moves[game.moves.length - 1].text)) {
    return `Certified: White mates within ${previous[1] - 1} plies from here (table ${mates.name}).`;
  }
  return "This position is not in White's mate table: the certificate gives no distance here.";
}

// ---- the published line and its refutation
let line = { moves: [], ply: 0, title: "" };
function replayPositions(moves) {
  const n = claims.squares;
  const row = Array(n).fill(".");
  [row[0], row[1], row[2], row[n - 3], row[n - 2], row[n - 1]] = ["K", "N", "R", "r", "n", "k"];
  const positions = [{ row, side: "w" }];
  for (const text of moves) {
    const move = legalMoves(positions[positions.length - 1]).find((m) => bare(m.text) === bare(text));
    if (!move) { showError("the line's move " + text + " is not legal here"); break; }
    positions.push(move.next);
  }
  return positions;
}

function drawLine() {
  const eight = GAMECERT_DATA["chess1d-8"];
  const positions = replayPositions(line.moves);
  const black = eight.tables.find((t) => t.side === "black");
  const white = eight.tables.find((t) => t.side === "white");
  line.ply = Math.max(0, Math.min(line.ply, positions.length - 1));
  drawRow(document.getElementById("line-row"), positions[line.ply], [], null);
  document.getElementById("line").replaceChildren(...line.moves.map((text, i) => {
    const before = positions[i];
    const theirs = before && (before.side === "b" ? black : white).entries[keyOf(before)];
    const refuted = before && before.side === "b" && theirs && bare(theirs[0]) !== bare(text);
    const note = theirs ? (refuted ? ` — refuted: Black's certified table plays ${theirs[0]} here (${black.goal.replace(/_/g, " ")} ${black.plies} plies)` :
      theirs[1] !== null ? ` (White mates within ${theirs[1]})` : "") : "";
    return el("li", { class: "line-ply" + (refuted ? " refuted" : "") + (i + 1 === line.ply ? " current" : ""), "data-refuted": refuted ? "yes" : "no",
      onclick: () => { line.ply = i + 1; drawLine(); } }, `${Math.floor(i / 2) + 1}${i % 2 ? "..." : "."} ${text}${note}`);
  }));
  const end = positions[line.ply];
  document.getElementById("line-note").textContent = `${line.title}: ply ${line.ply} of ${line.moves.length}` +
    (!legalMovesPlain(end) && inCheck(end, end.side) ? ", checkmate." : ".");
}

function setupLine(data) {
  claims = data;
  const show = (moves, title) => { line = { moves, ply: 0, title }; drawLine(); };
  const pv = document.getElementById("line-pv");
  let published = true;
  pv.onclick = () => {
    published = !published;
    pv.textContent = published ? "Show the best line instead" : "Show the published line";
    show(published ? claims.published_line : claims.principal_variation, published ? "published line" : "best line (certificate's principal variation)");
  };
  document.getElementById("line-start").onclick = () => { line.ply = 0; drawLine(); };
  document.getElementById("line-prev").onclick = () => { line.ply--; drawLine(); };
  document.getElementById("line-next").onclick = () => { line.ply++; drawLine(); };
  show(claims.published_line, "published line");
}

function drawBoards(data) {
  document.querySelector("#boards tbody").replaceChildren(...data.boards.map((b) => el("tr", {},
    el("td", {}, String(b.squares)), el("td", {}, b.positions.toLocaleString("en")), el("td", {}, b.value),
    el("td", {}, b.plies_to_mate === null ? "-" : String(b.plies_to_mate)),
    el("td", {}, datasetsFor("chess1d.html").some((d) => d.name === "chess1d-" + b.squares) ? "certified" : "solver only"))));
}

function setup() {
  const select = document.getElementById("squares");
  datasetPicker(select, "chess1d.html", (d) => /^chess1d-\d+$/.test(d.name), (name) => {
    setQuery("table", name);
    loadDataset(name, (d) => { board = d; start(); });
  });
  const asked = new URLSearchParams(location.search).get("table");
  select.value = [...select.options].some((o) => o.value === asked) ? asked : "chess1d-8";
  document.getElementById("new-game").onclick = start;
  document.getElementById("side").onchange = start;
  document.getElementById("undo").onclick = undo;
  loadDataset("chess1d-boards", drawBoards);
  loadDataset("chess1d-8", () => loadDataset("chess1d", setupLine));
  loadDataset(select.value, (d) => { board = d; start(); });
}

setup();
