/**
 * The text of an uncompressed pdfmake PDF: pdfkit writes each run as hex glyph ids of a subset font, so each run
 * is decoded through the ToUnicode CMap of the font selected before it (`/F1 10 Tf`).
 */
export function pdfText(pdf: Buffer): string {
  return textOf(pdf.toString('latin1'), fontsOf(pdf));
}

/**
 * The text of each page of an uncompressed pdfmake PDF, in page order (`pdfText` of each page's content stream), to
 * tell what was printed on which page.
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  const fonts = fontsOf(pdf);
  const objects = objectsOf(pdf.toString('latin1'));
  const tree = [...objects.values()].find((body) => /\/Type \/Pages\b/.test(body)) ?? '';
  const kids = /\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].map((page) => {
    const contents = /\/Contents (\d+) 0 R/.exec(objects.get(page[1]!) ?? '')?.[1];
    return textOf(contents ? (objects.get(contents) ?? '') : '', fonts);
  });
}

/** The PDF's objects by number. */
function objectsOf(raw: string): Map<string, string> {
  const objects = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(m[1]!, m[2]!);
  return objects;
}

/** Each font resource (`F1`) of the PDF and its glyph ids' text, from its ToUnicode CMap. */
function fontsOf(pdf: Buffer): Map<string, Map<string, string>> {
  const raw = pdf.toString('latin1');
  const objects = objectsOf(raw);
  const cmapOf = (fontRef: string): Map<string, string> => {
    const font = objects.get(fontRef) ?? '';
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
    const map = new Map<string, string>();
    const body = toUnicode ? (objects.get(toUnicode) ?? '') : '';
    for (const m of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      let code = parseInt(m[1]!, 16);
      // A ligature's glyph maps to its letters, several code units in one entry ("fi" is <0066 0069>).
      for (const u of m[3]!.matchAll(/<([0-9a-f\s]+)>/gi)) {
        const units = (u[1]!.replace(/\s/g, '').match(/.{4}/g) ?? []).map((c) => parseInt(c, 16));
        map.set(code.toString(16).padStart(4, '0'), String.fromCharCode(...units));
        code += 1;
      }
    }
    return map;
  };
  const fonts = new Map<string, Map<string, string>>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (!fonts.has(m[1]!)) fonts.set(m[1]!, cmapOf(m[2]!));
  return fonts;
}

/** The text of the runs in `raw` (a PDF, or one content stream of it), each through the font selected before it. */
function textOf(raw: string, fonts: Map<string, Map<string, string>>): string {
  const out: string[] = [];
  let current = new Map<string, string>();
  for (const m of raw.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
    if (m[1]) current = fonts.get(m[1]) ?? new Map();
    else
      out.push(
        [...m[2]!.matchAll(/<([0-9a-f]+)>/gi)]
          .map((h) => (h[1]!.match(/.{4}/g) ?? []).map((c) => current.get(c) ?? '?').join(''))
          .join(''),
      );
  }
  return out.join('').replace(/\s+/g, ' ');
}

/**
 * The words of `words` that a PDF's text (`pdfText`) lacks. Shaping draws a vowel sign before the consonant it
 * follows (ि, ি) and a split vowel (ொ) as its two parts, so a word is found as its letters side by side, in any
 * order; and a line's text runs on into the next, so a word need not stand apart.
 */
export function wordsMissing(text: string, words: string): string[] {
  const letters = (chars: string[]) => [...chars].sort().join('');
  const chars = [...text.normalize('NFD')];
  return words.split(' ').filter((word) => {
    const wanted = [...word.normalize('NFD')];
    return !chars.some((_, at) => letters(chars.slice(at, at + wanted.length)) === letters(wanted));
  });
}
