/**
 * Saves text as a file through the browser's own download. A byte-order mark leads CSV files so spreadsheet
 * programs read accented names as UTF-8.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const withBom = type.startsWith("text/csv") ? `\uFEFF${text}` : text;
  const url = URL.createObjectURL(new Blob([withBom], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on a later task: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
