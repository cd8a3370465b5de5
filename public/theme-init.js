(() => {
  let theme = "dark";
  try {
    const saved = localStorage.getItem("velolog-theme");
    if (saved === "light" || saved === "dark" || saved === "system") theme = saved;
  } catch {}
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
})();
