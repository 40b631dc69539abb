/* Match page: every element with data-action submits that action; the board polls itself. */
(function () {
  "use strict";

  function submit(el) {
    var board = el.closest("#match-board");
    if (!board || board.dataset.busy) return;
    board.dataset.busy = "1";
    board.classList.add("busy");
    htmx.ajax("POST", board.dataset.actUrl, {
      source: el,
      target: "#match-board",
      swap: "outerHTML",
      values: { action: el.getAttribute("data-action"), version: board.dataset.version },
    }).finally(function () {
      var current = document.getElementById("match-board");
      if (current) { delete current.dataset.busy; current.classList.remove("busy"); }
    });
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest ? event.target.closest("[data-action]") : null;
    if (!el) return;
    event.preventDefault();
    submit(el);
  });

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if ((event.key === "Enter" || event.key === " ") && el.matches && el.matches("[data-action]")) {
      event.preventDefault();
      submit(el);
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("match-board");
    if (board && board.dataset.title) document.title = board.dataset.title;
  });
})();
