/* A public board's page told of its session's changes (data-events, static/live.js): its
   traveller and analysis are fetched again and swapped in when they differ. Without a stream
   the page stays as drawn, as before. */
(function () {
  var script = document.currentScript;
  function fetchBoard() {
    fetch(window.location.href, {cache: "no-store"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var main = document.querySelector("main");
        if (fresh && main && fresh.innerHTML !== main.innerHTML) main.innerHTML = fresh.innerHTML;
      })
      .catch(function () {});
  }
  var first = true;
  window.clubscoreLive(script.dataset.events, function () {
    if (first) { first = false; return; }  /* the stream's opening stamp: the page is that fresh */
    fetchBoard();
  });
})();
