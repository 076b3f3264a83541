/**
 * Rows of cells as a CSV text (RFC 4180), as the shop's server writes its own sheets: cells joined by commas,
 * every row ended by CRLF; a cell holding a comma, a quote or a line break is quoted, its quotes doubled; a
 * cell a spreadsheet would run as a formula (starting with `=`, `+`, `-` or `@`) gets a leading `'`.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

function csvCell(value: string): string {
  const cell = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * Hands `text` to the browser as a download named `fileName`, with a byte order mark so a spreadsheet reads
 * it as UTF-8.
 */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: a browser may still be reading the blob after click() returns (FileSaver.js
  // waits 40 s too).
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 40_000);
}
