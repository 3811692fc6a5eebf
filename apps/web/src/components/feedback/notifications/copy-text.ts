/** Writes text to the clipboard; rejects where the browser refuses (insecure origin, denied). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available in this browser');
  await navigator.clipboard.writeText(text);
}
