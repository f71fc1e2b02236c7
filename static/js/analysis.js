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
