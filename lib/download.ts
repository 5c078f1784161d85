/**
 * Saves text as a file through the page's own download (no `downloads` permission needed): CSV
 * exports, the do-not-enrich list, everything kept as JSON.
 */
export function downloadFile(
  fileName: string,
  parts: BlobPart[],
  type: string,
  doc: Document = document,
): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; give the browser a moment before releasing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
