// The query box: posts the text to /v1/pql and shows each column (a histogram's bins below it).
"use strict";

const q$ = (id) => document.getElementById(id);

function queryBody() {
  const body = { query: q$("pql").value };
  if (q$("pql-trials").value !== "") body.trials = Number(q$("pql-trials").value);
  if (q$("pql-seed").value !== "") body.seed = Number(q$("pql-seed").value);
  return body;
}

function cell(text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function columnRows(name, col) {
  const value = col.kind === "histogram" ? "" : col.kind === "count" ? pct(col.value) : col.value.toFixed(4);
  const error = col.std_error === null ? "exact" : col.kind === "avg" ? col.std_error.toFixed(4) : pct(col.std_error);
  const tr = document.createElement("tr");
  tr.append(cell(name), cell(col.kind), cell(value), cell(error), cell(col.count.toLocaleString()));
  const rows = [tr];
  for (const [label, share] of Object.entries(col.bins || {})) {
    const bin = document.createElement("tr");
    bin.className = "bin";
    bin.append(cell("  " + label, "bin-label"), cell(""), cell(pct(share)), cell(""), cell(""));
    rows.push(bin);
  }
  return rows;
}

function showQuery(r) {
  q$("pql-table").querySelector("tbody").replaceChildren(
    ...Object.entries(r.columns).flatMap(([name, col]) => columnRows(name, col)));
  q$("pql-summary").textContent = (r.exact ? "exact, " : "sampled, seed " + r.seed + ", ") +
    r.trials.toLocaleString() + " deals";
  q$("pql-result").hidden = false;
}

function showQueryError(detail) {
  const first = (detail && detail[0]) || { msg: "unexpected answer" };
  q$("pql-error").textContent = first.msg;
  q$("pql-error").hidden = false;
  q$("pql-result").hidden = true;  // no stale answer under a new error
  const field = { query: "pql", trials: "pql-trials", seed: "pql-seed" }[(first.loc || [])[1]];
  if (field) q$(field).classList.add("invalid");
}

async function runQuery(event) {
  event.preventDefault();
  document.querySelectorAll("#query .invalid").forEach((e) => e.classList.remove("invalid"));
  q$("pql-error").hidden = true;
  q$("pql-status").textContent = "running…";
  q$("pql-run").disabled = true;
  const started = performance.now();
  try {
    const answer = await fetch("/v1/pql", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(queryBody()),
    });
    const data = await answer.json();
    if (!answer.ok) { showQueryError(data.detail); q$("pql-status").textContent = ""; return; }
    showQuery(data);
    q$("pql-status").textContent = "done in " + Math.round(performance.now() - started) + " ms";
  } catch (err) {
    showQueryError([{ msg: "no answer from the server: " + err }]);
    q$("pql-status").textContent = "";
  } finally {
    q$("pql-run").disabled = false;
  }
}

q$("query").addEventListener("submit", runQuery);
