import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
// Vite emits the worker as its own file and gives its address; pdf.js starts it as a module worker.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * The one module that imports pdf.js. The viewer imports it on demand, so pdf.js (and its worker)
 * are fetched only when a PDF receipt is on screen, never with the console's own code.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Starts loading the PDF at `url` (same origin, with the session cookie). */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    withCredentials: true,
    // A receipt is a stranger's file: its fonts are never compiled with eval, its XFA forms never run.
    isEvalSupported: false,
    enableXfa: false,
  });
}
