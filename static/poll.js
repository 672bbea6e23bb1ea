/* A fresh copy of one part of the page when it changed: told by the session's stream
   (data-events, static/live.js), or, while there is none, asked for every few seconds.
   The <script> tag gives the URL (data-url), the element's id (data-target) and the
   interval in ms (data-every); the element's data-stamp is sent back as ?since=, and
   the server answers 204 while nothing changed. */
(function () {
  var script = document.currentScript;
  var url = script.dataset.url, target = script.dataset.target, every = parseInt(script.dataset.every, 10);
  function fetchPart() {
    var box = document.getElementById(target);
    if (!box) return;
    fetch(url + "?since=" + encodeURIComponent(box.dataset.stamp || ""), {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) { if (html) box.outerHTML = html; })
      .catch(function () {});
  }
  var live = window.clubscoreLive(script.dataset.events, fetchPart);
  function poll() { if (!document.hidden && !live.streaming()) fetchPart(); }
  if (url && target && every > 0) setInterval(poll, every);
})();
