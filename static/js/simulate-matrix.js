// Matrix page: colours each cell by the row deck's win rate (red < 50% < blue) and
// reloads the page every few seconds while the matrix is still running.
(function () {
  "use strict";
  var table = document.getElementById("matrix");
  if (!table) return;
  table.querySelectorAll("td[data-rate]").forEach(function (td) {
    var rate = parseFloat(td.dataset.rate);
    if (isNaN(rate)) return;
    var d = Math.min(1, Math.abs(rate - 0.5) * 2);
    var hue = rate >= 0.5 ? 215 : 0;
    td.style.backgroundColor = "hsl(" + hue + ", 70%, " + (96 - 36 * d) + "%)";
  });
  var status = table.dataset.status;
  if (status === "queued" || status === "running") {
    setTimeout(function () { window.location.reload(); }, 4000);
  }
})();
