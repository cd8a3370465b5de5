(() => {
  let theme = "dark";
  try {
    const saved = localStorage.getItem("velolog-theme");
    if (saved === "light" || saved === "dark" || saved === "system") theme = saved;
  } catch {}
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
  for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
    meta.setAttribute("content", dark ? "#080f11" : "#fafcfc");
})();
