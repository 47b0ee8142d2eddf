import { Controller, Get, Inject, type Type } from '@nestjs/common';
import { openApiDocument } from './openapi';

/** The controllers whose routes the document describes (every controller of the gateway). */
export const API_CONTROLLERS = Symbol('the gateway\'s controllers');

/** `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document, generated from the controllers at start. */
@Controller('api/v1')
export class OpenApiController {
  private readonly document: Record<string, unknown>;

  constructor(@Inject(API_CONTROLLERS) controllers: Type<unknown>[]) {
    this.document = openApiDocument(controllers, { title: 'Chronicle gateway', version: 'v1' });
  }

  @Get('openapi.json')
  openapi(): Record<string, unknown> {
    return this.document;
  }
}
