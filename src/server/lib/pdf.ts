import { createRequire } from 'node:module';
import { join } from 'node:path';
import type pdfmakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PROJECT_ROOT } from '../config';

/*
 * The product's PDFs (quotes, GST documents, event orders) are drawn by pdfmake, loaded with the first PDF rather
 * than at start-up (it takes about half a second to load). Text is set in Roboto from pdfmake's own package (it has
 * ₹, U+20B9, which the standard PDF fonts lack); a customer's text in an Indian script (a name written in Hindi,
 * Tamil or Bengali) is set in that script's Noto Sans, which shapes its conjuncts and vowel signs (`SCRIPT_FONTS`;
 * docs/decisions.md, "PDFs: each Indian script in its own font"). What no font can draw (an emoji a customer typed
 * in an event name, say) is left out rather than printed as an empty box (`drawableText`).
 */

type PdfMake = typeof pdfmakeModule;
/** Whether every style (normal, bold, italics) of a font family has a glyph for a code point. */
export type FontCoverage = (family: string, codePoint: number) => boolean;
let pdfmakeLoaded: Promise<{ pdfmake: PdfMake; coverage: FontCoverage }> | undefined;

/**
 * The Indian scripts set in their own font, each by Unicode's name for it, and its Noto Sans family. A script's font
 * is `@fontsource/noto-sans-<script in lower case>`, of which the files for that script's letters alone are read, at
 * weight 400 and, for bold, `boldWeight`, in WOFF (which fontkit, pdfmake's font reader, reads).
 */
const SCRIPT_FONTS = {
  Devanagari: 'NotoSansDevanagari', // Hindi, Marathi, Nepali, …
  Bengali: 'NotoSansBengali', // Bengali and Assamese
  Gujarati: 'NotoSansGujarati',
  Gurmukhi: 'NotoSansGurmukhi', // Punjabi
  Oriya: 'NotoSansOriya', // Odia
  Tamil: 'NotoSansTamil',
  Telugu: 'NotoSansTelugu',
  Kannada: 'NotoSansKannada',
  Malayalam: 'NotoSansMalayalam',
} as const;
type Script = keyof typeof SCRIPT_FONTS;
const SCRIPTS = Object.keys(SCRIPT_FONTS) as Script[];

const ROBOTO = join(PROJECT_ROOT, 'node_modules', 'pdfmake', 'fonts', 'Roboto');
const FONTSOURCE = join(PROJECT_ROOT, 'node_modules', '@fontsource');
/**
 * The weight of a script's bold: its medium, like Roboto's, except Devanagari's semi-bold, the medium file being one
 * fontkit cannot read (its glyph locations table does not unpack), which failed any PDF with bold Devanagari in it.
 */
const boldWeight = (script: Script) => (script === 'Devanagari' ? 600 : 500);
const scriptFile = (script: Script, weight: 400 | 500 | 600) => {
  const name = script.toLowerCase();
  return join(FONTSOURCE, `noto-sans-${name}`, 'files', `noto-sans-${name}-${name}-${weight}-normal.woff`);
};

type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
const FONTS: Record<string, FontFiles> = {
  Roboto: {
    normal: join(ROBOTO, 'Roboto-Regular.ttf'),
    bold: join(ROBOTO, 'Roboto-Medium.ttf'),
    italics: join(ROBOTO, 'Roboto-Italic.ttf'),
    bolditalics: join(ROBOTO, 'Roboto-MediumItalic.ttf'),
  },
  // No italic cut: slanted Indian letters are not a convention, so italics keep the upright letters.
  ...Object.fromEntries(
    SCRIPTS.map((script) => {
      const [regular, bold] = [scriptFile(script, 400), scriptFile(script, boldWeight(script))];
      return [SCRIPT_FONTS[script], { normal: regular, bold, italics: regular, bolditalics: bold }];
    }),
  ),
};
const ALLOWED_FILES = new Set(Object.values(FONTS).flatMap((font) => Object.values(font)));

type FontFile = { hasGlyphForCodePoint(codePoint: number): boolean };
type Fontkit = { openSync(path: string): FontFile };

/**
 * The product's font files of a family, opened with the font reader pdfmake draws with (fontkit, the one its pdfkit
 * uses) when first asked for, so a PDF in Latin letters opens Roboto's alone; undefined for a family not registered.
 */
function fontOpener(fontkit: Fontkit): (family: string) => FontFile[] | undefined {
  const opened = new Map<string, FontFile[]>();
  const open = (files: FontFiles) => [...new Set(Object.values(files))].map((file) => fontkit.openSync(file));
  return (family) => {
    if (FONTS[family] && !opened.has(family)) opened.set(family, open(FONTS[family]));
    return opened.get(family);
  };
}

/** The fonts' own coverage, read from the files themselves. */
function readCoverage(fontsOf: (family: string) => FontFile[] | undefined): FontCoverage {
  // A family the product did not register is pdfmake's to refuse; it is not second-guessed here.
  return (family, codePoint) => fontsOf(family)?.every((font) => font.hasGlyphForCodePoint(codePoint)) ?? true;
}

/** fontkit's own `applyAnchor`, kept on its class so that loading this module again wraps it once all the same. */
const FONTKIT_APPLY_ANCHOR = Symbol.for('pdf.fontkitApplyAnchor');
type MarkPositioning = {
  applyAnchor(mark: { markAnchor: unknown }, baseAnchor: unknown, base: number): void;
  [FONTKIT_APPLY_ANCHOR]?: MarkPositioning['applyAnchor'];
};

/**
 * fontkit, which shapes the PDFs' text, throws on a mark for which the font gives the letter before it no anchor,
 * failing the whole PDF; OpenType allows that, and the mark is then drawn where it stands. Noto Sans Gurmukhi,
 * Gujarati, Telugu and Malayalam have such marks in everyday names (ਸਿੰਘ, ప్రియ, ഉണ്ണി). fontkit's mark positioning,
 * one class for every font (reached here through `font`, any font with a positioning table), is taught to leave such
 * a mark where it stands.
 */
function keepMarksWithoutAnchor(font: FontFile): void {
  const { engine } = (font as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine ?? {};
  if (!engine?.GPOSProcessor) return;
  const positioning = Object.getPrototypeOf(engine.GPOSProcessor) as MarkPositioning;
  const applyAnchor = (positioning[FONTKIT_APPLY_ANCHOR] ??= positioning.applyAnchor);
  positioning.applyAnchor = function (mark, baseAnchor, base) {
    if (mark.markAnchor && baseAnchor) applyAnchor.call(this, mark, baseAnchor, base);
  };
}

function loadPdfmake(): Promise<{ pdfmake: PdfMake; coverage: FontCoverage }> {
  pdfmakeLoaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(FONTS);
    // Documents never fetch anything and read no file but the fonts above: a path or URL in a document (an image
    // named by a customer's text, say) is refused instead of read.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
    const fontkit = createRequire(import.meta.url)('fontkit') as Fontkit;
    const fontsOf = fontOpener(fontkit);
    // Every PDF opens its default font; its positioning class is the one all the fonts share.
    keepMarksWithoutAnchor(fontsOf(DEFAULT_FONT)![0]!);
    return { pdfmake, coverage: readCoverage(fontsOf) };
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
 * The document as a PDF, every run of its text in an Indian script in the font that has those letters and what its
 * fonts cannot draw left out (`inScriptFonts`), in the content and in the page headers and footers alike.
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
 * A script's letters and signs (Unicode's script extensions, so the dandas, which several scripts share, and the
 * Vedic signs count too) and the joiners written inside its words.
 */
const scriptChar = (script: Script) => String.raw`(?:\p{Script_Extensions=${script}}|\u200C|\u200D)`;
/**
 * A pattern of one alternative per script, in the order of `SCRIPT_FONTS`, each a group named by its script that
 * `unit` makes of the script's characters (one of them, unless told). A character several scripts share (a danda) is
 * taken by the first script whose alternative matches where it stands: in a run, the run's own.
 */
const perScript = (unit = (char: string) => char) =>
  SCRIPTS.map((script) => `(?<${script}>${unit(scriptChar(script))})`).join('|');
/** A run of a script's words, with the spaces between them (`char`, its characters). */
const wordsOf = (char: string) => String.raw`${char}+(?:\s+${char}+)*`;
const SCRIPT_RUN = new RegExp(perScript(wordsOf), 'gu');
const SCRIPT_CHAR = new RegExp(perScript(), 'u');
const IS_SCRIPT_CHAR = new RegExp(`^(?:${SCRIPT_CHAR.source})$`, 'u');
/** The font family of the script whose alternative in a `perScript` pattern matched. */
const familyOf = (match: RegExpMatchArray) =>
  SCRIPT_FONTS[SCRIPTS.find((script) => match.groups?.[script] !== undefined)!];

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

/**
 * `drawableText` for a text set in `font`, each letter of an Indian script judged by its script's font (a character
 * several scripts share, such as a danda, by the first of them in `SCRIPT_FONTS`).
 */
function drawableIn(text: string, coverage: FontCoverage, font: string): string {
  return drawableText(text, (char) => {
    const script = IS_SCRIPT_CHAR.exec(char);
    return coverage(script ? familyOf(script) : font, char.codePointAt(0)!);
  });
}

/** A text as inline runs: each Indian script in its font, the rest in the font the text already has. */
export function scriptRuns(text: string): (string | { text: string; font: string })[] {
  const runs: (string | { text: string; font: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(SCRIPT_RUN)) {
    if (match.index > at) runs.push(text.slice(at, match.index));
    runs.push({ text: match[0], font: familyOf(match) });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push(text.slice(at));
  return runs;
}

/**
 * Content as the PDF's fonts can draw it: each text without what its font lacks (`drawableText`, the font being the
 * node's own or the one it inherits), and each text holding an Indian script split into runs (`scriptRuns`): bare
 * strings, `text` values and the content of stacks, columns, lists and table cells. Other properties (styles,
 * widths, colours) are left alone.
 */
export function inScriptFonts(node: unknown, coverage: FontCoverage, font: string = DEFAULT_FONT): unknown {
  const fit = (text: string, inFont: string) => {
    const drawable = drawableIn(text, coverage, inFont);
    return SCRIPT_CHAR.test(drawable) ? scriptRuns(drawable) : drawable;
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
