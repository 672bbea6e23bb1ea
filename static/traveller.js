/* The desk's grid at keyboard speed: Enter goes to the next line's result (and saves on the
   last; Ctrl+Enter saves from any line), the arrow keys move up and down a column, and each
   line is checked as it is typed. The check is the server's own (the page posted with
   "check", which writes nothing), so no rule of bridge is written twice; this script only
   shows its answer on each line and says it aloud (the role="status" region). Without the
   script the page is a plain form that posts every line. */
(function () {
  "use strict";
  var form = document.getElementById("traveller");
  if (!form) return;
  var status = document.getElementById("grid-status");
  var lines = parseInt(form.elements.lines.value, 10) || 0;
  var CHECK_DELAY_MS = 250;
  var timer = null, controller = null, asked = 0, saving = false;
  var said = {};  // what the status region last said of each line
  var words = {saving: form.dataset.saving || "Saving…", line: form.dataset.line || "Line", fine: form.dataset.fine || "fine"};

  function cell(index, name) { return form.elements["l" + index + "-" + name] || null; }

  function place(input) {
    var found = /^l(\d+)-(\w+)$/.exec(input.name || "");
    return found ? {index: parseInt(found[1], 10), name: found[2]} : null;
  }

  function go(input) {
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  }

  function save() {
    if (saving) return;  // a second Enter while the first save is on its way
    saving = true;
    clearTimeout(timer);  // the save checks every line again: no check is owed now
    if (controller) controller.abort();
    var button = document.getElementById("save-grid");
    if (button) button.disabled = true;
    say(words.saving);
    HTMLFormElement.prototype.submit.call(form);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    save();
  });

  form.addEventListener("keydown", function (event) {
    var here = place(event.target);
    if (!here) return;
    if (event.key === "Enter") {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey || here.index >= lines - 1) save();
      else go(cell(here.index + 1, "contract"));
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (go(cell(here.index + (event.key === "ArrowDown" ? 1 : -1), here.name))) event.preventDefault();
    }
  });

  form.addEventListener("input", function (event) {
    if (!place(event.target)) return;
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_DELAY_MS);
  });

  function check() {
    var body = new FormData(form);
    body.append("check", "1");
    if (controller) controller.abort();
    controller = new AbortController();
    var ask = ++asked;
    fetch(form.action || window.location.href, {
      method: "POST", body: body, credentials: "same-origin", signal: controller.signal,
      headers: {"Accept": "application/json"}
    })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { if (answer && ask === asked) show(answer); })
      .catch(function () {});  // the save checks again; a lost check only shows nothing
  }

  function messages(problems) {
    var all = [];
    Object.keys(problems).forEach(function (name) { all = all.concat(problems[name]); });
    return all;
  }

  function show(answer) {
    var focused = place(document.activeElement || {});
    var wrong = 0;
    for (var index = 0; index < lines; index++) {
      var line = answer.lines[String(index)] || {problems: {}, score: ""};
      var problems = line.problems || {};
      var found = messages(problems);
      if (found.length) wrong++;
      var box = document.getElementById("l" + index + "-status");
      if (box) draw(box, found, line.score);
      ["ns", "ew", "contract", "lead"].forEach(function (name) {
        var input = cell(index, name);
        if (!input) return;
        var bad = (problems[name] || []).length || (name === "contract" && (problems.line || []).length);
        if (bad) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      });
      var row = document.getElementById("line-" + index);
      if (row) row.classList.toggle("has-problems", found.length > 0);
      var text = found.length ? words.line + " " + (index + 1) + ": " + found.join(" ") : "";
      if (focused && focused.index === index && text !== (said[index] || "")) {
        say(text || words.line + " " + (index + 1) + ": " + (line.score || words.fine));
      }
      said[index] = text;
    }
    if (answer.grid && answer.grid.length) say(answer.grid.join(" "));
    else if (!wrong && focused === null) say("");
  }

  function draw(box, found, score) {
    box.textContent = "";
    if (score) {
      var shown = document.createElement("span");
      shown.className = "score";
      shown.textContent = score;
      box.appendChild(shown);
    }
    if (found.length) {
      var list = document.createElement("ul");
      list.className = "errorlist";
      found.forEach(function (message) {
        var item = document.createElement("li");
        item.textContent = message;
        list.appendChild(item);
      });
      box.appendChild(list);
    }
  }

  function say(text) { if (status) status.textContent = text; }
})();
