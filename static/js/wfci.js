/* War for Chicken Island board: a tap on a highlighted unit or stack in the island drawing
   stands for its choice in the list under the board (where the data-action buttons are). One
   choice: it is made at once; several: the list opens there so the player picks one. */
(function () {
  "use strict";
  if (window.wfciBoard) return;
  window.wfciBoard = true;

  document.addEventListener("click", function (event) {
    var token = event.target.closest ? event.target.closest("#wfci [data-proxy]") : null;
    if (!token) return;
    var row = document.getElementById(token.getAttribute("data-proxy"));
    if (!row) return;
    var choices = row.querySelectorAll(":scope > [data-action], :scope > .row-actions > [data-action]");
    if (choices.length === 1) {
      choices[0].click();
      return;
    }
    var details = row.closest("details");
    if (details) details.open = true;
    row.classList.add("flash");
    row.scrollIntoView({ block: "center", behavior: "smooth" });
    if (choices.length) choices[0].focus({ preventScroll: true });
    window.setTimeout(function () { row.classList.remove("flash"); }, 1200);
  });
})();
