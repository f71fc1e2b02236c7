// Simulation job page: polls the JSON API and redraws progress, win rate with its
// Wilson interval, the running win-rate curve and the game-length histogram (inline
// SVG, no library). Stops polling once the job has finished.
(function () {
  "use strict";
  var root = document.getElementById("sim");
  if (!root) return;
  var SVG = "http://www.w3.org/2000/svg";
  var ACTIVE = { queued: true, running: true };
  var delay = 1000;

  function field(name) { return root.querySelector('[data-field="' + name + '"]'); }
  function pct(x) { return x === null || x === undefined ? "–" : (100 * x).toFixed(1) + "%"; }
  function el(name, attrs, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function drawCurve(svg, curve) {
    clear(svg);
    var W = 400, H = 200, L = 34, B = 18, T = 6, R = 6;
    var x = function (g) { return L + (W - L - R) * g / Math.max(1, curve.length ? curve[curve.length - 1].games : 1); };
    var y = function (v) { return T + (H - T - B) * (1 - v); };
    [0, 0.25, 0.5, 0.75, 1].forEach(function (v) {
      svg.appendChild(el("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), "class": v === 0.5 ? "axis-mid" : "grid" }));
      svg.appendChild(el("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "class": "tick" }, (100 * v) + "%"));
    });
    if (!curve.length) return;
    var band = curve.map(function (p) { return x(p.games) + "," + y(p.ci95[1]); })
      .concat(curve.slice().reverse().map(function (p) { return x(p.games) + "," + y(p.ci95[0]); }));
    svg.appendChild(el("polygon", { points: band.join(" "), "class": "band" }));
    svg.appendChild(el("polyline", {
      points: curve.map(function (p) { return x(p.games) + "," + y(p.win_rate_a); }).join(" "),
      "class": "line"
    }));
    var last = curve[curve.length - 1];
    svg.appendChild(el("text", { x: W - R, y: H - 4, "text-anchor": "end", "class": "tick" }, last.games + " games"));
  }

  function drawHistogram(svg, hist) {
    clear(svg);
    var W = 400, H = 200, L = 34, B = 18, T = 6, R = 6;
    if (!hist.length) return;
    var lo = hist[0][0], hi = hist[hist.length - 1][0];
    var max = Math.max.apply(null, hist.map(function (h) { return h[1]; }));
    var span = hi - lo + 1, bw = (W - L - R) / span;
    hist.forEach(function (h) {
      var bh = (H - T - B) * h[1] / max;
      var bar = el("rect", { x: L + (h[0] - lo) * bw, y: H - B - bh, width: Math.max(1, bw - 1), height: bh, "class": "bar" });
      bar.appendChild(el("title", {}, h[0] + " turns: " + h[1] + " games"));
      svg.appendChild(bar);
    });
    svg.appendChild(el("text", { x: L, y: H - 4, "class": "tick" }, lo));
    svg.appendChild(el("text", { x: W - R, y: H - 4, "text-anchor": "end", "class": "tick" }, hi + " turns"));
    svg.appendChild(el("text", { x: L - 4, y: T + 10, "text-anchor": "end", "class": "tick" }, max));
  }

  var END_WORDS = {
    summoner_destroyed: "a summoner was destroyed",
    turn_cap: "turn limit reached (draw)",
    stalled: "the game stalled (draw)",
    deck_out: "a player ran out of cards"
  };
  function endWords(k) { return END_WORDS[k] || k.replace(/_/g, " "); }
  function duration(seconds) {
    if (seconds < 90) return Math.max(1, Math.round(seconds)) + " s";
    if (seconds < 5400) return Math.round(seconds / 60) + " min";
    return (seconds / 3600).toFixed(1) + " h";
  }
  // The server measures the job's own rate and says what it waits for.
  function eta(job) {
    var p = job.progress, left = p.total - p.done;
    if (!ACTIVE[job.status] || left <= 0) return "";
    var parts = [];
    if (p.eta_seconds !== undefined && p.eta_seconds !== null) {
      parts.push("about " + duration(p.eta_seconds) + " to go");
    }
    if (p.waiting) parts.push(p.waiting);
    return parts.length ? "· " + parts.join(" · ") : "";
  }

  function drawAssoc(job) {
    var assoc = job.result.card_association, body = field("assoc").querySelector("tbody");
    body.innerHTML = "";
    if (!assoc) return;
    var bands = assoc.bands.map(function (b) { return b.key; });
    ["a", "b"].forEach(function (side) {
      var data = assoc.sides[side];
      if (!data) return;
      var name = side === "a" ? job.deck_a.name : job.deck_b.name;
      var base = document.createElement("tr");
      base.className = "assoc-baseline";
      var cells = [name, "All games (baseline)", ""];
      bands.forEach(function (b) {
        var c = data.baseline[b];
        cells.push(c.games + " games", c.games ? pct(c.win_rate) : "–");
      });
      cells.forEach(function (v, i) {
        var td = document.createElement(i === 1 ? "th" : "td");
        td.textContent = v;
        if (i > 1) td.className = "num";
        base.appendChild(td);
      });
      body.appendChild(base);
      data.cards.forEach(function (card) {
        var tr = document.createElement("tr");
        var vals = [name, card.name + (card.event ? " (event)" : ""), card.games];
        bands.forEach(function (b) {
          var c = card.bands[b], bc = data.baseline[b];
          vals.push(c.games ? c.games + " of " + bc.games : "–", c.games ? pct(c.win_rate) : "–");
        });
        vals.forEach(function (v, i) {
          var td = document.createElement("td");
          td.textContent = v;
          if (i > 1) td.className = "num";
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
    });
  }

  function render(job) {
    var r = job.result, p = job.progress;
    var verdict = document.querySelector('[data-field="verdict"]');
    if (job.verdict && verdict) {
      verdict.textContent = job.verdict.text;
      verdict.className = "verdict verdict-" + (job.verdict.edge || "none");
    }
    field("eta").textContent = eta(job);
    var status = field("status");
    status.textContent = job.status.charAt(0).toUpperCase() + job.status.slice(1);
    status.className = "sim-status sim-status-" + job.status;
    var bar = field("progress");
    bar.max = p.total; bar.value = p.done;
    bar.textContent = Math.round(100 * p.done / Math.max(1, p.total)) + "%";
    field("progress-text").textContent = p.done + " / " + p.total + " games";
    var err = field("error");
    err.hidden = !job.error; err.textContent = job.error || "";
    field("cancel-form").hidden = !ACTIVE[job.status] || !root.dataset.cancelUrl;
    field("win-rate").textContent = pct(r.win_rate_a);
    field("ci").textContent = r.games ? pct(r.ci95[0]) + " – " + pct(r.ci95[1]) : "–";
    field("record").textContent = r.wins_a + " / " + r.wins_b + " / " + r.draws;
    field("first-player").textContent = pct(r.first_player_win_rate);
    field("avg-turns").textContent = r.avg_turns === null ? "–" : r.avg_turns.toFixed(1);
    field("partial").hidden = !r.partial;
    var split = r.first_player_split;
    field("split").textContent = !split ? "–" : ["a", "b"].map(function (side) {
      var s = split[side], name = side === "a" ? job.deck_a.name : job.deck_b.name;
      return name + " first: " + s.games + " games, A won " + pct(s.win_rate_a) +
        (s.games ? " (" + pct(s.ci95[0]) + " – " + pct(s.ci95[1]) + ")" : "");
    }).join(" · ");
    drawCurve(field("curve"), r.curve);
    drawHistogram(field("histogram"), r.turn_histogram);
    var terms = field("terminations");
    terms.innerHTML = "";
    Object.keys(r.terminations).forEach(function (k) {
      var li = document.createElement("li");
      li.textContent = endWords(k) + ": " + r.terminations[k] + " game" + (r.terminations[k] === 1 ? "" : "s");
      terms.appendChild(li);
    });
    var body = field("cards").querySelector("tbody");
    body.innerHTML = "";
    ["a", "b"].forEach(function (side) {
      var cards = r.cards[side] || {};
      Object.keys(cards).sort(function (m, n) { return cards[n][2] - cards[m][2]; }).forEach(function (slug) {
        var tr = document.createElement("tr");
        var name = (r.card_names || {})[slug] || slug;
        [side === "a" ? job.deck_a.name : job.deck_b.name, name].concat(cards[slug]).forEach(function (v, i) {
          var td = document.createElement("td");
          td.textContent = v;
          if (i > 1) td.className = "num";
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
    });
    drawAssoc(job);
  }

  function poll() {
    fetch(root.dataset.apiUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (resp) { if (!resp.ok) throw new Error(resp.status); return resp.json(); })
      .then(function (job) {
        render(job);
        if (ACTIVE[job.status]) { delay = Math.min(5000, delay * 1.2); setTimeout(poll, delay); }
      })
      .catch(function () { setTimeout(poll, 5000); });
  }

  var cancel = field("cancel-form");
  cancel.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var token = cancel.querySelector("[name=csrfmiddlewaretoken]").value;
    fetch(root.dataset.cancelUrl, {
      method: "POST", credentials: "same-origin",
      headers: { "X-CSRFToken": token, Accept: "application/json" }
    }).then(function (resp) { return resp.json(); }).then(render);
  });
  var replay = field("replay-form");
  if (replay) {
    replay.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var n = parseInt(replay.querySelector("input").value, 10) || 0;
      window.location.href = replay.dataset.base.replace(/\/0\/$/, "/" + n + "/");
    });
  }
  poll();
})();
