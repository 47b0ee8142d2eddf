import { IsIn } from 'class-validator';
import { loadConfig, ServiceConfig } from './config';
import { TrustKeyUnless } from './trust-key';

class GatedConfig extends ServiceConfig {
  @TrustKeyUnless('OPEN_DOOR', "the gateway's public key") GATE_KEY = '';
  @IsIn(['true', 'false']) OPEN_DOOR = 'false';
}

describe('a trust key required unless waived', () => {
  const key = 'ab'.repeat(32);

  it('takes the key, or its explicit waiver', () => {
    expect(loadConfig(GatedConfig, { GATE_KEY: key }).GATE_KEY).toBe(key);
    expect(loadConfig(GatedConfig, { OPEN_DOOR: 'true' })).toMatchObject({ GATE_KEY: '', OPEN_DOOR: 'true' });
  });

  it('refuses a deployment that forgot it, says how to fix it, and refuses a contradiction or a bad key', () => {
    expect(() => loadConfig(GatedConfig, {})).toThrow(/GATE_KEY=.*must be the gateway's public key, 64 lowercase hex digits \(or set OPEN_DOOR=true/);
    expect(() => loadConfig(GatedConfig, { GATE_KEY: key, OPEN_DOOR: 'true' })).toThrow(/OPEN_DOOR=true says to go without it: choose one/);
    expect(() => loadConfig(GatedConfig, { GATE_KEY: key.toUpperCase() })).toThrow(/GATE_KEY/);
    expect(() => loadConfig(GatedConfig, { OPEN_DOOR: 'yes' })).toThrow(/OPEN_DOOR/);
  });
});
