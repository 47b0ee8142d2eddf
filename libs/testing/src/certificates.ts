import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A certificate authority (`ca.crt`) and a server certificate for 127.0.0.1 and localhost
 * signed by it (`tls.crt`, `tls.key`), written into `dir` as the Secret nats-tls holds them
 * (deploy/k8s/components/tls); made with the machine's openssl, valid two days.
 */
export function makeTestCertificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=chronicle test authority');
  openssl('req', ...ec, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=nats');
  writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tls.crt', '-days', '2', '-extfile', 'san.ext');
}
