// Cards on the calculator page: coloured card text and a keyboard-usable card picker.
// The server stays the judge of every input; this file only helps to type it.
"use strict";

const RANKS = "AKQJT98765432";
const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
const CARD_RE = /(10|[2-9tjqka])([cdhs])/gi;

// The explicit cards in a field's text ("AsKd", "as kd", "10h"); range patterns such as
// "AA**ds" hold no explicit card and give none.
function cardsIn(text) {
  const found = [];
  for (const m of text.matchAll(CARD_RE)) {
    const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
    found.push(rank + m[2].toLowerCase());
  }
  return found;
}

// A hand's text as coloured spans, one per card; anything else (a range) stays plain text.
function cardNodes(text) {
  const plain = /^(\s*(10|[2-9tjqka])[cdhs]\s*)+$/i.test(text);
  if (!plain) return [document.createTextNode(text)];
  return cardsIn(text).map((card) => {
    const span = document.createElement("span");
    span.className = "card suit-" + card[1];
    span.textContent = card[0] + SUITS.find(([s]) => s === card[1])[1];
    span.title = card;
    return span;
  });
}

// The picker: one grid of 52 buttons (a row a suit), bound to one text field at a time.
const picker = {
  field: null,
  opener: null,
  otherCards: () => [],

  build() {
    const grid = document.getElementById("picker-grid");
    for (const [suit, symbol] of SUITS) {
      const row = document.createElement("div");
      row.className = "picker-row";
      row.setAttribute("role", "row");
      for (const rank of RANKS) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "pick suit-" + suit;
        b.dataset.card = rank + suit;
        b.textContent = rank + symbol;
        b.setAttribute("role", "gridcell");
        b.setAttribute("aria-label", rank + suit);
        b.tabIndex = -1;
        b.addEventListener("click", () => {
          if (b.getAttribute("aria-disabled") !== "true") this.toggle(b.dataset.card);
        });
        row.append(b);
      }
      grid.append(row);
    }
    grid.addEventListener("keydown", (e) => this.key(e));
    document.getElementById("picker-close").addEventListener("click", () => this.close());
    document.getElementById("picker").addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); this.close(); }
    });
  },

  // Open the picker on a field; otherCards() lists the cards that other fields hold.
  open(field, opener, otherCards) {
    this.field = field; this.opener = opener; this.otherCards = otherCards;
    const box = document.getElementById("picker");
    document.getElementById("picker-title").textContent = "Cards for " + (field.getAttribute("aria-label") || field.name);
    opener.closest("label, li").after(box);
    box.hidden = false;
    this.refresh();
    const first = box.querySelector(".pick[aria-disabled=false]") || box.querySelector(".pick");
    this.focus(first);
  },

  close() {
    document.getElementById("picker").hidden = true;
    if (this.opener) this.opener.focus();
    this.field = null;
  },

  refresh() {
    if (!this.field) return;
    const mine = new Set(cardsIn(this.field.value));
    const others = new Set(this.otherCards());
    for (const b of document.querySelectorAll("#picker-grid .pick")) {
      const card = b.dataset.card;
      b.setAttribute("aria-pressed", String(mine.has(card)));
      // aria-disabled, not disabled: a used card keeps its place in the keyboard path
      const used = others.has(card) && !mine.has(card);
      b.setAttribute("aria-disabled", String(used));
      b.title = used ? card + " is used in another field" : card;
    }
  },

  toggle(card) {
    const f = this.field;
    if (!f) return;
    const mine = cardsIn(f.value);
    const plain = f.value.trim() === "" || /^(\s*(10|[2-9tjqka])[cdhs]\s*)+$/i.test(f.value);
    if (!plain) f.value = "";  // a range gives way to picked cards
    const kept = plain ? mine : [];
    f.value = (kept.includes(card) ? kept.filter((c) => c !== card) : kept.concat([card])).join("");
    f.dispatchEvent(new Event("input", { bubbles: true }));
    this.refresh();
  },

  focus(button) {
    for (const b of document.querySelectorAll("#picker-grid .pick")) b.tabIndex = -1;
    button.tabIndex = 0;
    button.focus();
  },

  key(e) {
    const all = [...document.querySelectorAll("#picker-grid .pick")];
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: RANKS.length, ArrowUp: -RANKS.length }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    this.focus(all[(i + step + all.length) % all.length]);
  },
};

// A small button after a text field that opens the picker on it.
function attachPicker(field, otherCards) {
  const open = document.createElement("button");
  open.type = "button";
  open.className = "open-picker";
  open.textContent = "▦";
  open.title = "pick cards";
  open.setAttribute("aria-label", "pick cards for " + (field.getAttribute("aria-label") || field.name));
  open.addEventListener("click", () => picker.open(field, open, () => otherCards(field)));
  field.after(open);
  field.addEventListener("input", () => { if (picker.field === field) picker.refresh(); });
  return open;
}
