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
  /* A message shown after a step ("You joined the match.") is read once: a tap dismisses it, and
     a match page drops it when the match moves on (match.js). */
  function dismissable() {
    var list = document.getElementById("messages");
    if (!list) return;
    list.querySelectorAll("li").forEach(function (li) {
      if (li.querySelector(".dismiss")) return;
      var b = document.createElement("button");
      b.type = "button";
      b.className = "dismiss";
      b.setAttribute("aria-label", list.dataset.dismiss || "Dismiss");
      b.textContent = "\u00d7";
      li.appendChild(b);
    });
  }
  document.addEventListener("click", function (event) {
    var b = event.target.closest ? event.target.closest("#messages .dismiss") : null;
    if (!b) return;
    var list = document.getElementById("messages");
    b.parentNode.remove();
    if (list && !list.querySelector("li")) list.remove();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", dismissable);
  } else {
    dismissable();
  }
  document.addEventListener("keydown", function (event) {
    var nav = document.getElementById("site-nav"), button = document.getElementById("menu-button");
    if (event.key === "Escape" && nav && nav.classList.contains("open")) {
      nav.classList.remove("open");
      button.setAttribute("aria-expanded", "false");
      button.focus();
    }
  });
})();
