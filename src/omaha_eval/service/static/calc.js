// The equity calculator: reads the form, posts to /v1/equity, shows the table and a bar chart.
// Plain JavaScript, no build step and nothing fetched from elsewhere.
"use strict";

const COLORS = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7ea4",
                "#cf222e", "#57606a", "#116329"];
const $ = (id) => document.getElementById(id);

const MAX_PLAYERS = 10;  // the most any game seats (ten four-card hands); the server checks the rest
const MIN_PLAYERS = 2;

function playerInputs() { return [...document.querySelectorAll("#players input")]; }

// Every explicit card held by the fields other than `field` (the picker greys them out).
function cardsElsewhere(field) {
  return [...playerInputs(), $("board"), $("dead")].filter((f) => f !== field).flatMap((f) => cardsIn(f.value));
}

// Labels and buttons follow the player count: numbered from 0 like the API, and every action
// that cannot be taken is disabled with its reason beside it.
function renumber() {
  const rows = [...$("players").children];
  rows.forEach((li, i) => {
    li.querySelector("input").setAttribute("aria-label", "player " + i);
    const remove = li.querySelector("button.remove");
    remove.disabled = rows.length <= MIN_PLAYERS;
    remove.title = remove.disabled ? "an equity needs at least " + MIN_PLAYERS + " players" : "remove player " + i;
  });
  const full = rows.length >= MAX_PLAYERS;
  $("add-player").disabled = full;
  const notes = [];
  if (full) notes.push("at most " + MAX_PLAYERS + " players");
  if (rows.length <= MIN_PLAYERS) notes.push("at least " + MIN_PLAYERS + " players");
  $("players-note").textContent = notes.join("; ");
}

function addPlayer(value) {
  const list = $("players");
  if (list.children.length >= MAX_PLAYERS) return;
  const li = document.createElement("li");
  const input = document.createElement("input");
  input.name = "hand";
  input.value = value || "";
  input.placeholder = "hand or range";
  input.spellcheck = false;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove";
  remove.textContent = "×";
  remove.addEventListener("click", () => {
    if (list.children.length <= MIN_PLAYERS) return;
    li.remove();
    renumber();
  });
  li.append(input);
  attachPicker(input, cardsElsewhere);
  li.append(remove);
  list.append(li);
  renumber();
  return input;
}

// Trials and seed belong to Monte Carlo: disabled, with the reason, in exact mode.
function syncMode() {
  const exact = document.querySelector("input[name=mode]:checked").value === "exact";
  $("trials").disabled = exact;
  $("seed").disabled = exact;
  $("mode-note").textContent = exact ? "trials and seed apply to Monte Carlo" : "";
}

function request() {
  const body = {
    hands: [...document.querySelectorAll("#players input")].map((i) => i.value.trim()),
    board: $("board").value.trim(),
    dead: $("dead").value.trim(),
    game: $("game").value,
  };
  if (document.querySelector("input[name=mode]:checked").value === "mc") {
    body.trials = Number($("trials").value);
    if ($("seed").value !== "") body.seed = Number($("seed").value);
  }
  return body;
}

function fieldOf(loc) {
  // ["body", "hands", 1] -> the second player's input; ["body", "board"] -> the board input
  if (!Array.isArray(loc) || loc[0] !== "body") return null;
  if (loc[1] === "hands" && typeof loc[2] === "number") return document.querySelectorAll("#players input")[loc[2]];
  return { board: $("board"), dead: $("dead"), trials: $("trials"), seed: $("seed"), game: $("game") }[loc[1]] || null;
}

function showError(detail) {
  const first = (detail && detail[0]) || { msg: "unexpected answer" };
  const input = fieldOf(first.loc);
  if (input) input.classList.add("invalid");
  $("error").textContent = first.msg;
  $("error").hidden = false;
  $("result").hidden = true;  // a result under a new error would answer another question
}

const pct = (x) => (100 * x).toFixed(2) + "%";

function showResult(r) {
  const hilo = r.players.length && "lo_win" in r.players[0];
  const cols = [["hand", "Hand"], ["equity", "Equity"]];
  if (!r.exact) cols.push(["std_error", "± std. error"]);
  cols.push(["hi_win", "Hi win"], ["hi_tie", "Hi tie"]);
  if (hilo) cols.push(["lo_win", "Lo win"], ["lo_tie", "Lo tie"]);
  cols.push(["scoop", "Scoop"]);
  $("table").querySelector("thead tr").replaceChildren(...cols.map(([, title]) => {
    const th = document.createElement("th"); th.textContent = title; return th;
  }));
  $("table").querySelector("tbody").replaceChildren(...r.players.map((p) => {
    const tr = document.createElement("tr");
    for (const [key] of cols) {
      const td = document.createElement("td");
      if (key === "hand") { td.className = "hand"; td.dataset.hand = p.hand; td.replaceChildren(...cardNodes(p.hand)); } else td.textContent = pct(p[key]);
      tr.append(td);
    }
    return tr;
  }));
  $("chart").replaceChildren(...r.players.map((p, i) => {
    const row = document.createElement("div"); row.className = "bar-row";
    const label = document.createElement("span"); label.className = "bar-label";
    label.append(i + ": ", ...cardNodes(p.hand));
    const track = document.createElement("div"); track.className = "bar-track";
    const bar = document.createElement("div"); bar.className = "bar";
    bar.style.width = (100 * p.equity).toFixed(3) + "%";
    bar.style.background = COLORS[i % COLORS.length];
    track.append(bar);
    const value = document.createElement("span"); value.className = "bar-value"; value.textContent = pct(p.equity);
    row.append(label, track, value);
    return row;
  }));
  const where = r.board ? "board " + r.board : "preflop";
  const dead = r.dead ? ", dead " + r.dead : "";
  const how = r.exact
    ? "exact, " + (r.holdings ? r.holdings.toLocaleString() + " holding combinations × " : "") + r.boards.toLocaleString() + " boards"
    : "Monte Carlo, " + r.trials.toLocaleString() + " trials, seed " + r.seed;
  $("summary").textContent = r.game + ", " + where + dead + ": " + how;
  $("result").hidden = false;
}

async function calculate(event) {
  event.preventDefault();
  document.querySelectorAll(".invalid").forEach((e) => e.classList.remove("invalid"));
  $("error").hidden = true;
  $("status").textContent = "calculating…";
  $("run").disabled = true;
  const started = performance.now();
  try {
    const answer = await fetch("/v1/equity", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request()),
    });
    const data = await answer.json();
    if (!answer.ok) { showError(data.detail); $("status").textContent = ""; return; }
    showResult(data);
    $("status").textContent = "done in " + Math.round(performance.now() - started) + " ms";
    showBreakdowns(request());  // after the equity: the breakdowns come a moment later
  } catch (err) {
    showError([{ msg: "no answer from the server: " + err }]);
    $("status").textContent = "";
  } finally {
    $("run").disabled = false;
  }
}

async function loadGames() {
  try {
    const answer = await fetch("/v1/games");
    if (!answer.ok) return;
    const { games } = await answer.json();
    $("game").replaceChildren(...games.map((g) => { const o = document.createElement("option"); o.value = g; o.textContent = g; return o; }));
  } catch (err) { /* keep the built-in hi / hilo */ }
}

picker.build();
addPlayer("AsKsQhJh");
addPlayer("2c2d7h8s");
for (const id of ["board", "dead"]) attachPicker($(id), cardsElsewhere);
$("add-player").addEventListener("click", () => { const input = addPlayer(""); if (input) input.focus(); });
document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", syncMode));
syncMode();
$("calc").addEventListener("submit", calculate);
loadGames();
