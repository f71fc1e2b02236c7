// Matrix pages: colours each cell by the row deck's win rate (red < 50% < blue), on
// every matrix table of the page (the ready matrices show several), and reloads a
// running matrix's page every few seconds.
(function () {
  "use strict";
  document.querySelectorAll("table.sim-matrix td[data-rate]").forEach(function (td) {
    var rate = parseFloat(td.dataset.rate);
    if (isNaN(rate)) return;
    var d = Math.min(1, Math.abs(rate - 0.5) * 2);
    var hue = rate >= 0.5 ? 215 : 0;
    td.style.backgroundColor = "hsl(" + hue + ", 70%, " + (96 - 36 * d) + "%)";
  });
  var table = document.getElementById("matrix");
  var status = table && table.dataset.status;
  if (status === "queued" || status === "running") {
    setTimeout(function () { window.location.reload(); }, 4000);
  }
})();
