/* A button with data-print prints the page (in place of an inline onclick, which the
   Content-Security-Policy forbids). */
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) window.print();
});
