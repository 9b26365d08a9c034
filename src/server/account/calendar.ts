/** `months` calendar months after `ms` (UTC), clamped to the month's last day so the period never runs long. */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}
