// Under an equity result with a board: each player's range by made hand and draw (/v1/breakdown).
"use strict";

function groupTable(index, hand, answer) {
  const box = document.createElement("div");
  box.className = "breakdown-player";
  const title = document.createElement("h3");
  title.append(index + ": ", ...cardNodes(hand), " — " + answer.combos.toLocaleString() +
    (answer.combos === 1 ? " combination" : " combinations"));
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  const table = document.createElement("table");
  const withEquity = answer.equity !== null;
  const head = document.createElement("tr");
  for (const name of ["Group", "Kind", "Share"].concat(withEquity ? ["Equity"] : [])) {
    const th = document.createElement("th"); th.textContent = name; head.append(th);
  }
  const body = document.createElement("tbody");
  for (const g of answer.groups) {
    const tr = document.createElement("tr");
    const cells = [g.name, g.kind, pct(g.share)].concat(withEquity ? [g.equity === null ? "–" : pct(g.equity)] : []);
    for (const text of cells) { const td = document.createElement("td"); td.textContent = text; tr.append(td); }
    body.append(tr);
  }
  const thead = document.createElement("thead"); thead.append(head);
  table.append(thead, body);
  wrap.append(table);
  box.append(title, wrap);
  return box;
}

async function oneBreakdown(body, i) {
  const hands = body.hands;
  const ask = { range: hands[i], board: body.board, game: body.game };
  if (hands.length === 2) ask.against = hands[1 - i];
  const answer = await fetch("/v1/breakdown", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(ask),
  });
  const data = await answer.json();
  if (!answer.ok) {
    const p = document.createElement("p"); p.className = "note";
    p.textContent = i + ": no breakdown (" + ((data.detail && data.detail[0] && data.detail[0].msg) || "refused") + ")";
    return p;
  }
  return groupTable(i, hands[i], data);
}

async function showBreakdowns(body) {
  const box = document.getElementById("breakdown");
  box.hidden = true;
  if (cardsIn(body.board).length < 3 || body.dead) return;  // a breakdown needs a flop, turn or river
  try {
    const tables = await Promise.all(body.hands.map((_, i) => oneBreakdown(body, i)));
    document.getElementById("breakdown-tables").replaceChildren(...tables);
    box.hidden = false;
  } catch (err) { /* the equity answer stands on its own */ }
}
