// On every page: register the service worker (Web Push, and the site installs on a phone's
// home screen), and tell the server whether this tab is visible when the match page polls,
// so a hidden tab does not count as "the player has the match open" and the push still comes.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Page-Visible"] = document.visibilityState === "hidden" ? "0" : "1";
  });
})();
