// The brand page's own script (external: the page's CSP allows no inline script).
// - ?theme=sunrise|ocean picks the brand theme: one class on <body>, whose --nu-* custom
//   properties every nu-* element inherits.
// - The appointment form is a page form of the brand's own; it only reports what the widgets chose.

const THEMES = ["sunrise", "ocean"];
const wanted = new URLSearchParams(location.search).get("theme");
const theme = THEMES.includes(wanted) ? wanted : THEMES[0];

for (const name of THEMES) document.body.classList.toggle(`theme-${name}`, name === theme);
for (const link of document.querySelectorAll("[data-theme]")) {
  if (link.dataset.theme === theme) link.setAttribute("aria-current", "true");
  else link.removeAttribute("aria-current");
}

const visitForm = document.querySelector(".visit-form");
if (visitForm) {
  const chosen = { date: "", shop: "" };
  document.getElementById("visit-date")?.addEventListener("nu-change", (event) => {
    chosen.date = event.detail.value;
  });
  document.getElementById("visit-shop")?.addEventListener("nu-change", (event) => {
    chosen.shop = event.detail.value;
  });
  visitForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const status = document.getElementById("visit-status");
    status.textContent =
      chosen.date && chosen.shop
        ? `已收到：${chosen.date}，${chosen.shop}。我們會致電確認。`
        : "請先選擇預約日期及門市。";
  });
}
