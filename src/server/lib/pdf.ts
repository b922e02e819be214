import { join } from 'node:path';
import type pdfmakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PROJECT_ROOT } from '../config';

/*
 * The product's PDFs (quotes, GST documents, event orders) are drawn by pdfmake, loaded with the first PDF rather
 * than at start-up (it takes about half a second to load). Text is set in Roboto from pdfmake's own package (it has
 * ₹, U+20B9, which the standard PDF fonts lack); a customer's text in Devanagari (a name written in Hindi or
 * Marathi) is set in Noto Sans Devanagari, which shapes its conjuncts and vowel signs (docs/decisions.md, "PDFs:
 * Devanagari in its own font").
 */

type PdfMake = typeof pdfmakeModule;
let pdfmakeLoaded: Promise<PdfMake> | undefined;

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

function loadPdfmake(): Promise<PdfMake> {
  pdfmakeLoaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(FONTS);
    // Documents never fetch anything and read no file but the fonts above: a path or URL in a document (an image
    // named by a customer's text, say) is refused instead of read.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
    return pdfmake;
  });
  return pdfmakeLoaded;
}

/** The document as a PDF, every Devanagari run of its text in the font that has those letters. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  const content = inScriptFonts(definition.content) as Content;
  return Buffer.from(await pdfmake.createPdf({ ...definition, content }).getBuffer());
}

/**
 * Devanagari letters and signs (Unicode's script extensions, so the dandas and Vedic signs count too) and the joiners
 * written inside its words.
 */
const DEVANAGARI_CHAR = String.raw`(?:\p{Script_Extensions=Devanagari}|\u200C|\u200D)`;
/** A run of Devanagari words, with the spaces between them. */
const DEVANAGARI_RUN = new RegExp(String.raw`${DEVANAGARI_CHAR}+(?:\s+${DEVANAGARI_CHAR}+)*`, 'gu');

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
 * Content with each text holding Devanagari split into runs (`scriptRuns`): bare strings, `text` values and the
 * content of stacks, columns, lists and table cells. Other properties (styles, widths, colours) are left alone.
 */
export function inScriptFonts(node: unknown): unknown {
  if (typeof node === 'string') return hasDevanagari(node) ? { text: scriptRuns(node) } : node;
  if (Array.isArray(node)) return node.map(inScriptFonts);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  if (typeof out.text === 'string') {
    if (hasDevanagari(out.text)) out.text = scriptRuns(out.text);
  } else if (Array.isArray(out.text)) {
    out.text = out.text.map(inScriptFonts);
  }
  for (const key of ['stack', 'columns', 'ul', 'ol'] as const) {
    if (Array.isArray(out[key])) out[key] = out[key].map(inScriptFonts);
  }
  const table = out.table as { body?: unknown[][] } | undefined;
  if (table && Array.isArray(table.body)) {
    out.table = { ...table, body: table.body.map((row) => (Array.isArray(row) ? row.map(inScriptFonts) : row)) };
  }
  return out;
}
