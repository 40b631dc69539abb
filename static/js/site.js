/* Every page: on a phone the site's menu folds behind one button (a disclosure). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#menu-button") : null;
    var nav = document.getElementById("site-nav");
    if (!nav) return;
    if (button) {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", open ? "true" : "false");
      nav.classList.toggle("open", open);
      if (open) { var first = nav.querySelector("a, button"); if (first) first.focus(); }
    } else if (nav.classList.contains("open") && !event.target.closest("#site-nav")) {
      nav.classList.remove("open");
      document.getElementById("menu-button").setAttribute("aria-expanded", "false");
    }
  });
  document.addEventListener("keydown", function (event) {
    var nav = document.getElementById("site-nav"), button = document.getElementById("menu-button");
    if (event.key === "Escape" && nav && nav.classList.contains("open")) {
      nav.classList.remove("open");
      button.setAttribute("aria-expanded", "false");
      button.focus();
    }
  });
})();
