// How busy the machine's CPUs were while a step ran: /proc/stat read once a second. A step near 100 % was
// bound by the CPU (it shares the cores with the steps beside it), so only less work makes it faster; a step
// well under it waits (on a server, a timer, the network) and can overlap more. Linux only; elsewhere nothing.
import fs from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';

function readTotals() {
  try {
    const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
    const fields = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
    return { busy: fields.reduce((a, b) => a + b, 0) - idle, all: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Starts sampling; `busyBetween(from, to)` answers the share of CPU time busy between two Date.now() values. */
export function sampleCpu() {
  const samples = [];
  const take = () => {
    const totals = readTotals();
    if (totals) samples.push({ at: Date.now(), ...totals });
  };
  take();
  const timer = setInterval(take, 1000);
  timer.unref();
  return {
    busyBetween(from, to) {
      take();
      const inside = samples.filter((s) => s.at >= from - 1000 && s.at <= to + 1000);
      if (inside.length < 2) return null;
      const first = inside[0];
      const last = inside[inside.length - 1];
      return last.all > first.all ? (last.busy - first.busy) / (last.all - first.all) : null;
    },
    stop: () => clearInterval(timer),
  };
}
