// The equity calculator: reads the form, posts to /v1/equity, shows the table and a bar chart.
// Plain JavaScript, no build step and nothing fetched from elsewhere.
"use strict";

const COLORS = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7ea4",
                "#cf222e", "#57606a", "#116329"];
const $ = (id) => document.getElementById(id);

function addPlayer(value) {
  const list = $("players");
  if (list.children.length >= 10) return;
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
  remove.title = "remove this player";
  remove.addEventListener("click", () => { if (list.children.length > 2) li.remove(); });
  li.append(input, remove);
  list.append(li);
}

function request() {
  const body = {
    hands: [...document.querySelectorAll("#players input")].map((i) => i.value.trim()),
    board: $("board").value.trim(),
    dead: $("dead").value.trim(),
    game: $("game").value,
  };
  if (document.querySelector("input[name=mode]:checked").value === "mc") {
    body.trials = parseInt($("trials").value, 10);
    if ($("seed").value !== "") body.seed = parseInt($("seed").value, 10);
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
      if (key === "hand") { td.className = "hand"; td.textContent = p.hand; } else td.textContent = pct(p[key]);
      tr.append(td);
    }
    return tr;
  }));
  $("chart").replaceChildren(...r.players.map((p, i) => {
    const row = document.createElement("div"); row.className = "bar-row";
    const label = document.createElement("span"); label.className = "bar-label"; label.textContent = p.hand;
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

addPlayer("AsKsQhJh");
addPlayer("2c2d7h8s");
$("add-player").addEventListener("click", () => addPlayer(""));
$("calc").addEventListener("submit", calculate);
loadGames();
