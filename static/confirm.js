/* A submit button with data-confirm="Question?" asks before its form is sent
   (in place of an inline onclick, which the Content-Security-Policy forbids). */
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
});
