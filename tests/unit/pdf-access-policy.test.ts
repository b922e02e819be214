import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/config';
import { fontCoverage, inScriptFonts, renderPdf, scriptRuns } from '../../src/server/lib/pdf';

/** A PDF reads its fonts and nothing else from disk, and never fetches a URL. */
describe('PDF resource policy', () => {
  it('renders text with the bundled fonts', async () => {
    const pdf = await renderPdf({ content: ['Total ₹1,23,456'] });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an image read from a local file', async () => {
    await expect(renderPdf({ content: [{ image: join(PROJECT_ROOT, 'package.json') }] })).rejects.toThrow(/denied/);
  });

  it('refuses an image fetched from a URL', async () => {
    await expect(renderPdf({ content: [{ image: 'http://127.0.0.1:9/logo.png' }] })).rejects.toThrow(/denied/);
  });
});

describe('text in Devanagari', () => {
  it('is set apart in runs of its own font, words and the spaces between them together', () => {
    expect(scriptRuns('Mrs श्रीमती प्रिया शर्मा (Priya)')).toEqual([
      'Mrs ',
      { text: 'श्रीमती प्रिया शर्मा', font: 'NotoSansDevanagari' },
      ' (Priya)',
    ]);
    expect(scriptRuns('Priya Sharma')).toEqual(['Priya Sharma']);
  });

  it('is found in bare strings, text values, stacks, columns, lists and table cells, and nowhere else', async () => {
    const coverage = await fontCoverage();
    const deva = { text: [{ text: 'प्रिया', font: 'NotoSansDevanagari' }] };
    expect(
      inScriptFonts(
        [
          'प्रिया',
          { text: 'प्रिया', bold: true, style: 'प्रिया' },
          { stack: ['प्रिया'], columns: ['प्रिया'], ul: ['प्रिया'] },
          { table: { widths: ['*'], body: [['प्रिया', { text: 'Plain' }]] } },
        ],
        coverage,
      ),
    ).toEqual([
      deva,
      { ...deva, bold: true, style: 'प्रिया' },
      { stack: [deva], columns: [deva], ul: [deva] },
      { table: { widths: ['*'], body: [[deva, { text: 'Plain' }]] } },
    ]);
  });

  it('embeds the Devanagari font in the PDF only when the text needs it', async () => {
    const named = (await renderPdf({ content: ['Recipient: श्रीमती प्रिया शर्मा'] })).toString('latin1');
    expect(named).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari/);
    expect(named).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
    const latin = (await renderPdf({ content: ['Recipient: Priya Sharma'] })).toString('latin1');
    expect(latin).not.toMatch(/NotoSansDevanagari/);
  });
});
