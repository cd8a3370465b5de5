import { call, client } from "@/lib/api-client.ts";

/**
 * Starts a download of ours (the account export, a CSV file) as the browser's own: the browser writes the
 * file to disk as the server streams it, shows its progress, and goes on when the rider leaves the page, so
 * a big file never sits in this page's memory. A cheap signed-in call comes first, so a session that has
 * ended is told in the page (it throws the API's 401, "Please sign in to continue."), not as a failed
 * download in the browser's list. The server's Content-Disposition names the file.
 */
export async function startSignedInDownload(href: string): Promise<void> {
  await call(client.settings.$get());
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}
