import { useState } from 'react';
import toast from 'react-hot-toast';
import { downloadFromApi } from '../../lib/download';

const FAILURE = 'The document could not be downloaded.';

/**
 * Downloads a GST document's PDF from the door `path` names, saved under its number ("TI/26-27/0001" as
 * TI-26-27-0001.pdf unless the server names it); `busy` is the document being fetched. A refusal is a toast.
 */
export function useGstPdfDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  async function download(doc: { id: string; number: string }, path: string) {
    setBusy(doc.id);
    try {
      await downloadFromApi(path, `${doc.number.replace(/\//g, '-')}.pdf`, FAILURE);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : FAILURE);
    } finally {
      setBusy(null);
    }
  }
  return { busy, download };
}
