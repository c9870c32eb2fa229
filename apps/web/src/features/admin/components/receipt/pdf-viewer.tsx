import { adminMessages } from '@meridian/shared';
import { ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { onDemand } from '../../../../lib/on-demand';

/** A page is scaled to fit the frame's width and at most this height, so it is seen whole. */
const MAX_PAGE_HEIGHT_PX = 560;
/** pdf.js, fetched with the first PDF receipt shown, and again after a failure (its Retry). */
const loadPdf = onDemand(() => import('./pdf-document'));

type LoadState = 'loading' | 'ready' | 'error';

/** The frame's content width, kept up to date as the layout changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A PDF drawn page by page on a canvas with pdf.js, loaded on demand (pdf-document.ts), with
 * Previous / Next page and an 'Open PDF' link. `label` names the document for a screen reader.
 */
export function PdfViewer({ src, label }: { src: string; label: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useWidth(frameRef);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry: it loads the file again
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState('loading');
    setDoc(null);
    setPage(1);
    loadPdf()
      .then(({ openPdf }) => {
        if (cancelled) return null;
        const task = openPdf(src);
        destroy = () => task.destroy();
        return task.promise;
      })
      .then((loaded) => {
        if (cancelled || !loaded) return;
        setDoc(loaded);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      // Ends the worker's work on this file and frees the document.
      void destroy?.();
    };
  }, [src, attempt]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || width === 0) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    doc
      .getPage(page)
      .then((pdfPage) => {
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const scale = Math.min(width / natural.width, MAX_PAGE_HEIGHT_PX / natural.height);
        // Drawn at the screen's pixel density, shown at CSS size: sharp on high-density screens.
        const density = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: scale * density });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(natural.width * scale)}px`;
        canvas.style.height = `${Math.floor(natural.height * scale)}px`;
        task = pdfPage.render({ canvas, viewport });
        return task.promise;
      })
      .catch((error: unknown) => {
        // A page change or unmount cancels the drawing under way: that is not a failure.
        if (cancelled || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
        setState('error');
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);

  const pages = doc?.numPages ?? 0;
  const pageText = adminMessages.receipt.pageOf(page, pages);

  return (
    <div className="flex flex-col gap-3">
      <div ref={frameRef} className="flex min-h-40 w-full justify-center">
        {state === 'loading' && (
          <div role="status" className="w-full">
            <Skeleton className="h-96 w-full rounded-lg" />
            <span className="sr-only">{adminMessages.receipt.loading}</span>
          </div>
        )}
        {state === 'error' && (
          <div className="w-full">
            <LoadError
              message={adminMessages.receipt.pdfFailed}
              onRetry={() => setAttempt((n) => n + 1)}
              retrying={false}
            />
          </div>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={pages > 1 ? `${label}, ${pageText}` : label}
          hidden={state !== 'ready'}
          className="max-w-full rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {state === 'ready' && pages > 1 ? (
          // aria-disabled rather than disabled at either end, so focus stays on the button just pressed.
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPage((p) => Math.max(1, p - 1))}
              aria-disabled={page <= 1}
              aria-label={adminMessages.receipt.previousPage}
              className="aria-disabled:opacity-60"
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <span aria-live="polite" className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
              {pageText}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
              aria-disabled={page >= pages}
              aria-label={adminMessages.receipt.nextPage}
              className="aria-disabled:opacity-60"
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <span />
        )}
        <a href={src} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
          <ExternalLink className="size-4" aria-hidden="true" />
          {adminMessages.receipt.openPdf}
        </a>
      </div>
    </div>
  );
}
