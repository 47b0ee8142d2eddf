import {
  AdminSubjects, AuditEntryV1, AuditQueryV1, DeadLettersQueryV1, OperatorMoveV1, RetryDeadLetterV1, WorldActionV1, AppendManyV1, AppendMoveV1, EntryByKeyV1, EventSubjects, ExecutorSubjects, ExecutorWorkSubjects, GetIntentOutcomeV1, GetSnapshotV1, RecheckV1,
  IntentOutcomeV1, IntentV1, LogSubjects, MoveEventV1, OpenTableV1, ReadMovesV1, SnapshotSubjects, SubmitIntentV1,
  TableEventV1, TableRequestV1, TickV1, TrustedSubjects, UndoV1, WorldEventV1, ViewSubjects, GetViewV1, PublicMoveEventV1,
  TreeRequestV1, InclusionProofRequestV1, ConsistencyProofRequestV1, ScheduleSubjects, ExecuteNowV1,
} from '@chronicle/contracts';
import { manifests } from '@chronicle/testing';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { getMetadataStorage } from 'class-validator';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The AsyncAPI document is written by hand for people; these checks keep it true to the
// contracts the services validate, so that it cannot drift silently.

interface Schema {
  required?: string[];
  properties?: Record<string, unknown>;
}
const doc = manifests('deploy/asyncapi/chronicle.asyncapi.yaml')[0] as {
  asyncapi: string;
  channels: Record<string, { address: string }>;
  components: { messages: Record<string, { payload: Schema }> };
};
const addresses = Object.values(doc.channels).map((c) => c.address);

/** The properties a DTO validates, and those it does not mark optional. */
function validated(dto: new () => object): { properties: string[]; required: string[] } {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const properties = [...new Set(metadata.map((m) => m.propertyName))].sort();
  const optional = new Set(metadata.filter((m) => m.name === 'isOptional').map((m) => m.propertyName));
  return { properties, required: properties.filter((p) => !optional.has(p)) };
}

describe('the AsyncAPI document', () => {
  it('is AsyncAPI 3', () => {
    expect(doc.asyncapi).toMatch(/^3\./);
  });

  // Our own YAML reader is more lenient than the tools operators feed the document to
  // (generators, catalogues): the official parser is the judge, warnings included.
  it('is accepted by the official parser without errors or warnings', async () => {
    const text = readFileSync(path.resolve(__dirname, '../asyncapi/chronicle.asyncapi.yaml'), 'utf8');
    const { document, diagnostics } = await new Parser().parse(text);
    const problems = diagnostics
      .filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
      .map((d) => `${d.path.join('.')} (line ${d.range.start.line + 1}): ${d.message}`);
    expect(problems).toEqual([]);
    expect(document?.channels().all().map((c) => c.address()).sort()).toEqual([...addresses].sort());
  });

  it('has a channel for every request subject the services serve', () => {
    const subjects = [
      ...Object.values(LogSubjects), ...Object.values(SnapshotSubjects), ...Object.values(ViewSubjects), ...Object.values(TrustedSubjects),
      ...Object.values(ExecutorSubjects), ...Object.values(AdminSubjects), ...Object.values(ScheduleSubjects),
    ];
    for (const subject of subjects) expect(addresses).toContain(`{prefix}.${subject}`);
    for (const forward of Object.values(ExecutorWorkSubjects)) {
      expect(addresses).toContain(`{prefix}.${forward('ID').replace('ID', '{executorId}')}`);
    }
  });

  it('has a channel for every event subject', () => {
    expect(addresses).toEqual(expect.arrayContaining(['{prefix}.moves.{tableId}', '{prefix}.tables.{tableId}', '{prefix}.dead.{consumer}']));
    expect(addresses).toContain(`{prefix}.${EventSubjects.worlds('W').replace(/W$/, '{worldId}')}`);
    expect(addresses).toContain(`{prefix}.${EventSubjects.audit('W').replace(/W$/, '{worldId}')}`);
    for (const perTable of [EventSubjects.ticks, EventSubjects.intents, EventSubjects.publicMoves]) {
      expect(addresses).toContain(`{prefix}.${perTable('T').replace(/T$/, '{tableId}')}`);
    }
  });

  const dtos = [
    OpenTableV1, AppendMoveV1, AppendManyV1, UndoV1, ReadMovesV1, TableRequestV1, EntryByKeyV1, GetSnapshotV1, MoveEventV1, TableEventV1,
    TickV1, SubmitIntentV1, IntentV1, GetIntentOutcomeV1, IntentOutcomeV1, WorldEventV1, GetViewV1, PublicMoveEventV1,
    WorldActionV1, AuditEntryV1, AuditQueryV1, DeadLettersQueryV1, RetryDeadLetterV1, OperatorMoveV1, RecheckV1,
    TreeRequestV1, InclusionProofRequestV1, ConsistencyProofRequestV1, ExecuteNowV1,
  ];
  it.each(dtos.map((dto) => [dto.name, dto] as const))(
    'describes %s with the fields its DTO validates',
    (_name, dto) => {
      const schema = doc.components.messages[dto.name]?.payload;
      expect(schema).toBeDefined();
      const { properties, required } = validated(dto);
      expect(Object.keys(schema!.properties ?? {}).sort()).toEqual(properties);
      expect([...(schema!.required ?? [])].sort()).toEqual(required);
    },
  );
});
