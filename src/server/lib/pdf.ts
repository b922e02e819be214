import { createRequire } from 'node:module';
import { join } from 'node:path';
import type pdfmakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PROJECT_ROOT } from '../config';

/*
 * The product's PDFs (quotes, GST documents, event orders) are drawn by pdfmake, loaded with the first PDF rather
 * than at start-up (it takes about half a second to load). Text is set in Roboto from pdfmake's own package (it has
 * ₹, U+20B9, which the standard PDF fonts lack); a customer's text in Devanagari (a name written in Hindi or
 * Marathi) is set in Noto Sans Devanagari, which shapes its conjuncts and vowel signs (docs/decisions.md, "PDFs:
 * Devanagari in its own font"). What neither font can draw (an emoji a customer typed in an event name, say) is left
 * out rather than printed as an empty box (`drawableText`).
 */

type PdfMake = typeof pdfmakeModule;
/** Whether every style (normal, bold, italics) of a font family has a glyph for a code point. */
export type FontCoverage = (family: string, codePoint: number) => boolean;
let pdfmakeLoaded: Promise<{ pdfmake: PdfMake; coverage: FontCoverage }> | undefined;

const ROBOTO = join(PROJECT_ROOT, 'node_modules', 'pdfmake', 'fonts', 'Roboto');
const DEVANAGARI = join(PROJECT_ROOT, 'node_modules', '@fontsource', 'noto-sans-devanagari', 'files');
const devanagari = (weight: 400 | 500) => join(DEVANAGARI, `noto-sans-devanagari-devanagari-${weight}-normal.woff`);

const FONTS = {
  Roboto: {
    normal: join(ROBOTO, 'Roboto-Regular.ttf'),
    bold: join(ROBOTO, 'Roboto-Medium.ttf'),
    italics: join(ROBOTO, 'Roboto-Italic.ttf'),
    bolditalics: join(ROBOTO, 'Roboto-MediumItalic.ttf'),
  },
  // No italic cut: slanted Devanagari is not a convention, so italics keep the upright letters.
  NotoSansDevanagari: {
    normal: devanagari(400),
    bold: devanagari(500),
    italics: devanagari(400),
    bolditalics: devanagari(500),
  },
};
const ALLOWED_FILES = new Set(Object.values(FONTS).flatMap((font) => Object.values(font)));

type FontFile = { hasGlyphForCodePoint(codePoint: number): boolean };

/** The fonts' own coverage, read by the font reader pdfmake draws with (fontkit, the one its pdfkit uses). */
function readCoverage(): FontCoverage {
  const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(path: string): FontFile };
  const families = new Map(
    Object.entries(FONTS).map(([family, files]) => [
      family,
      [...new Set(Object.values(files))].map((file) => fontkit.openSync(file)),
    ]),
  );
  // A family the product did not register is pdfmake's to refuse; it is not second-guessed here.
  return (family, codePoint) => families.get(family)?.every((font) => font.hasGlyphForCodePoint(codePoint)) ?? true;
}

function loadPdfmake(): Promise<{ pdfmake: PdfMake; coverage: FontCoverage }> {
  pdfmakeLoaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(FONTS);
    // Documents never fetch anything and read no file but the fonts above: a path or URL in a document (an image
    // named by a customer's text, say) is refused instead of read.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
    return { pdfmake, coverage: readCoverage() };
  });
  return pdfmakeLoaded;
}

/** Which code points the PDFs' fonts draw, read from the fonts themselves. */
export async function fontCoverage(): Promise<FontCoverage> {
  return (await loadPdfmake()).coverage;
}

/** pdfmake's font when the document names none. */
const DEFAULT_FONT = 'Roboto';

/**
 * The document as a PDF, every Devanagari run of its text in the font that has those letters and what its fonts
 * cannot draw left out (`inScriptFonts`), in the content and in the page headers and footers alike.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const { pdfmake, coverage } = await loadPdfmake();
  const font = definition.defaultStyle?.font ?? DEFAULT_FONT;
  const fit = <T>(node: T): T => inScriptFonts(node, coverage, font) as T;
  const { header, footer } = definition;
  const content = fit(definition.content) as Content;
  return Buffer.from(
    await pdfmake
      .createPdf({
        ...definition,
        content,
        ...(header !== undefined && {
          header:
            typeof header === 'function' ? (...page: Parameters<typeof header>) => fit(header(...page)) : fit(header),
        }),
        ...(footer !== undefined && {
          footer:
            typeof footer === 'function' ? (...page: Parameters<typeof footer>) => fit(footer(...page)) : fit(footer),
        }),
      })
      .getBuffer(),
  );
}

/**
 * Devanagari letters and signs (Unicode's script extensions, so the dandas and Vedic signs count too) and the joiners
 * written inside its words.
 */
const DEVANAGARI_CHAR = String.raw`(?:\p{Script_Extensions=Devanagari}|\u200C|\u200D)`;
/** A run of Devanagari words, with the spaces between them. */
const DEVANAGARI_RUN = new RegExp(String.raw`${DEVANAGARI_CHAR}+(?:\s+${DEVANAGARI_CHAR}+)*`, 'gu');
const IS_DEVANAGARI = new RegExp(String.raw`^${DEVANAGARI_CHAR}$`, 'u');

/** Line breaks and tabs: pdfmake lays them out itself, so no font needs a glyph for them. */
const LAYOUT_CHAR = /^[\t\n\r]$/;
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text without what its fonts cannot draw (`draws` tells, a character at a time), which would print as an
 * empty box. A user-perceived character (grapheme) whose base the fonts lack goes whole: an emoji with its variation
 * selector, skin tone or zero-width-joined family, a flag. One whose base they have keeps the base and the marks
 * they draw ("©️" prints ©). A space left doubled, or at either end, where something was left out goes too.
 */
export function drawableText(text: string, draws: (char: string) => boolean): string {
  const drawn = (char: string) => LAYOUT_CHAR.test(char) || draws(char);
  let out = '';
  let cut = false; // something was left out since the last character kept other than a space
  for (const { segment } of GRAPHEMES.segment(text)) {
    const chars = [...segment];
    if (!drawn(chars[0]!)) {
      cut = true;
      continue;
    }
    const kept = chars.filter(drawn).join('');
    if (kept !== ' ') cut = false;
    else if (cut && (out === '' || out.endsWith(' '))) continue;
    out += kept;
  }
  return cut && out.endsWith(' ') ? out.slice(0, -1) : out;
}

/** `drawableText` for a text set in `font`, its Devanagari (as `scriptRuns` splits it) in its own font. */
function drawableIn(text: string, coverage: FontCoverage, font: string): string {
  return drawableText(text, (char) =>
    coverage(IS_DEVANAGARI.test(char) ? 'NotoSansDevanagari' : font, char.codePointAt(0)!),
  );
}

/** A text as inline runs: Devanagari in its font, the rest in the font the text already has. */
export function scriptRuns(text: string): (string | { text: string; font: string })[] {
  const runs: (string | { text: string; font: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(DEVANAGARI_RUN)) {
    if (match.index > at) runs.push(text.slice(at, match.index));
    runs.push({ text: match[0], font: 'NotoSansDevanagari' });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push(text.slice(at));
  return runs;
}

const hasDevanagari = (text: string) => new RegExp(DEVANAGARI_CHAR, 'u').test(text);

/**
 * Content as the PDF's fonts can draw it: each text without what its font lacks (`drawableText`, the font being the
 * node's own or the one it inherits), and each text holding Devanagari split into runs (`scriptRuns`): bare strings,
 * `text` values and the content of stacks, columns, lists and table cells. Other properties (styles, widths,
 * colours) are left alone.
 */
export function inScriptFonts(node: unknown, coverage: FontCoverage, font: string = DEFAULT_FONT): unknown {
  const fit = (text: string, inFont: string) => {
    const drawable = drawableIn(text, coverage, inFont);
    return hasDevanagari(drawable) ? scriptRuns(drawable) : drawable;
  };
  if (typeof node === 'string') {
    const text = fit(node, font);
    return typeof text === 'string' ? text : { text };
  }
  if (Array.isArray(node)) return node.map((child) => inScriptFonts(child, coverage, font));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  const own = typeof out.font === 'string' ? out.font : font;
  const inner = (child: unknown) => inScriptFonts(child, coverage, own);
  if (typeof out.text === 'string') out.text = fit(out.text, own);
  else if (Array.isArray(out.text)) out.text = out.text.map(inner);
  for (const key of ['stack', 'columns', 'ul', 'ol'] as const) {
    if (Array.isArray(out[key])) out[key] = out[key].map(inner);
  }
  const table = out.table as { body?: unknown[][] } | undefined;
  if (table && Array.isArray(table.body)) {
    out.table = { ...table, body: table.body.map((row) => (Array.isArray(row) ? row.map(inner) : row)) };
  }
  return out;
}
