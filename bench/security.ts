// What the security checks cost per message, in this process: the door check of a request
// (parseWireJson: UTF-8, NUL, surrogates, reserved keys, depth) beside JSON.parse alone, and
// the Ed25519 signature the log service adds to each event and a subscriber checks, and the
// seat token an executor checks on each player intent.
import {
  ed25519PrivateKey, ed25519PublicKey, issueSeatToken, parseWireJson, publicKeyHex, SeatGate, signEvent, verifyEvent,
} from '@chronicle/contracts';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { median, timed } from './machine';

const RUNS = 5;
const N = 20_000;

function perSecond(fn: () => void, n: number): number {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) rates.push(n / (timed(() => { for (let i = 0; i < n; i++) fn(); }).ms / 1000));
  return median(rates);
}

async function perSecondAsync(fn: () => Promise<unknown>, n: number): Promise<number> {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) await fn();
    rates.push(n / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

export async function main(): Promise<void> {
  // A typical append (a 1 KiB payload of nested objects) and a 60 KiB one near the payload limit.
  const small = Buffer.from(JSON.stringify({
    v: 1, tableId: 'bench', seat: 'ann', expectedRevision: 12, idempotencyKey: 'k-12', random: false,
    payload: { type: 'reserve', slots: [1, 2, 3], command: { key: '징병', args: { crew: 1100, amount: 3000, note: 'x'.repeat(800) } } },
  }));
  const large = Buffer.from(JSON.stringify({ v: 1, tableId: 'bench', payload: Array.from({ length: 1_500 }, (_, i) => ({ id: i, name: `general-${i}` })) }));
  for (const [label, bytes] of [['1 KiB', small], ['60 KiB', large]] as const) {
    const plain = perSecond(() => JSON.parse(bytes.toString('utf8')), label === '1 KiB' ? N : N / 20);
    const checked = perSecond(() => parseWireJson(bytes), label === '1 KiB' ? N : N / 20);
    console.log(`RESULT security door_check_${label.replace(' ', '')}_per_s=${checked.toFixed(0)} json_parse_alone_per_s=${plain.toFixed(0)} `
      + `cost_ratio=${(plain / checked).toFixed(2)} request_bytes=${bytes.length} runs=${RUNS} loadavg_1m=${os.loadavg()[0]!.toFixed(1)}`);
  }
  const key = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const publicKey = ed25519PublicKey(publicKeyHex(key));
  const event = small.toString('utf8');
  const signature = signEvent(key, 'chronicle.moves.bench', 'bench:12', event);
  const signs = perSecond(() => signEvent(key, 'chronicle.moves.bench', 'bench:12', event), N / 4);
  const verifies = perSecond(() => verifyEvent(publicKey, 'chronicle.moves.bench', 'bench:12', event, signature), N / 4);
  console.log(`RESULT security ed25519_sign_per_s=${signs.toFixed(0)} ed25519_verify_per_s=${verifies.toFixed(0)} event_bytes=${small.length} `
    + `runs=${RUNS} loadavg_1m=${os.loadavg()[0]!.toFixed(1)}`);
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const gate = new SeatGate(ed25519PublicKey(publicKeyHex(gatewayKey)));
  const intent = { tableId: 'bench-c3', seat: 'player-1', seatToken: issueSeatToken(gatewayKey, { world: 'bench', seat: 'player-1', expiresAt: new Date('2100-01-01T00:00:00.000Z') }) };
  const now = new Date();
  // The world as the executor has it for a table it has seen (a cached look-up).
  const worlds = new Map([['bench-c3', 'bench']]);
  const worldOf = (tableId: string) => Promise.resolve(worlds.get(tableId)!);
  const seats = await perSecondAsync(() => gate.seatFor(intent, now, worldOf), N / 4);
  console.log(`RESULT security seat_token_checks_per_s=${seats.toFixed(0)} token_bytes=${intent.seatToken.length} runs=${RUNS} loadavg_1m=${os.loadavg()[0]!.toFixed(1)}`);
}
