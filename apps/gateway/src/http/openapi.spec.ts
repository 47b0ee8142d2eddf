import 'reflect-metadata';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GATEWAY_CONTROLLERS } from '../controllers';
import { openApiDocument } from './openapi';

type Operation = { requestBody?: { content: Record<string, { schema: { $ref: string } }> }; security?: unknown[]; parameters?: Array<{ name: string; in: string }>; responses: Record<string, { content: Record<string, unknown> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }> } };

/**
 * The OpenAPI document, as `GET /api/v1/openapi.json` serves it: valid by the OpenAPI 3.1
 * schema (a real validator, run as the ES module it is), and naming every route Nest
 * registers from the gateway's controllers with what it reads.
 */
describe('the OpenAPI document', () => {
  const document = openApiDocument(GATEWAY_CONTROLLERS, { title: 'Chronicle gateway', version: 'v1' }) as unknown as Document;

  it('is a valid OpenAPI 3.1 document', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const script = `import { Validator } from '@seriousme/openapi-schema-validator';
        const result = await new Validator().validate(${JSON.stringify(file)});
        process.stdout.write(JSON.stringify(result));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../../../..'), encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ valid: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every route of every controller, with its method', () => {
    const scanner = new MetadataScanner();
    const registered: string[] = [];
    for (const controller of GATEWAY_CONTROLLERS) {
      const base = String(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const fn = (controller.prototype as Record<string, object>)[name]!;
        const method = Reflect.getMetadata(METHOD_METADATA, fn) as number | undefined;
        if (method === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, fn));
        registered.push(`${['GET', 'POST', 'PUT', 'DELETE', 'PATCH'][method]} /${base}${sub === '/' ? '' : `/${sub}`}`.replace(/:(\w+)/g, '{$1}'));
      }
    }
    const documented = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(registered.length).toBeGreaterThanOrEqual(45);
    expect(documented.sort()).toEqual(registered.sort());
    expect(documented).toContain('GET /api/v1/openapi.json');
  });

  it('describes each body by its DTO\'s rules, the path parameters, and which routes need a session', () => {
    const push = document.paths['/api/v1/worlds/{world}/commands/push']!.post!;
    expect(push.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PushDto' });
    expect(document.components.schemas.PushDto!.properties.amount).toMatchObject({ minimum: -12, maximum: 12 });
    expect(push.parameters).toEqual(expect.arrayContaining([{ name: 'world', in: 'path', required: true, schema: { type: 'string' } }, expect.objectContaining({ name: 'idempotency-key', in: 'header' })]));
    expect(push.security).toBeDefined();
    // A nested DTO is described through its own schema.
    expect(JSON.stringify(document.components.schemas.ReserveBulkDto)).toContain('#/components/schemas/ReserveDto');
    expect(document.components.schemas.ReserveDto!.required).toEqual(expect.arrayContaining(['command', 'slots']));
    expect(document.paths['/api/v1/auth/sign-up']!.post!.security).toBeUndefined();
    expect(document.paths['/api/v1/worlds/{world}/map']!.get!.security).toBeUndefined();
    expect(document.paths['/api/v1/worlds/{world}/log']!.get!.parameters!.map((p) => p.name)).toEqual(['world', 'scope', 'since']);
    expect(Object.keys(document.paths['/api/v1/worlds/{world}/events']!.get!.responses['2XX']!.content)).toEqual(['text/event-stream']);
    // A route that declares its answer (@Answers) is described by it, with what it names.
    expect(document.paths['/api/v1/worlds/{world}/command-table']!.get!.responses['2XX']!.content['application/json'])
      .toEqual({ schema: { $ref: '#/components/schemas/CommandTableAnswer' } });
    expect(Object.keys(document.paths['/api/v1/auth/oidc/callback']!.get!.responses)).toEqual(['303', '4XX']);
    expect(document.components.schemas.CommandChoiceAnswer!.properties.reason).toMatchObject({ type: ['string', 'null'] });
    expect(document.components.schemas.CommandTableAnswer!.required).toEqual(expect.arrayContaining(['worldId', 'tableId', 'revision', 'general', 'chief']));
  });
});
