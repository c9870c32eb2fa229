import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { TradingViewWidget } from './tradingview-widget';

/** Default symbols of the ticker tape (spec section 1). */
const tickerTape = {
  symbols: [
    { proName: 'FOREXCOM:SPXUSD', title: 'S&P 500' },
    { proName: 'FOREXCOM:NSXUSD', title: 'Nasdaq 100' },
    { proName: 'FX_IDC:EURUSD', title: 'EUR/USD' },
    { proName: 'BITSTAMP:BTCUSD', title: 'BTC/USD' },
    { proName: 'BITSTAMP:ETHUSD', title: 'ETH/USD' },
  ],
  showSymbolLogo: true,
  displayMode: 'adaptive',
} as const;

const LIVE_MARKET_HEIGHT = 400;
const liveMarket = {
  width: '100%',
  height: LIVE_MARKET_HEIGHT,
  defaultColumn: 'overview',
  screener_type: 'crypto_mkt',
  displayCurrency: 'USD',
} as const;

const HEATMAP_HEIGHT = 420;
const heatmap = {
  blockColor: 'change',
  hasTopBar: false,
  isDataSetEnabled: false,
  isZoomEnabled: true,
  hasSymbolTooltip: true,
  width: '100%',
  height: HEATMAP_HEIGHT,
} as const;
const stockHeatmap = {
  ...heatmap,
  exchanges: [],
  dataSource: 'SPX500',
  grouping: 'sector',
  blockSize: 'market_cap_basic',
} as const;
const cryptoHeatmap = { ...heatmap, dataSource: 'Crypto', blockSize: 'market_cap_calc' } as const;

const NEWS_HEIGHT = 420;
const timelineNews = { feedMode: 'all_symbols', displayMode: 'regular', width: '100%', height: NEWS_HEIGHT } as const;

export function TickerTape() {
  return (
    <TradingViewWidget
      widget="ticker-tape"
      config={tickerTape}
      height={46}
      label="Ticker tape"
      compact
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    />
  );
}

function WidgetCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}

/** Live Market: the crypto market in USD, 400 px high (spec section 2). */
export function LiveMarketCard() {
  return (
    <WidgetCard title="Live Market" description="Prices and daily moves of the largest markets, in USD.">
      <TradingViewWidget widget="screener" config={liveMarket} height={LIVE_MARKET_HEIGHT} label="Live Market chart" />
    </WidgetCard>
  );
}

export function StockHeatmapCard() {
  return (
    <WidgetCard title="Stock heatmap" description="The S&P 500 by sector, sized by market value.">
      <TradingViewWidget widget="stock-heatmap" config={stockHeatmap} height={HEATMAP_HEIGHT} label="Stock heatmap" />
    </WidgetCard>
  );
}

export function CryptoHeatmapCard() {
  return (
    <WidgetCard title="Crypto heatmap" description="The largest coins, sized by market value.">
      <TradingViewWidget
        widget="crypto-coins-heatmap"
        config={cryptoHeatmap}
        height={HEATMAP_HEIGHT}
        label="Crypto heatmap"
      />
    </WidgetCard>
  );
}

export function TimelineNewsCard() {
  return (
    <WidgetCard title="Market news" description="The latest headlines across stocks, crypto and forex.">
      <TradingViewWidget widget="timeline" config={timelineNews} height={NEWS_HEIGHT} label="Market news" />
    </WidgetCard>
  );
}
