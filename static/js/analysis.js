// Deck analyses. On the form: the budget as estimated computer time, updated as the
// budget or the player changes. On a job's page: polls the JSON API for progress and
// reloads the page when a round finishes or the job ends (the tables are drawn by
// the server).
(function () {
  "use strict";
  function duration(seconds) {
    if (seconds < 1.5) return "about a second";
    if (seconds < 90) return "about " + Math.round(seconds) + " seconds";
    if (seconds < 5400) return "about " + Math.round(seconds / 60) + " minutes";
    return "about " + (seconds / 3600).toFixed(1) + " hours";
  }

  var out = document.getElementById("analysis-estimate");
  if (out) {
    var rates = JSON.parse(document.getElementById("agent-rates").textContent);
    var form = out.closest("form");
    var update = function () {
      var games = parseInt(form.elements.max_games.value, 10) || 0;
      var rate = rates[form.elements.agent.value] || rates[""] || 1;
      out.textContent = games.toLocaleString("en") + " games: " + duration(games / rate) +
        " of computer time for one worker (two workers take about half as long).";
    };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
    var decides = document.getElementById("analysis-decides");
    var planNode = document.getElementById("budget-plan");
    if (decides && planNode) {
      var plan = JSON.parse(planNode.textContent);
      form.addEventListener("input", function () { decides.textContent = decideText(plan, form); });
      form.addEventListener("change", function () { decides.textContent = decideText(plan, form); });
      decides.textContent = decideText(plan, form);
    }
  }

  // What a card value budget can decide: the same arithmetic as
  // analysis.selectors.card_values_budget_text (rounds of `step` seed blocks, each
  // the deck and its variants, runs_per_block in all; a card is called once its
  // difference reaches z standard errors, with the variance of a coin toss assumed
  // before any game).
  function decideText(base, form) {
    var ticked = form.querySelectorAll('#analysis-field input[type="checkbox"]:checked').length;
    var fieldSize = ticked || base.default_field;
    var step = base.round_blocks || fieldSize * Math.ceil(16 / fieldSize);
    var roundGames = Math.round(2 * step * base.runs_per_block);
    function gamesFor(value) {
      var blocks = Math.pow(base.z * base.sd / value, 2) / base.precision;
      return Math.max(1, Math.ceil(blocks / step)) * roundGames;
    }
    var least = gamesFor(1);
    var strong = gamesFor(0.1);
    var games = parseInt(form.elements.max_games.value, 10) || 0;
    var fmt = function (n) { return n.toLocaleString("en"); };
    var head = "The smallest budget that can decide anything for this deck: " + fmt(least) +
      " games (rounds of " + step + " seed blocks, each two games of the deck and of about " +
      Math.round(base.runs_per_block - 1) + " variants of it that blank its " + base.cards +
      " cards in turn).";
    var noun = games === 1 ? "game" : "games";
    if (games < least) return head + " " + fmt(games) + " " + noun + " cannot decide any card.";
    var blocks = Math.floor(games / roundGames) * step * base.precision;
    var value = base.z * base.sd / Math.sqrt(blocks);
    var told = head + " With " + fmt(games) + " " + noun + " a card is told apart only if it is worth about " +
      Math.round(100 * value) + " points (games won out of 100) or more";
    if (games >= strong) return told + ".";
    return told + "; a strong card, worth 10 points, needs about " + fmt(strong) + " games.";
  }

  var root = document.getElementById("analysis");
  if (!root) return;
  var url = root.getAttribute("data-api-url");
  var rounds = root.getAttribute("data-rounds");
  var status = root.getAttribute("data-status");
  var ACTIVE = { queued: true, running: true };
  if (!ACTIVE[status]) return;
  function field(name) { return root.querySelector('[data-field="' + name + '"]'); }
  function duration(seconds) {
    if (seconds < 90) return Math.max(1, Math.round(seconds)) + " s";
    if (seconds < 5400) return Math.round(seconds / 60) + " min";
    return (seconds / 3600).toFixed(1) + " h";
  }
  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (job) {
        var bar = field("progress");
        bar.max = job.progress.total;
        bar.value = job.progress.done;
        var words = job.progress.done.toLocaleString("en") +
          " of at most " + job.progress.total.toLocaleString("en") + " games";
        if (job.progress.eta_seconds !== undefined && job.progress.eta_seconds !== null) {
          words += " · about " + duration(job.progress.eta_seconds) + " to go at most";
        }
        if (job.progress.waiting) words += " · " + job.progress.waiting;
        field("progress-text").textContent = words;
        if (String(job.rounds) !== rounds || job.status !== status) {
          window.location.reload();
          return;
        }
        setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 3000); });
  }
  poll();
})();
