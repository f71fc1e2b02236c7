// New simulation / matrix forms: the number of games that will really be played and
// a rough run time, from the games per second the workers have shown (or the engine
// benchmark's figure), updated as the form changes.
(function () {
  "use strict";
  var out = document.getElementById("estimate");
  var rates = JSON.parse(document.getElementById("agent-rates").textContent);
  var form = out && out.closest("form");
  if (!form) return;

  function val(name) { var el = form.elements[name]; return el ? el.value : ""; }
  function checked(name) { var el = form.elements[name]; return !!(el && el.checked); }
  function duration(seconds) {
    if (seconds < 90) return Math.max(1, Math.round(seconds)) + " seconds";
    if (seconds < 5400) return Math.round(seconds / 60) + " minutes";
    return (seconds / 3600).toFixed(1) + " hours";
  }
  function rate(agent) { return rates[agent] || rates.greedy || 10; }

  function update() {
    var games, agents;
    if (form.elements.games_per_pair) {
      var sel = form.elements.decks;
      var picked = sel ? Array.prototype.filter.call(sel.options, function (o) { return o.selected; })
        .map(function (o) { return o.value; }) : [];
      var n = picked.length;
      var per = 2 * Math.ceil((parseInt(val("games_per_pair"), 10) || 0) / 2);
      var row = val("gauntlet_deck");
      var pairs = checked("gauntlet")
        ? picked.filter(function (v) { return v !== row; }).length
        : n * (n - 1) / 2;
      games = pairs * per;
      agents = [val("agent")];
      if (n < 2) { out.textContent = "Pick at least two decks."; return; }
      out.textContent = pairs + " pair" + (pairs === 1 ? "" : "s") + " × " + per + " games = " + games + " games";
    } else {
      var seeds = parseInt(val("games"), 10) || 0;
      games = seeds * (checked("swap") ? 2 : 1);
      agents = [val("agent_a"), val("agent_b")];
      out.textContent = checked("swap")
        ? seeds + " seeds, each played twice with the seats swapped = " + games + " games"
        : games + " games";
    }
    var slowest = Math.min.apply(null, agents.map(rate));
    out.textContent += "; about " + duration(games / slowest) + " on one worker (less with several).";
  }
  // Editions: deck B (and a matrix's decks) offers only decks of deck A's edition
  // (the first deck picked); the server refuses a mix with one error anyway.
  function editionOf(option) { return option ? option.getAttribute("data-edition") : null; }
  function keepEdition() {
    var a = form.elements.deck_a, b = form.elements.deck_b, list = form.elements.decks;
    var edition = null, targets = [];
    if (a && b) {
      edition = editionOf(a.options[a.selectedIndex]);
      targets = [b];
    } else if (list) {
      var first = Array.prototype.filter.call(list.options, function (o) { return o.selected; })[0];
      edition = editionOf(first);
      targets = [list];
    }
    targets.forEach(function (sel) {
      Array.prototype.forEach.call(sel.options, function (o) {
        var other = !!edition && !!editionOf(o) && editionOf(o) !== edition;
        o.disabled = other;
        o.hidden = other;
        if (other && o.selected && sel !== list) o.selected = false;
      });
      if (sel.selectedIndex < 0 || (sel.options[sel.selectedIndex] || {}).disabled) {
        var ok = Array.prototype.filter.call(sel.options, function (o) { return !o.disabled && o.value !== (a && a.value); })[0];
        if (ok && sel !== list) ok.selected = true;
      }
    });
  }
  form.addEventListener("input", update);
  form.addEventListener("change", function () { keepEdition(); update(); });
  keepEdition();
  update();
})();
