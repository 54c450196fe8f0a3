/**
 * The main text of the page for "read page" (§2.6, §9 "read page"): what <main> shows, at most 1,000
 * characters (the speech API's limit), cut at a sentence end when there is one.
 */
export function pageText(): string {
  const main = document.querySelector('main');
  const text = (main?.innerText ?? main?.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= 1000) return text;
  const cut = text.slice(0, 1000);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > 200 ? cut.slice(0, end + 1) : cut;
}
