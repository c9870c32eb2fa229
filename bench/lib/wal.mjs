// What a phase wrote to the WAL, from pg_stat_wal (the whole cluster): every COMMIT waits for its
// WAL to be flushed, so the bytes each operation writes are part of its cost, beside its CPU. Full
// page images are the first change to a page after a checkpoint, written whole.
import { query } from './cluster.mjs';

export async function walSnapshot(url) {
  const { rows } = await query(
    url,
    'SELECT wal_records::bigint AS records, wal_fpi::bigint AS fpi, wal_bytes::bigint AS bytes, wal_sync::bigint AS syncs FROM pg_stat_wal',
  );
  const [r] = rows;
  return { records: Number(r.records), fpi: Number(r.fpi), bytes: Number(r.bytes), syncs: Number(r.syncs) };
}

/** The WAL written between two snapshots, in all and per operation. */
export function walBetween(a, b, ops) {
  const d = (k) => b[k] - a[k];
  const per = (k) => (ops > 0 ? Math.round((10 * d(k)) / ops) / 10 : null);
  return {
    bytes: d('bytes'),
    records: d('records'),
    fullPageImages: d('fpi'),
    syncs: d('syncs'),
    perOp: { bytes: per('bytes'), records: per('records'), fullPageImages: per('fpi'), syncs: per('syncs') },
  };
}

export function formatWal(w) {
  return `${(w.bytes / 2 ** 20).toFixed(1)} MiB in ${w.syncs} flushes; per operation ${Math.round(w.perOp.bytes ?? 0)} bytes, ${w.perOp.records} records, ${w.perOp.fullPageImages} full page images`;
}
