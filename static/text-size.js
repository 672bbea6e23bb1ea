/* "Larger text" on a table's phone: one tap makes every word on the page bigger, and the
   phone remembers it (localStorage) for the next board, the next round and the next night.
   Loaded in the page's head, so a remembered choice applies before the page is drawn. */
(function () {
  "use strict";
  var KEY = "clubscore-text-size";
  var LARGER = "larger";
  var root = document.documentElement;

  function remembered() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }  // private mode: not remembered
  }
  function remember(value) {
    try {
      if (value) localStorage.setItem(KEY, value); else localStorage.removeItem(KEY);
    } catch (e) { /* private mode: this page only */ }
  }
  function apply(larger) {
    root.classList.toggle("larger-text", larger);
    var button = document.getElementById("text-size");
    if (button) button.setAttribute("aria-pressed", larger ? "true" : "false");
  }

  apply(remembered() === LARGER);
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("text-size");
    if (!button) return;
    apply(root.classList.contains("larger-text"));
    button.addEventListener("click", function () {
      var larger = !root.classList.contains("larger-text");
      remember(larger ? LARGER : null);
      apply(larger);
    });
  });
})();
