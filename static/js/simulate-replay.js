// Replay page: steps through the per-turn frames (regenerated server-side from the
// seed) on a drawn 6x8 board. Player A's back row is drawn at the bottom.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  if (!root || !data.frames.length) return;
  var SVG = "http://www.w3.org/2000/svg";
  var S = 100, ROWS = data.rows, COLS = data.cols;
  var svg = root.querySelector('[data-field="board"]');
  var slider = root.querySelector('[data-field="slider"]');
  var current = 0;

  function el(name, attrs, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function xy(space) {
    var row = Math.floor(space / COLS), col = space % COLS;
    return [col * S, (ROWS - 1 - row) * S];
  }

  function draw(i) {
    current = Math.max(0, Math.min(data.frames.length - 1, i));
    slider.value = current;
    var f = data.frames[current];
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    for (var s = 0; s < ROWS * COLS; s++) {
      var p = xy(s);
      svg.appendChild(el("rect", { x: p[0], y: p[1], width: S, height: S, "class": "sq" + ((Math.floor(s / COLS) + s) % 2) }));
    }
    for (var r = 0; r < ROWS; r++) {
      svg.appendChild(el("text", { x: -20, y: (ROWS - 1 - r) * S + S / 2 + 6, "text-anchor": "middle", "class": "coord" }, r + 1));
    }
    for (var c = 0; c < COLS; c++) {
      svg.appendChild(el("text", { x: c * S + S / 2, y: ROWS * S + 28, "text-anchor": "middle", "class": "coord" }, "abcdef"[c]));
    }
    f.units.forEach(function (u) {
      var p = xy(u[0]), card = data.cards[u[1]] || { name: u[1] };
      var g = el("g", { "class": "unit side-" + u[2] + (card.summoner ? " summoner" : "") + (card.structure ? " structure" : "") });
      g.appendChild(el("title", {}, card.name + " (" + data.names[u[2]] + ")" + (u[3] ? ", " + u[3] + " damage" : "")));
      g.appendChild(el(card.structure ? "rect" : "circle", card.structure
        ? { x: p[0] + 10, y: p[1] + 10, width: S - 20, height: S - 20, rx: 8 }
        : { cx: p[0] + S / 2, cy: p[1] + S / 2, r: S / 2 - 8 }));
      g.appendChild(el("text", { x: p[0] + S / 2, y: p[1] + S / 2 + 6, "text-anchor": "middle" }, card.name.length > 11 ? card.name.slice(0, 10) + "…" : card.name));
      if (u[3]) g.appendChild(el("text", { x: p[0] + S - 12, y: p[1] + 22, "text-anchor": "end", "class": "dmg" }, u[3] + (card.life ? "/" + card.life : "")));
      svg.appendChild(g);
    });
    root.querySelector('[data-field="label"]').textContent =
      (f.label || ("Turn " + f.turn)) + " · " + (current + 1) + "/" + data.frames.length;
    root.querySelector('[data-field="counters"]').textContent =
      "To play: " + data.names[f.player] + " · magic " + data.names.a + " " + f.magic.a + ", " +
      data.names.b + " " + f.magic.b + " · cards in hand " + f.hand.a + " / " + f.hand.b +
      " · draw decks " + f.deck.a + " / " + f.deck.b;
    var list = root.querySelector('[data-field="actions"]');
    list.innerHTML = "";
    f.actions.forEach(function (text) {
      var li = document.createElement("li");
      li.textContent = text;
      list.appendChild(li);
    });
  }

  root.querySelectorAll("[data-step]").forEach(function (b) {
    b.addEventListener("click", function () {
      var step = b.dataset.step;
      draw(step === "first" ? 0 : step === "last" ? data.frames.length - 1 : current + (step === "next" ? 1 : -1));
    });
  });
  slider.addEventListener("input", function () { draw(parseInt(slider.value, 10)); });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "ArrowRight") draw(current + 1);
    if (ev.key === "ArrowLeft") draw(current - 1);
  });
  draw(0);
})();
