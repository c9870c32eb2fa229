/** A decorative preview of the dashboard for the landing hero. */
export function HeroPreview() {
  const bars = [38, 52, 46, 64, 58, 72, 69, 84, 80, 92];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-indigo-200/60 via-transparent to-emerald-200/60 blur-2xl dark:from-indigo-800/30 dark:to-emerald-800/20" />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/10 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/40">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Total Balance</p>
            <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
              $12,480.00
            </p>
          </div>
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            +$412.50 profit
          </span>
        </div>
        <div className="mt-6 flex h-28 items-end gap-1.5">
          {bars.map((height, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative series
              key={index}
              className="flex-1 rounded-t-md bg-gradient-to-t from-indigo-600 to-indigo-400 dark:from-indigo-500 dark:to-indigo-300"
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <p className="text-xs text-slate-600 dark:text-slate-400">Growth Plan</p>
            <p className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">$5,000.00 · 30 Days</p>
          </div>
          <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <p className="text-xs text-slate-600 dark:text-slate-400">Referral Bonus</p>
            <p className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">$150.00</p>
          </div>
        </div>
      </div>
    </div>
  );
}
