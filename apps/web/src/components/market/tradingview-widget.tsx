import { LineChart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';
import { Skeleton } from '../ui/skeleton';

type Status = 'waiting' | 'loading' | 'ready' | 'failed';

/** How long the provider gets to draw its widget before the quiet placeholder takes over. */
const LOAD_TIMEOUT_MS = 10_000;
const SCRIPT_BASE = 'https://s3.tradingview.com/external-embedding/embed-widget-';

export interface TradingViewWidgetProps {
  /** The embed name, e.g. 'ticker-tape' for embed-widget-ticker-tape.js. */
  widget: string;
  /** The widget's settings; must be a stable (module-level) object. Theme and locale are added here. */
  config: Readonly<Record<string, unknown>>;
  /** Reserved up front, so nothing below moves when the widget (or its placeholder) appears. */
  height: number;
  /** Names the region, e.g. 'Live Market'. */
  label: string;
  /** A one-line placeholder, for the ticker tape. */
  compact?: boolean;
  className?: string;
}

/** How long a provider found unreachable stays so before a widget asks again (a network that came back). */
const UNREACHABLE_FOR_MS = 60_000;
let providerCheck: Promise<boolean> | null = null;

/** Preloads `src` (fetched, not run): true once it has arrived, false if it cannot be fetched in time. */
function preloadScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = src;
    link.onload = () => resolve(true);
    link.onerror = () => resolve(false);
    document.head.append(link);
    window.setTimeout(() => resolve(false), LOAD_TIMEOUT_MS);
  });
}

/**
 * Whether the provider can be reached, asked once for all the widgets of a visit by preloading one
 * embed script (the script-src policy allows it, and a widget injected later takes it from the cache).
 * A widget below the fold is injected only when scrolled to, so without this it would show a skeleton
 * for as long as nobody scrolls, with the provider gone. A 'no' is asked again after a minute.
 */
function providerReachable(widget: string): Promise<boolean> {
  providerCheck ??= preloadScript(`${SCRIPT_BASE}${widget}.js`).then((reachable) => {
    if (!reachable) window.setTimeout(() => (providerCheck = null), UNREACHABLE_FOR_MS);
    return reachable;
  });
  return providerCheck;
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

/**
 * A TradingView embed, injected only once its box is near the viewport and the browser is idle,
 * so no page ever waits on it. When the provider cannot be reached (offline machines, blockers)
 * or is too slow, a quiet placeholder of the same size shows instead, on screen or not yet.
 */
export function TradingViewWidget({
  widget,
  config,
  height,
  label,
  compact = false,
  className,
}: TradingViewWidgetProps) {
  const { theme } = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('waiting');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let done = false;
    let cancelIdle: (() => void) | undefined;
    let timeout: number | undefined;
    let mutations: MutationObserver | undefined;
    setStatus('waiting');

    const finish = (next: 'ready' | 'failed') => {
      if (done) return;
      done = true;
      window.clearTimeout(timeout);
      mutations?.disconnect();
      if (next === 'failed') host.replaceChildren();
      setStatus(next);
    };

    const inject = () => {
      if (done) return;
      setStatus('loading');
      const target = document.createElement('div');
      target.className = 'tradingview-widget-container__widget';
      target.style.height = '100%';
      const script = document.createElement('script');
      script.type = 'text/javascript';
      script.async = true;
      script.src = `${SCRIPT_BASE}${widget}.js`;
      // The embed script reads its settings from its own text.
      script.textContent = JSON.stringify({ ...config, colorTheme: theme, isTransparent: true, locale: 'en' });
      script.onerror = () => finish('failed');
      // The script draws an iframe; the widget is there once that frame has loaded.
      mutations = new MutationObserver(() => {
        const frame = host.querySelector('iframe');
        if (!frame) return;
        mutations?.disconnect();
        frame.addEventListener('load', () => finish('ready'), { once: true });
      });
      mutations.observe(host, { childList: true, subtree: true });
      timeout = window.setTimeout(() => finish('failed'), LOAD_TIMEOUT_MS);
      host.append(target, script);
    };

    // Asked at once, visible or not: an unreachable provider is said everywhere without scrolling.
    const cancelCheck = whenIdle(() => {
      void providerReachable(widget).then((reachable) => {
        if (!reachable) finish('failed');
      });
    });
    const visible = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        visible.disconnect();
        cancelIdle = whenIdle(inject);
      },
      { rootMargin: '200px' },
    );
    visible.observe(host);

    return () => {
      done = true;
      cancelCheck();
      visible.disconnect();
      cancelIdle?.();
      window.clearTimeout(timeout);
      mutations?.disconnect();
      host.replaceChildren();
    };
  }, [widget, config, theme]);

  return (
    <section
      aria-label={label}
      data-market-widget={widget}
      data-status={status}
      className={cn('relative overflow-hidden', className)}
      style={{ height }}
    >
      <div
        ref={hostRef}
        aria-hidden={status === 'ready' ? undefined : true}
        className={cn('tradingview-widget-container h-full w-full', status !== 'ready' && 'invisible')}
      />
      {(status === 'waiting' || status === 'loading') && (
        <div className="absolute inset-0 flex flex-col gap-3 p-4">
          {compact ? (
            <div className="flex h-full items-center gap-6">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-4 w-28" />
              <Skeleton className="hidden h-4 w-28 sm:block" />
              <Skeleton className="hidden h-4 w-28 md:block" />
              <span className="sr-only">Loading market data</span>
            </div>
          ) : (
            <>
              <Skeleton className="h-5 w-40" />
              <Skeleton className="w-full flex-1" />
              <span className="sr-only">Loading market data</span>
            </>
          )}
        </div>
      )}
      {status === 'failed' && <Unavailable compact={compact} />}
    </section>
  );
}

function Unavailable({ compact }: { compact: boolean }) {
  if (compact) {
    return (
      <div className="absolute inset-0 flex items-center gap-2 px-4 text-sm text-slate-600 dark:text-slate-400">
        <LineChart className="size-4 shrink-0" aria-hidden="true" />
        <p className="truncate">Market data unavailable right now</p>
      </div>
    );
  }
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <LineChart className="size-6" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium text-slate-900 dark:text-white">Market data unavailable right now</p>
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">
        Live prices will appear here as soon as the market feed can be reached.
      </p>
    </div>
  );
}
