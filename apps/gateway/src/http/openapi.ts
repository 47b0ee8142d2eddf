import { RequestMethod, type Type } from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA, GUARDS_METADATA, METHOD_METADATA, PATH_METADATA, REDIRECT_METADATA, ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
// class-transformer keeps its @Type metadata here (types in types/storage.d.ts): nested DTOs are described through it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { ANSWER_METADATA } from './answers';
import { NoBody, validBody } from './body';
import { SessionGuard } from './session.guard';

/** One route as Nest registers it: where, how, and what it reads. */
export interface RouteDeclaration {
  controller: string;
  handler: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: `/api/v1/worlds/{world}/join`. */
  path: string;
  params: string[];
  query: string[];
  headers: string[];
  body: Type<object> | undefined;
  /** The class describing its answer ({@link ANSWER_METADATA}), where it declares one. */
  answer: Type<object> | undefined;
  /** Whether it answers by sending the browser on (`@Redirect`), not with JSON. */
  redirects: boolean;
  signedIn: boolean;
}

const METHODS: Partial<Record<RequestMethod, RouteDeclaration['method']>> = {
  [RequestMethod.GET]: 'get', [RequestMethod.POST]: 'post', [RequestMethod.PUT]: 'put', [RequestMethod.PATCH]: 'patch', [RequestMethod.DELETE]: 'delete',
};

/** Routes that answer a stream of events, not JSON. */
const EVENT_STREAMS = new Set(['LiveController.events']);

interface RouteArg {
  index: number;
  data?: unknown;
  factory?: unknown;
}

/** Every route of the controllers, read from the metadata Nest registers them by. */
export function routesOf(controllers: readonly Type<unknown>[]): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[];
    for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
      const fn = (controller.prototype as Record<string, unknown>)[handler];
      if (handler === 'constructor' || typeof fn !== 'function' || Reflect.getMetadata(METHOD_METADATA, fn) === undefined) continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      if (!method) throw new Error(`${controller.name}.${handler}: a method the OpenAPI document does not describe`);
      const sub = String(Reflect.getMetadata(PATH_METADATA, fn) ?? '');
      const path = `/${[base, sub].filter((p) => p !== '' && p !== '/').join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, RouteArg>)
        .sort(([, a], [, b]) => a.index - b.index);
      const named = (type: RouteParamtypes) => args.filter(([key]) => key.split(':')[0] === String(type)).map(([, a]) => String(a.data));
      const body = args.find(([key, a]) => key.includes(CUSTOM_ROUTE_ARGS_METADATA) && a.factory === validBody)?.[1].data as Type<object> | undefined;
      const guards = [...classGuards, ...((Reflect.getMetadata(GUARDS_METADATA, fn) ?? []) as unknown[])];
      routes.push({
        controller: controller.name, handler, method, path,
        params: named(RouteParamtypes.PARAM), query: named(RouteParamtypes.QUERY), headers: named(RouteParamtypes.HEADERS).map((h) => h.toLowerCase()),
        body, answer: Reflect.getMetadata(ANSWER_METADATA, fn) as Type<object> | undefined,
        redirects: Reflect.getMetadata(REDIRECT_METADATA, fn) !== undefined, signedIn: guards.includes(SessionGuard),
      });
    }
  }
  return routes;
}

type Schema = Record<string, unknown>;

const ERROR_SCHEMA: Schema = {
  type: 'object', required: ['error'],
  properties: {
    error: {
      type: 'object', required: ['code', 'message'],
      properties: {
        code: { type: 'string' }, message: { type: 'string', description: 'in a player\'s words: Korean (the legacy\'s words where it has them), naming the field as the web page does' },
        field: { type: 'string', description: 'the input to fix' },
        detail: { type: 'string', description: 'the reason as the rules or the validation stated it, when `message` words it for a player' },
        reasons: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' }, detail: { type: 'string' } } } },
      },
    },
  },
};

/** The schemas `root` names, with those they name in turn. */
function referenced(all: Record<string, Schema>, roots: readonly string[]): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const visit = (name: string) => {
    if (out[name] || !all[name]) return;
    out[name] = all[name];
    for (const m of JSON.stringify(all[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) visit(m[1]!);
  };
  for (const root of roots) visit(root);
  return out;
}

/**
 * The OpenAPI 3.1 document of the gateway's API, generated from the controllers: each route's
 * path, parameters, query, headers and body schema (from its DTO's class-validator rules),
 * whether it needs a session, and its answer's schema where the route declares one (`@Answers`).
 * Nothing is written by hand but the shared error shape.
 */
export function openApiDocument(controllers: readonly Type<unknown>[], info: { title: string; version: string }): Schema {
  const routes = routesOf(controllers);
  const all = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/', classTransformerMetadataStorage: defaultMetadataStorage }) as Record<string, Schema>;
  const bodies = routes.flatMap((r) => (r.body && r.body !== NoBody ? [r.body.name] : []));
  const answers = routes.flatMap((r) => (r.answer ? [r.answer.name] : []));
  const schemas: Record<string, Schema> = { ...referenced(all, [...bodies, ...answers]), NoBody: { type: 'object', additionalProperties: false }, Error: ERROR_SCHEMA };
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) {
    const parameters = [
      ...route.params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...route.query.map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ...route.headers.map((name) => ({ name, in: 'header', required: false, schema: { type: 'string' } })),
    ];
    const json = { description: 'the answer (JSON)', content: { 'application/json': { schema: route.answer ? { $ref: `#/components/schemas/${route.answer.name}` } : { type: 'object' } } } };
    const events = { description: 'Server-Sent Events', content: { 'text/event-stream': { schema: { type: 'string' } } } };
    const ok = route.redirects
      ? { '303': { description: 'the browser is sent on (Location)' } }
      : { '2XX': EVENT_STREAMS.has(`${route.controller}.${route.handler}`) ? events : json };
    (paths[route.path] ??= {})[route.method] = {
      operationId: `${route.controller}.${route.handler}`,
      tags: [route.controller.replace(/Controller$/, '')],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: route.body !== NoBody, content: { 'application/json': { schema: { $ref: `#/components/schemas/${route.body.name}` } } } } } : {}),
      ...(route.signedIn ? { security: [{ bearer: [] }, { session: [] }] } : {}),
      responses: {
        ...ok,
        '4XX': { description: 'a refusal: the caller\'s mistake, or the game\'s rules (422)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'a session token from sign-in with session "bearer"' },
        session: { type: 'apiKey', in: 'cookie', name: 'chronicle_session', description: 'a browser session; unsafe methods send its csrfToken in X-CSRF-Token' },
      },
    },
  };
}
