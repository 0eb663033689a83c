/**
 * Saves a file the page holds (an export read as a Blob) under `fileName`: an object URL and a
 * temporary <a download>, as a browser saves a link's target. The URL is released once the click
 * has handed the file to the browser's download.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: release the URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
