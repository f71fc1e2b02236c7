// Site-wide helpers: "Copy" buttons (data-copy = id of the field to copy), "Print"
// buttons (data-print) and bar widths (data-pct). No inline handler or style
// attribute in the templates: the Content-Security-Policy allows neither.
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest("[data-copy]");
    if (!button) return;
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    function done(ok) {
      var old = button.dataset.label || button.textContent;
      button.dataset.label = old;
      button.textContent = ok ? "Copied" : "Press Ctrl+C to copy";
      setTimeout(function () { button.textContent = old; }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
        source.select(); done(document.execCommand("copy"));
      });
    } else {
      if (source.select) source.select();
      done(document.execCommand("copy"));
    }
  });
})();

(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    if (ev.target.closest("[data-print]")) window.print();
  });
  function bars() {
    document.querySelectorAll(".bar[data-pct]").forEach(function (bar) {
      bar.style.width = bar.dataset.pct + "%";
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bars);
  } else {
    bars();
  }
})();

// The main menu folds behind a "Menu" button on narrow screens (the CSS decides when).
// Without this script the button stays hidden and the menu open.
(function () {
  "use strict";
  var header = document.querySelector(".site-header");
  var toggle = header && header.querySelector(".nav-toggle");
  if (!toggle) return;
  header.classList.add("js-nav");
  function set(open) {
    header.classList.toggle("nav-open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }
  toggle.addEventListener("click", function () {
    set(toggle.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && header.classList.contains("nav-open")) {
      set(false);
      toggle.focus();
    }
  });
})();
