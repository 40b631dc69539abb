// Sign-up: fill the hidden time-zone field with the browser's own zone.
(function () {
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  document.querySelectorAll("input[data-browser-time-zone]").forEach(function (el) {
    if (!el.value) el.value = zone;
  });
})();
