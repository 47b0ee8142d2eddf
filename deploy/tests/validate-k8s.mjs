// Validates Kubernetes objects against their schemas (kubernetes-models and its CRD
// packages; ES modules only, hence a process of its own). Reads a multi-document YAML on
// stdin, prints one JSON array: { kind, name, error? } per object. An object of a kind no
// package here describes is an error: every object must be checked.
import { parseAllDocuments } from 'yaml';

const CRDS = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'keda.sh': '@kubernetes-models/keda',
};

function modulePath(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (group === '') return `kubernetes-models/${version}/${kind}`;
  return `${CRDS[group] ?? 'kubernetes-models'}/${group}/${version}/${kind}`;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
for (const doc of parseAllDocuments(input)) {
  const object = doc.toJS();
  if (!object) continue;
  const { apiVersion, kind, metadata } = object;
  const result = { kind, name: metadata?.name };
  try {
    const Model = (await import(modulePath(apiVersion, kind)))[kind];
    new Model(object).validate();
  } catch (error) {
    result.error = String(error?.message ?? error).slice(0, 2000);
  }
  results.push(result);
}
process.stdout.write(JSON.stringify(results));
