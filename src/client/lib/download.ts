import { readToken } from './token-storage';

/** The file name the server suggests in Content-Disposition, else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

/** The server's `detail` when it sent one as text, else the given message. */
async function detailOf(response: Response, failure: string): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return failure;
}

/** Hands a file to the browser as a download under the given name. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API sends (a quote PDF, a CSV export) with the signed-in user's bearer token and saves it
 * under the server's file name. Throws an Error with the server's detail (or `failure`) when it refuses.
 */
export async function downloadFromApi(path: string, fallbackName: string, failure: string): Promise<void> {
  const token = readToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(await detailOf(response, failure));
  saveFile(fileNameOf(response, fallbackName), await response.blob());
}
