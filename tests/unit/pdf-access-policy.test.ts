import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/config';
import { loadPdfmake } from '../../src/server/modules/bookings/quote-pdf';

/** A quote PDF reads its fonts and nothing else from disk, and never fetches a URL. */
describe('PDF resource policy', () => {
  it('renders text with the bundled fonts', async () => {
    const pdfmake = await loadPdfmake();
    const pdf = Buffer.from(await pdfmake.createPdf({ content: ['Total ₹1,23,456'] }).getBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an image read from a local file', async () => {
    const pdfmake = await loadPdfmake();
    const doc = pdfmake.createPdf({ content: [{ image: join(PROJECT_ROOT, 'package.json') }] });
    await expect(doc.getBuffer()).rejects.toThrow(/denied/);
  });

  it('refuses an image fetched from a URL', async () => {
    const pdfmake = await loadPdfmake();
    const doc = pdfmake.createPdf({ content: [{ image: 'http://127.0.0.1:9/logo.png' }] });
    await expect(doc.getBuffer()).rejects.toThrow(/denied/);
  });
});
