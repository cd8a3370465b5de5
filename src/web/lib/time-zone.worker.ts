// Answers the browser's IANA time zone, or null when it tells none. A worker of its own because the first
// Intl call builds locale data, 30-70 ms that would otherwise block the page (decision 0060).
let zone: string | null = null;
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
} catch {}
postMessage(zone);
