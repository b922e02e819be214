import { beforeAll, describe, expect, it } from 'vitest';
import { drawableText, fontCoverage, inScriptFonts, renderPdf, type FontCoverage } from '../../src/server/lib/pdf';
import { pdfText, wordsMissing } from '../server/helpers/pdf-text';

/*
 * What the PDFs' fonts cannot draw (an emoji a customer typed) is left out instead of printed as an empty box; every
 * letter the fonts do have stays, each Indian script in its own font included.
 */
let coverage: FontCoverage;
beforeAll(async () => {
  coverage = await fontCoverage();
});

/** A text as the PDFs set it in Roboto (each Indian script in it in that script's Noto Sans). */
const drawn = (text: string) => inScriptFonts(text, coverage);

/**
 * Each Indian script besides Devanagari, its font, and a few words in it: a name, and words whose marks the font
 * leaves without an anchor (ਸਿੰਘ, ప్రియ, ഉണ്ണി), which once failed the whole PDF.
 */
const SCRIPTS = [
  { script: 'Bengali', font: 'NotoSansBengali', words: 'শ্রীমতী প্রিয়া সেন। বৰুৱা' },
  { script: 'Gujarati', font: 'NotoSansGujarati', words: 'શ્રીમતી પ્રિયા પટેલ' },
  { script: 'Gurmukhi', font: 'NotoSansGurmukhi', words: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ ਹਰਪ੍ਰੀਤ ਕੌਰ' },
  { script: 'Oriya', font: 'NotoSansOriya', words: 'ଶ୍ରୀମତୀ ପ୍ରିୟା ଦାସ' },
  { script: 'Tamil', font: 'NotoSansTamil', words: 'திருமதி பிரியா ராமன் கொண்டாட்டம்' },
  { script: 'Telugu', font: 'NotoSansTelugu', words: 'శ్రీమతి ప్రియ రెడ్డి' },
  { script: 'Kannada', font: 'NotoSansKannada', words: 'ಶ್ರೀಮತಿ ಪ್ರಿಯಾ ರಾವ್' },
  { script: 'Malayalam', font: 'NotoSansMalayalam', words: 'ഉണ്ണികൃഷ്ണൻ ഗോപിനാഥ് സുസ്മിത നായർ' },
];

describe("the PDFs' fonts", () => {
  it('draw ₹, Latin letters with accents, punctuation, Devanagari and its joiners, and no emoji', () => {
    for (const char of ['₹', 'ë', 'Å', '’', '–', '©', '™']) expect(coverage('Roboto', char.codePointAt(0)!)).toBe(true);
    for (const char of ['क', '्', '\u200D', '\u200C', '।']) {
      expect(coverage('NotoSansDevanagari', char.codePointAt(0)!)).toBe(true);
    }
    for (const char of ['🎉', '❤', '\uFE0F', '🇮']) {
      expect(coverage('Roboto', char.codePointAt(0)!)).toBe(false);
      expect(coverage('NotoSansDevanagari', char.codePointAt(0)!)).toBe(false);
    }
  });

  it.each(SCRIPTS)('draw every letter of $script in $font, with the dandas and joiners', ({ font, words }) => {
    for (const char of [...words.replace(/ /g, ''), '।', '॥', '\u200D', '\u200C']) {
      expect([char, coverage(font, char.codePointAt(0)!)]).toEqual([char, true]);
    }
    expect(coverage(font, '🎉'.codePointAt(0)!)).toBe(false);
  });
});

describe('text the fonts cannot draw', () => {
  it('loses its emoji with their variation selectors, skin tones, joined sequences and flags', () => {
    expect(drawn("Riya's 30th 🎉")).toBe("Riya's 30th");
    expect(drawn('Riya ❤️ Kapoor')).toBe('Riya Kapoor');
    expect(drawn('👨‍👩‍👧 Sharma family')).toBe('Sharma family');
    expect(drawn('Team 🇮🇳 dinner 👍🏽')).toBe('Team dinner');
    expect(drawn('🎉 Party time🥳 at 8 🎉 🎉')).toBe('Party time at 8');
    expect(drawn('❤️❤️❤️')).toBe('');
  });

  it('keeps a base the fonts have when only its emoji marks are missing', () => {
    expect(drawn('©️ Annapurna')).toBe('© Annapurna');
    expect(drawn('Table 1️⃣')).toBe('Table 1');
  });

  it('keeps everything the fonts draw as it was, line breaks and doubled spaces included', () => {
    for (const text of ['Zoë Ångström – ₹1,23,456 “fine”', 'Line one\nLine two\tthree', 'Two  spaces']) {
      expect(drawn(text)).toBe(text);
    }
  });

  it('keeps Devanagari, with its joiners, in its own font', () => {
    expect(drawn('श्रीमती प्रिया 🎉 (Priya)')).toEqual({
      text: [{ text: 'श्रीमती प्रिया', font: 'NotoSansDevanagari' }, ' (Priya)'],
    });
    expect(drawn('क्‍ष')).toEqual({ text: [{ text: 'क्‍ष', font: 'NotoSansDevanagari' }] });
  });

  it.each(SCRIPTS)('keeps $script in $font', ({ font, words }) => {
    expect(drawn(`${words} 🎉 (Priya)`)).toEqual({ text: [{ text: words, font }, ' (Priya)'] });
  });

  it('keeps each script of a mixed text in its own font, a danda in the font of the words it ends', () => {
    expect(drawn('Priya प्रिया। প্রিয়া। பிரியா ✨ ప్రియ')).toEqual({
      text: [
        'Priya ',
        { text: 'प्रिया।', font: 'NotoSansDevanagari' },
        ' ',
        { text: 'প্রিয়া।', font: 'NotoSansBengali' },
        ' ',
        { text: 'பிரியா', font: 'NotoSansTamil' },
        ' ',
        { text: 'ప్రియ', font: 'NotoSansTelugu' },
      ],
    });
  });

  it('is judged by the font the text is set in', () => {
    const onlyAscii: FontCoverage = (family, codePoint) => family !== 'Narrow' || codePoint < 0x80;
    expect(inScriptFonts({ text: 'Café ₹5', font: 'Narrow' }, onlyAscii)).toEqual({ text: 'Caf 5', font: 'Narrow' });
    expect(inScriptFonts({ stack: ['Café'], font: 'Narrow' }, onlyAscii)).toEqual({ stack: ['Caf'], font: 'Narrow' });
    expect(inScriptFonts('Café', onlyAscii, 'Narrow')).toBe('Caf');
    expect(inScriptFonts('Café', onlyAscii)).toBe('Café');
  });

  it('drops a whole grapheme whose base is missing, and only the missing marks of one whose base is there', () => {
    const noX = (char: string) => char !== 'x' && char !== '\u0301';
    expect(drawableText('ax\u0301b', noX)).toBe('ab');
    expect(drawableText('ae\u0301b', noX)).toBe('aeb');
    expect(drawableText(' x x ', noX)).toBe('');
  });
});

describe('a PDF with emoji in its text', () => {
  it('is drawn without empty boxes, the rest of the text kept, in the content and the footer', async () => {
    const pdf = await renderPdf({
      compress: false,
      content: ["Event: Riya's 30th 🎉", { text: 'Client: Riya ❤️ Kapoor', bold: true }, 'प्रिया ❤️'],
      footer: () => ({ text: 'Thank you 🙏' }),
    });
    const text = pdfText(pdf);
    expect(text).toContain("Event: Riya's 30th");
    expect(text).toContain('Client: Riya Kapoor');
    expect(text).toContain('Thank you');
    // A character the font has no glyph for is drawn as glyph 0 (an empty box), which reads back as U+0000.
    expect(text).not.toContain('\u0000');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
  });
});

describe('a PDF with text in each Indian script', () => {
  it('has Devanagari words in bold as well as plain (a GST recipient’s name is bold)', async () => {
    const words = 'प्रिया शर्मा कैटरर्स';
    const pdf = await renderPdf({ compress: false, content: [`Client: ${words}`, { text: words, bold: true }] });
    expect(wordsMissing(pdfText(pdf), words)).toEqual([]);
    const embedded = pdf.toString('latin1');
    expect(embedded).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(embedded).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-SemiBold/);
  });

  it.each(SCRIPTS)('has the $script words, in $font, plain and bold', async ({ font, words }) => {
    const pdf = await renderPdf({ compress: false, content: [`Client: ${words}`, { text: words, bold: true }] });
    const text = pdfText(pdf);
    expect(wordsMissing(text, words)).toEqual([]);
    expect(text).not.toContain('\u0000');
    const embedded = pdf.toString('latin1');
    expect(embedded).toMatch(new RegExp(String.raw`/BaseFont /[A-Z]{6}\+${font}-Regular`));
    expect(embedded).toMatch(new RegExp(String.raw`/BaseFont /[A-Z]{6}\+${font}-Medium`));
  });
});
