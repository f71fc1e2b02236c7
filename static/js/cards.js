// The card list on a phone: the "More filters" fold starts closed when none of its
// filters is set (the page renders it open, so without JavaScript every filter shows).
(function () {
  "use strict";
  function fold() {
    if (!window.matchMedia("(max-width: 40rem)").matches) return;
    document.querySelectorAll("details[data-fold-small]").forEach(function (d) {
      d.open = false;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fold);
  } else {
    fold();
  }
})();
