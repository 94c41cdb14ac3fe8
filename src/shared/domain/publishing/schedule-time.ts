// The time a seller types for a schedule (issue 25.8: `publish ID... --at TIME`, and the editor's
// date-time field): ISO 8601 with its offset, or a local `YYYY-MM-DD HH:MM` (also with a `T`, as a
// date-time input gives it) read in the machine's time zone. Pure apart from that time zone.

export type ScheduleTime =
  | { ok: true; at: string }
  | { ok: false; problem: 'unparsable' }
  | { ok: false; problem: 'past'; at: string };

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
// Date.parse is lenient about what it reads; only a full ISO 8601 date-time with an offset is taken.
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant `text` names (milliseconds dropped), refused when unparsable or not after `now` (epoch ms). */
export function parseScheduleTime(text: string, now: number): ScheduleTime {
  const trimmed = text.trim();
  let ms: number;
  const local = LOCAL.exec(trimmed);
  if (local) {
    const [y, mo, d, h, mi] = local.slice(1).map(Number) as [number, number, number, number, number];
    const date = new Date(y, mo - 1, d, h, mi);
    // Refuses 2026-02-30 and a time that does not exist where the clock springs forward.
    if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return unparsable;
    if (date.getHours() !== h || date.getMinutes() !== mi) return unparsable;
    ms = date.getTime();
  } else if (ISO.test(trimmed)) {
    ms = Date.parse(trimmed);
    if (Number.isNaN(ms)) return unparsable;
    // The runner's claim key names the time: whole seconds keep it short and stable.
    ms = Math.floor(ms / 1000) * 1000;
  } else return unparsable;
  const at = new Date(ms).toISOString();
  if (ms <= now) return { ok: false, problem: 'past', at };
  return { ok: true, at };
}

const unparsable: ScheduleTime = { ok: false, problem: 'unparsable' };
