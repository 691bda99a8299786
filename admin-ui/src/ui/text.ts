/** Newline for the line-break markers found in stored text (<br>, literal \n, CR LF). */
export function withLineBreaks(text: unknown): string {
  if (text === null || text === undefined) return '';
  return String(text)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .replace(/\r\n?/g, '\n');
}
