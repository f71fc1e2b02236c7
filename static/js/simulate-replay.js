// Replay page: steps through the game action by action (or turn by turn), regenerated
// server-side from the seed, on a drawn 6x8 board. Player 0's back row is at the
// bottom. Moves are drawn as arrows, attacks as red arrows with their dice and hits,
// destroyed cards are crossed out, and the last step shows the winner.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  if (!root || !data.steps.length) return;
  var SVG = "http://www.w3.org/2000/svg";
  var S = 100, ROWS = data.rows, COLS = data.cols;
  var layer = root.querySelector('[data-field="layer"]');
  var slider = root.querySelector('[data-field="slider"]');
  var GLYPH = { melee: "⚔", ranged: "➶", special: "✦" };
  var current = 0;

  function field(name) { return root.querySelector('[data-field="' + name + '"]'); }
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
  function centre(space) { var p = xy(space); return [p[0] + S / 2, p[1] + S / 2]; }
  function turnOf(i) {
    var t = 0;
    data.turn_starts.forEach(function (ts, k) { if (ts.step <= i) t = k; });
    return t;
  }

  // A unit's whole name on up to three centred lines (never cut: the square's
  // tooltip and the step text name it too).
  function wrapName(name) {
    var words = name.split(" "), lines = [], line = "";
    words.forEach(function (w) {
      if (line && (line + " " + w).length > 9) { lines.push(line); line = w; }
      else line = line ? line + " " + w : w;
    });
    if (line) lines.push(line);
    while (lines.length > 3) { lines[lines.length - 2] += " " + lines.pop(); }
    return lines;
  }
  function nameText(name, x, cy, cls) {
    var lines = wrapName(name), h = 19;
    var text = el("text", { x: x, y: cy - (lines.length - 1) * h / 2 + 6, "text-anchor": "middle", "class": cls });
    lines.forEach(function (line, k) {
      text.appendChild(el("tspan", { x: x, dy: k ? h : 0 }, line));
    });
    return text;
  }
  // Damage in words a player reads: "2 dmg / 5 life" (damage taken, printed life).
  function damageText(damage, life) {
    return damage + " dmg" + (life ? " / " + life + " life" : "");
  }
  function sideName(side) { return data.names[side] || ""; }
  // The header of a step: the turn, player and phase OF THE ACTION SHOWN.
  function stepWhen(step) {
    if (!step.turn) return "Setup";
    return "Turn " + step.turn + ": " + sideName(step.player) + " · " + step.phase + " phase";
  }

  function arrow(from, to, kind) {
    var a = centre(from), b = centre(to);
    var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.sqrt(dx * dx + dy * dy) || 1;
    var cut = 30;
    layer.appendChild(el("line", {
      x1: a[0] + dx * cut / len, y1: a[1] + dy * cut / len,
      x2: b[0] - dx * cut / len, y2: b[1] - dy * cut / len,
      "class": "arrow arrow-" + kind, "marker-end": "url(#arrow-" + kind + ")"
    }));
  }

  function drawBoard(step, prev) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    for (var s = 0; s < ROWS * COLS; s++) {
      var p = xy(s);
      layer.appendChild(el("rect", { x: p[0], y: p[1], width: S, height: S, "class": "sq" + ((Math.floor(s / COLS) + s) % 2) }));
    }
    for (var r = 0; r < ROWS; r++) {
      layer.appendChild(el("text", { x: -20, y: (ROWS - 1 - r) * S + S / 2 + 6, "text-anchor": "middle", "class": "coord" }, r + 1));
    }
    for (var c = 0; c < COLS; c++) {
      layer.appendChild(el("text", { x: c * S + S / 2, y: ROWS * S + 28, "text-anchor": "middle", "class": "coord" }, "abcdef"[c]));
    }
    if (step.kind === "summon" || step.kind === "build") {
      var q = xy(step.to);
      layer.appendChild(el("rect", { x: q[0] + 3, y: q[1] + 3, width: S - 6, height: S - 6, "class": "placed" }));
    }
    step.units.forEach(function (u) {
      var p = xy(u[0]), card = data.cards[u[1]] || { name: u[1] };
      var g = el("g", { "class": "unit side-" + u[2] + (card.summoner ? " summoner" : "") + (card.structure ? " structure" : "") });
      g.appendChild(el("title", {}, card.name + " (" + data.names[u[2]] + ")" + (u[3] ? ", " + u[3] + " damage" : "")));
      g.appendChild(el(card.structure ? "rect" : "circle", card.structure
        ? { x: p[0] + 10, y: p[1] + 10, width: S - 20, height: S - 20, rx: 8 }
        : { cx: p[0] + S / 2, cy: p[1] + S / 2, r: S / 2 - 8 }));
      g.appendChild(nameText(card.name, p[0] + S / 2, p[1] + S / 2, "unit-name"));
      if (u[3]) g.appendChild(el("text", { x: p[0] + S / 2, y: p[1] + 17, "text-anchor": "middle", "class": "dmg" }, damageText(u[3], card.life)));
      layer.appendChild(g);
    });
    // Destroyed cards: drawn where they stood before the action, crossed out.
    (step.destroyed || []).forEach(function (space) {
      var before = (prev ? prev.units : []).filter(function (u) { return u[0] === space; })[0];
      var p = xy(space);
      if (before) {
        var card = data.cards[before[1]] || { name: before[1] };
        layer.appendChild(el("circle", { cx: p[0] + S / 2, cy: p[1] + S / 2, r: S / 2 - 8, "class": "ghost side-" + before[2] }));
        layer.appendChild(nameText(card.name, p[0] + S / 2, p[1] + S / 2, "ghost-name"));
      }
      layer.appendChild(el("path", { d: "M" + (p[0] + 20) + "," + (p[1] + 20) + " L" + (p[0] + S - 20) + "," + (p[1] + S - 20) + " M" + (p[0] + S - 20) + "," + (p[1] + 20) + " L" + (p[0] + 20) + "," + (p[1] + S - 20), "class": "destroyed-mark" }));
    });
    if (step.kind === "move") arrow(step.from, step.to, "move");
    if (step.kind === "attack") arrow(step.from, step.to, "attack");
  }

  function drawDice(step) {
    var box = field("dice");
    box.innerHTML = "";
    if (!step.dice) return;
    var want = step.attack_type === "ranged" ? "ranged" : "melee";
    step.dice.forEach(function (roll, r) {
      roll.forEach(function (face, d) {
        var die = document.createElement("span");
        // dice_hits: per die, from the ruleset (a first-edition d6 hits on 3+)
        var hits = step.dice_hits && step.dice_hits[r];
        var hit = step.kind === "attack" &&
          (hits ? hits[d] : face.indexOf(want) !== -1);
        die.className = "die" + (hit ? " die-hit" : "");
        die.textContent = face.map(function (s) { return GLYPH[s] || s; }).join("") || "·";
        die.title = (face.join(" + ") || "blank") + (hit ? " (hit)" : "");
        box.appendChild(die);
      });
    });
    if (step.kind === "attack") {
      var tally = document.createElement("span");
      tally.className = "dice-tally";
      tally.textContent = step.hits + " hit" + (step.hits === 1 ? "" : "s");
      box.appendChild(tally);
    }
  }

  function draw(i) {
    current = Math.max(0, Math.min(data.steps.length - 1, i));
    slider.value = current;
    var step = data.steps[current], prev = current > 0 ? data.steps[current - 1] : null;
    drawBoard(step, prev);
    drawDice(step);
    var t = turnOf(current), ts = data.turn_starts[t];
    field("label").textContent = stepWhen(step) + " · step " + (current + 1) + " of " + data.steps.length;
    var text = field("step-text");
    text.textContent = step.text;
    text.className = "replay-step" + (step.actor ? " side-" + step.actor : "");
    var banner = field("banner");
    banner.hidden = !step.final;
    banner.textContent = step.final ? step.outcome : "";
    var counters = (step.final ? "Game over. " : "") + "After this step: magic " +
      data.names.a + " " + step.magic.a + ", " + data.names.b + " " + step.magic.b +
      " · cards in hand " + step.hand.a + " / " + step.hand.b + " · draw decks " + step.deck.a + " / " + step.deck.b;
    field("counters").textContent = counters;
    var list = field("actions");
    list.innerHTML = "";
    // "This turn": the actions of the turn the shown step belongs to.
    field("turn-title").textContent = ts.turn ? ts.label : "Setup";
    var end = t + 1 < data.turn_starts.length ? data.turn_starts[t + 1].step - 1 : data.steps.length - 1;
    for (var k = ts.step; k <= end; k++) {
      var li = document.createElement("li");
      li.textContent = data.steps[k].text;
      if (k === current) li.className = "current";
      list.appendChild(li);
    }
    var cur = list.querySelector(".current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
  }

  function nextAttack() {
    for (var k = current + 1; k < data.steps.length; k++) {
      if (data.steps[k].kind === "attack") return k;
    }
    return current;
  }

  root.querySelectorAll("[data-step]").forEach(function (b) {
    b.addEventListener("click", function () {
      var step = b.dataset.step, t = turnOf(current);
      if (step === "first") draw(0);
      else if (step === "last") draw(data.steps.length - 1);
      else if (step === "next") draw(current + 1);
      else if (step === "prev") draw(current - 1);
      else if (step === "next-turn") draw(t + 1 < data.turn_starts.length ? data.turn_starts[t + 1].step : data.steps.length - 1);
      else if (step === "prev-turn") draw(data.turn_starts[current === data.turn_starts[t].step && t > 0 ? t - 1 : t].step);
      else if (step === "next-attack") draw(nextAttack());
    });
  });
  slider.addEventListener("input", function () { draw(parseInt(slider.value, 10)); });
  document.addEventListener("keydown", function (ev) {
    if (ev.target.matches && ev.target.matches("input, textarea, select")) return;
    if (ev.key === "ArrowRight") draw(current + 1);
    if (ev.key === "ArrowLeft") draw(current - 1);
  });
  draw(0);
})();
