/* Fresh standings when they changed: told by the session's stream (data-events, static/live.js),
   or, while there is none, asked for every few seconds; swapped in only when they changed.
   The page's <script> tag gives the URL (data-url) and the interval in ms (data-every). */
(function () {
  var script = document.currentScript;
  var url = script.dataset.url, every = parseInt(script.dataset.every, 10);
  function fetchStandings() {
    var box = document.getElementById("standings");
    if (!box) return;
    fetch(url + (url.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(box.dataset.stamp), {cache: "no-store"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) { if (html) box.outerHTML = html; })
      .catch(function () {});
  }
  var live = window.clubscoreLive(script.dataset.events, fetchStandings);
  function poll() { if (!document.hidden && !live.streaming()) fetchStandings(); }
  if (url && every > 0) setInterval(poll, every);
})();
