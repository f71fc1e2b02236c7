/* Deck builder: progressive enhancement of templates/decks/builder.html.
 *
 * Without this script the builder is a plain form (number inputs, Save validates on the
 * server). With it: +/- buttons, search and filters over the card list, "show only cards
 * I own", and live validation: after each change the deck is POSTed to
 * /api/decks/validate/ (with the CSRF token) and the rules panel is redrawn. The panel's
 * live regions (role=status / aria-live) announce the result to screen readers.
 */
(function () {
  "use strict";

  var form = document.getElementById("deck-builder");
  if (!form) return;

  var validateUrl = form.dataset.validateUrl;
  var summoner = form.dataset.summoner;
  var ruleset = form.dataset.ruleset || "second";
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  var targets = JSON.parse(document.getElementById("slot-targets").textContent);
  var classLabels = JSON.parse(document.getElementById("class-labels").textContent);
  var roleLabels = {};
  document.querySelectorAll("#deck-slots .slot").forEach(function (slot) {
    roleLabels[slot.dataset.role] = slot.querySelector("dt").textContent;
  });

  document.querySelectorAll("[data-js-only]").forEach(function (el) {
    el.hidden = false;
  });

  // ------------------------------------------------------------------ counts

  // The most copies the rules allow (data-limit; 0 for a card not allowed at all),
  // else the field's max.
  function limitOf(input) {
    var limit = parseInt(input.dataset.limit || "", 10);
    return isNaN(limit) ? parseInt(input.max || "99", 10) : limit;
  }

  function clamp(input, value) {
    var min = parseInt(input.min || "0", 10);
    var max = Math.max(min, limitOf(input));
    if (isNaN(value)) value = min;
    return Math.max(min, Math.min(max, value));
  }

  // Says why a typed count was changed ("at most 2 of this card"), beside the field.
  function explain(input, typed, fixed) {
    var note = form.querySelector('[data-count-note="' + input.dataset.card + '"]');
    if (!note) return;
    var words = "";
    if (typed !== fixed) {
      var min = parseInt(input.min || "0", 10);
      if (isNaN(typed)) {
        words = "Copies are a whole number: set to " + fixed + ".";
      } else if (typed < min) {
        words = "At least " + min + " of this card: " + (min === 1 ? "it comes" : "they come") +
          " with the summoner.";
      } else if (limitOf(input) === 0) {
        words = "This card is not allowed with this summoner: remove it.";
      } else {
        words = typed + " is too many: at most " + limitOf(input) + " of this card.";
      }
    }
    note.textContent = words;
    note.hidden = !words;
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    var wanted = parseInt(input.value || "0", 10) + parseInt(button.dataset.step, 10);
    var next = clamp(input, wanted);
    explain(input, wanted, next);
    if (String(next) !== input.value) {
      input.value = String(next);
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });

  function entries() {
    var out = [];
    form.querySelectorAll("[data-card]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) out.push({ card: input.dataset.card, count: n });
    });
    return out;
  }

  // -------------------------------------------------------------- validation

  var timer = null;
  var seq = 0;

  function schedule() {
    window.clearTimeout(timer);
    timer = window.setTimeout(validate, 250);
  }

  // Counts stay within the rules: a typed number above the card's cap (or below its
  // locked copies) is brought back to the limit at once, not left for the check.
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (input.matches("input.count-input")) {
      var typed = parseInt(input.value || "0", 10);
      var fixed = clamp(input, typed);
      if (String(fixed) !== input.value) input.value = String(fixed);
      explain(input, isNaN(typed) ? NaN : typed, fixed);
    }
    if (input.matches("[data-card]")) schedule();
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("input.count-input")) schedule();
  });

  function validate() {
    var mine = ++seq;
    var status = document.getElementById("deck-status");
    status.textContent = "Checking…";
    fetch(validateUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "X-CSRFToken": csrf ? csrf.value : ""
      },
      body: JSON.stringify({ ruleset: ruleset, summoner: summoner, cards: entries() })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        if (mine !== seq) return; // a newer check is on its way
        if (!result.ok) {
          status.className = "deck-status is-invalid";
          status.textContent = "Could not check the deck: " + (result.body.message || "error");
          return;
        }
        render(result.body);
      })
      .catch(function () {
        if (mine !== seq) return;
        status.className = "deck-status is-invalid";
        status.textContent = "Could not reach the server to check the deck; Save still checks it.";
      });
  }

  function listItems(ul, violations) {
    ul.textContent = "";
    violations.forEach(function (v) {
      var li = document.createElement("li");
      li.dataset.code = v.code; // the stable code stays for tools; players read words
      li.textContent = v.plain || v.message;
      ul.appendChild(li);
    });
  }

  function render(body) {
    var summary = body.summary || {};
    var status = document.getElementById("deck-status");
    status.className = "deck-status " + (body.valid ? "is-valid" : "is-invalid");
    var n = body.errors.length;
    status.textContent = body.valid
      ? "Legal deck: " + summary.total_cards + " cards."
      : "Not legal yet: " + n + " problem" + (n === 1 ? "" : "s") + ".";
    var mirror = document.getElementById("pool-status");
    if (mirror) {
      mirror.className = "pool-status " + (body.valid ? "is-valid" : "is-invalid");
      mirror.firstElementChild.textContent = status.textContent;
    }
    listItems(document.getElementById("deck-errors"), body.errors);
    listItems(document.getElementById("deck-warnings"), body.warnings);

    var slots = document.getElementById("deck-slots");
    slots.textContent = "";
    Object.keys(targets).forEach(function (role) {
      var have = (summary.roles || {})[role] || 0;
      var div = document.createElement("div");
      div.className = "slot" + (have !== targets[role] ? " slot-off" : "");
      div.dataset.role = role;
      var dt = document.createElement("dt");
      dt.textContent = roleLabels[role] || role;
      var dd = document.createElement("dd");
      var count = document.createElement("span");
      count.className = "slot-count";
      count.textContent = String(have);
      dd.appendChild(count);
      dd.appendChild(document.createTextNode(" / " + targets[role]));
      div.appendChild(dt);
      div.appendChild(dd);
      slots.appendChild(div);
    });

    var curve = summary.cost_curve || {};
    var costs = Object.keys(curve).map(Number);
    var top = costs.reduce(function (m, c) { return Math.max(m, curve[c]); }, 0);
    var maxCost = costs.reduce(function (m, c) { return Math.max(m, c); }, -1);
    var tbody = document.getElementById("deck-curve");
    tbody.textContent = "";
    for (var cost = 0; cost <= maxCost; cost++) {
      var copies = curve[cost] || 0;
      var tr = document.createElement("tr");
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(cost);
      var td = document.createElement("td");
      td.className = "num";
      td.textContent = String(copies);
      var barCell = document.createElement("td");
      var bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = (top ? Math.round((100 * copies) / top) : 0) + "%";
      barCell.appendChild(bar);
      tr.appendChild(th);
      tr.appendChild(td);
      tr.appendChild(barCell);
      tbody.appendChild(tr);
    }
    if (maxCost < 0) {
      tbody.innerHTML = '<tr><td colspan="3" class="muted">No cards with a cost yet.</td></tr>';
    }
    document.getElementById("deck-total-cost").textContent = String(summary.total_cost || 0);

    var classes = document.getElementById("deck-classes");
    classes.textContent = "";
    Object.keys(summary.class_counts || {}).forEach(function (cls) {
      var div = document.createElement("div");
      var dt = document.createElement("dt");
      dt.textContent = classLabels[cls] || cls;
      var dd = document.createElement("dd");
      dd.textContent = String(summary.class_counts[cls]);
      div.appendChild(dt);
      div.appendChild(dd);
      classes.appendChild(div);
    });
  }

  // ----------------------------------------------------------------- filters

  var search = document.getElementById("pool-search");
  var klass = document.getElementById("pool-class");
  var cost = document.getElementById("pool-cost");
  var owned = document.getElementById("pool-owned");
  var shown = document.getElementById("pool-shown");

  function applyFilters() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var wantClass = klass.value;
    var maxCost = cost.value === "" ? null : parseInt(cost.value, 10);
    var onlyOwned = owned.checked;
    var visible = 0;
    var total = 0;
    document.querySelectorAll(".pool-row").forEach(function (row) {
      total++;
      var input = row.querySelector("[data-card]");
      var inDeck = input && parseInt(input.value, 10) > 0;
      var locked = parseInt(row.dataset.locked || "0", 10) > 0;
      var ok = words.every(function (w) { return row.dataset.name.indexOf(w) !== -1; });
      if (ok && wantClass) ok = row.dataset.classes.split(" ").indexOf(wantClass) !== -1;
      if (ok && maxCost !== null) {
        ok = row.dataset.cost !== "" && parseInt(row.dataset.cost, 10) <= maxCost;
      }
      if (ok && onlyOwned) ok = locked || inDeck || parseInt(row.dataset.owned || "0", 10) > 0;
      row.hidden = !ok;
      if (ok) visible++;
    });
    document.querySelectorAll("ul.pool").forEach(function (ul) {
      var any = ul.querySelector(".pool-row:not([hidden])") !== null;
      ul.hidden = !any;
      var heading = document.querySelector('h3.pool-group[data-group="' + ul.dataset.group + '"]');
      if (heading) heading.hidden = !any;
    });
    shown.textContent = visible === total ? "" : "Showing " + visible + " of " + total + " cards.";
  }

  [search, klass, cost, owned].forEach(function (el) {
    el.addEventListener("input", applyFilters);
    el.addEventListener("change", applyFilters);
  });
  // Keep Enter in the search box from submitting (saving) the deck.
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter") event.preventDefault();
  });
})();
