// gamecert site: functions every page shares. Plain JavaScript, no build step.
"use strict";

// Load data/NAME.js (it assigns GAMECERT_DATA[NAME]) by a script tag, which
// works from file:// where fetch does not; call back with the dataset.
function loadDataset(name, done) {
  window.GAMECERT_DATA = window.GAMECERT_DATA || {};
  if (GAMECERT_DATA[name]) { done(GAMECERT_DATA[name]); return; }
  const script = document.createElement("script");
  script.src = "data/" + name + ".js";
  script.onload = () => done(GAMECERT_DATA[name]);
  script.onerror = () => showError("cannot load data/" + name + ".js: run `gamecert site` again");
  document.head.appendChild(script);
}

// The datasets in data/index.js shown by `page`.
function datasetsFor(page) {
  return (window.GAMECERT_INDEX || []).filter((d) => d.page === page);
}

// The address that opens dataset `d` (an entry of data/index.js) on its page.
function datasetLink(d) {
  if (d.page === "pairings.html" && d.name.startsWith("pairing-")) return d.page + "?animal=" + d.name.slice("pairing-".length);
  if (d.page === "chess1d.html" && !/^chess1d-\d+$/.test(d.name)) return d.page + (d.name === "chess1d" ? "#refutation" : "#boards");
  if (d.page === "atlas.html") return d.page;
  return d.page + "?table=" + encodeURIComponent(d.name);
}

function showError(message) {
  const box = document.getElementById("error") || document.body;
  box.textContent = message;
  box.classList.add("bad");
}

// Element builder: el("button", {class: "x", onclick: f}, "text", child...).
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// SVG element builder, same shape as el().
function svgEl(tag, attributes, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

// Put `name=value` into the page's address (the query), so a reload or a
// shared link opens the same choice; file:// pages allow this too.
function setQuery(name, value) {
  const query = new URLSearchParams(location.search);
  query.set(name, value);
  try { history.replaceState(null, "", "?" + query.toString() + location.hash); } catch (error) { /* some browsers refuse on file:// */ }
}

// Fill a <select> with the datasets of a page and call back on change.
function datasetPicker(select, page, chosen, onChange) {
  select.replaceChildren();
  for (const dataset of datasetsFor(page).filter(chosen)) {
    select.append(el("option", { value: dataset.name }, dataset.title));
  }
  select.addEventListener("change", () => onChange(select.value));
}
